import Foundation
import EmojiSimTestingCore
import Testing

/// `@Test(.snapshots(record: .failed))`, or on a suite: the record mode of every
/// snapshot in the test (overridden by an assertion's own `record:` and by CI), and
/// the guard that a test whose `#expect`s failed records nothing.
public struct SnapshotTrait: TestTrait, SuiteTrait, TestScoping {
    /// The record mode of the scope; `nil` keeps the enclosing scope's (a suite's trait)
    /// or the usual resolution.
    public var record: RecordMode?
    /// The folder in place of `Snapshots/` for the scope's snapshots (references in
    /// `<directory>/<TestFile>/`, a relative path taken from the test file's folder);
    /// `nil` keeps the enclosing scope's or the usual place.
    public var directory: String?
    /// Always `true`: on a suite, the trait applies to every test in it.
    public var isRecursive: Bool { true }

    /// Runs one test case with the trait's record mode and a fresh failure tracker
    /// (Swift Testing calls this; a suite itself runs unscoped).
    ///
    /// - Parameters:
    ///   - test: The test or suite.
    ///   - testCase: The test case, or `nil` for a suite.
    ///   - function: The test body.
    /// - Throws: What `function` throws.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil || !test.isSuite else { return try await function() }
        let expectations = TestExpectations()
        let watch: IssueHandlingTrait = .compactMapIssues { issue in
            if issue.isFailure { expectations.noteIssue() }
            return issue
        }
        try await RecordMode.$scoped.withValue(record ?? RecordMode.scoped) {
            try await SnapshotFiles.$scopedDirectory.withValue(directory ?? SnapshotFiles.scopedDirectory) {
                try await TestExpectations.$current.withValue(expectations) {
                    try await watch.provideScope(for: test, testCase: testCase, performing: function)
                }
            }
        }
    }
}

extension Trait where Self == SnapshotTrait {
    /// Snapshots of this test record as `record` says (nil: the usual resolution), and
    /// live in `directory` when one is given.
    ///
    /// - Parameters:
    ///   - record: The record mode, or `nil`.
    ///   - directory: The folder in place of `Snapshots/` (references in
    ///     `<directory>/<TestFile>/`; relative to the test file's folder), or `nil`.
    /// - Returns: The trait, for `@Test(...)` or `@Suite(...)`.
    public static func snapshots(record: RecordMode? = nil, directory: String? = nil) -> SnapshotTrait {
        SnapshotTrait(record: record, directory: directory)
    }
}

/// The XCTest (or any code) form of the trait: runs `operation` with `record` as the
/// record mode of every snapshot in it (swift-snapshot-testing's
/// `withSnapshotTesting(record:operation:)`, without its diff tool).
///
/// - Parameters:
///   - record: The record mode (an assertion's own `record:` and CI still win).
///   - operation: The code whose snapshots use it.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withSnapshotTesting<T>(record: RecordMode, operation: () throws -> T) rethrows -> T {
    try RecordMode.$scoped.withValue(record) { try operation() }
}

/// The XCTest (or any code) form of `.snapshots(directory:)`: runs `operation` with
/// `directory` in place of `Snapshots/` for every snapshot in it (an assertion's own
/// `snapshotDirectory:` still wins).
///
/// - Parameters:
///   - directory: The folder (references in `<directory>/<TestFile>/`; relative to the
///     test file's folder).
///   - operation: The code whose snapshots use it.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withSnapshotDirectory<T>(_ directory: String, operation: () throws -> T) rethrows -> T {
    try SnapshotFiles.$scopedDirectory.withValue(directory) { try operation() }
}
