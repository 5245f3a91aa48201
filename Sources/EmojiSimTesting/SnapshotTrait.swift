import Foundation
import Testing

/// Whether the current test (or scenario) has failed an expectation, so that its
/// snapshots record nothing: a reference recorded by a test that is already wrong would
/// make the next, correct run fail. Scoped per test by the `.snapshots` trait, which
/// counts the test's failed issues; `assertScenario` and `ScenarioDriver.require` mark
/// the scope failed too. Outside such a scope (XCTest, `withSnapshotTesting(record:)`) nothing
/// is tracked and snapshots record as their mode says.
///
/// Thread-safe: a test's concurrent tasks may record issues at once (one lock).
public final class TestExpectations: @unchecked Sendable {
    private let lock = NSLock()
    private var failures = 0
    /// Issues recorded by the snapshot library itself do not count (a pending snapshot
    /// must not block the next snapshot of the same test).
    private var ownIssues = 0

    /// A tracker with no failures; the trait makes one per test case.
    public init() {}

    @TaskLocal static var current: TestExpectations?

    /// Why snapshots of the current scope may not record, nil when they may.
    static var blockedReason: String? {
        guard let c = current, c.failed else { return nil }
        return "the test's expectations failed (fix them first; nothing is recorded by a failing test)"
    }

    var failed: Bool { lock.lock(); defer { lock.unlock() }; return failures > 0 }

    func noteFailure() { lock.lock(); failures += 1; lock.unlock() }

    func noteIssue() {
        lock.lock(); defer { lock.unlock() }
        if ownIssues > 0 { ownIssues -= 1 } else { failures += 1 }
    }

    func willRecordOwnIssue() { lock.lock(); ownIssues += 1; lock.unlock() }
}

/// `@Test(.snapshots(record: .failed))`, or on a suite: the record mode of every
/// snapshot in the test (overridden by an assertion's own `record:` and by CI), and
/// the guard that a test whose `#expect`s failed records nothing.
public struct SnapshotTrait: TestTrait, SuiteTrait, TestScoping {
    /// The record mode of the scope; `nil` keeps the enclosing scope's (a suite's trait)
    /// or the usual resolution.
    public var record: RecordMode?
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
            try await TestExpectations.$current.withValue(expectations) {
                try await watch.provideScope(for: test, testCase: testCase, performing: function)
            }
        }
    }
}

extension Trait where Self == SnapshotTrait {
    /// Snapshots of this test record as `record` says (nil: the usual resolution).
    ///
    /// - Parameter record: The record mode, or `nil`.
    /// - Returns: The trait, for `@Test(...)` or `@Suite(...)`.
    public static func snapshots(record: RecordMode? = nil) -> SnapshotTrait { SnapshotTrait(record: record) }
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
