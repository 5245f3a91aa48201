import Foundation
import Testing

/// Whether the current test (or scenario) has failed an expectation, so that its
/// snapshots record nothing: a reference recorded by a test that is already wrong would
/// make the next, correct run fail. Scoped per test by the `.snapshots` trait,
/// `withSnapshotRecording` and `assertScenario`.
public final class TestExpectations: @unchecked Sendable {
    private let lock = NSLock()
    private var failures = 0
    /// Issues recorded by the snapshot library itself do not count (a pending snapshot
    /// must not block the next snapshot of the same test).
    private var ownIssues = 0

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
    public var record: RecordMode?
    public var isRecursive: Bool { true }

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
    public static func snapshots(record: RecordMode? = nil) -> SnapshotTrait { SnapshotTrait(record: record) }
}

/// The XCTest (or any code) form of the trait: runs `body` with `record` as the record
/// mode of every snapshot in it.
public func withSnapshotRecording<T>(_ record: RecordMode, _ body: () throws -> T) rethrows -> T {
    try RecordMode.$scoped.withValue(record) { try body() }
}
