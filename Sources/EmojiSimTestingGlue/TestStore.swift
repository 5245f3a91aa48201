import SimCore
import EmojiSimTestingCore
import Testing

/// Reports a `TestStore` failure as a Swift Testing issue at the assertion's source
/// location. Pass it as the store's `report:`.
///
///     let store = TestStore(Keyboard(), state: Keyboard.State(profile: .iphone8), report: recordTestStoreIssue)
///
/// The message names each differing field of the state (expected, then actual) and
/// lists expected and received events one per line, so an unasserted change reads like
/// TCA's diff.
///
/// - Parameters:
///   - failure: What the store found wrong.
///   - location: The failing assertion's source location.
public func recordTestStoreIssue<State, Action, Event, Failure: Error>(_ failure: TestStoreFailure<State, Action, Event, Failure>,
                                                                         at location: TestStoreLocation) {
    Issue.record(RecordedFailure(TestStoreMessage.describe(failure)),
                 sourceLocation: SourceLocation(fileID: location.fileID, filePath: location.filePath,
                                                line: location.line, column: location.column))
}
