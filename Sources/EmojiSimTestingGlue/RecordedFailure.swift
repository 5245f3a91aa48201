/// The failure a helper of this module records as a Swift Testing issue. Recorded as an
/// error, so the title is the failure itself (`Caught error: expected input
/// "ab", found "a"`, `snapshot Snapshots/…: 3 lines differ …`); a `Comment` would
/// be titled "Issue recorded" with the text only below it (issue 24, item 5).
struct RecordedFailure: Error, CustomStringConvertible {
    /// The whole failure text, as XCTest's `XCTFail` gets it.
    let description: String
    init(_ message: String) { description = message }
}
