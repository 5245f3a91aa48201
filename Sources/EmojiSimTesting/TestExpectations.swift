import Foundation

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

    @TaskLocal package static var current: TestExpectations?

    /// Why snapshots of the current scope may not record, nil when they may.
    package static var blockedReason: String? {
        guard let c = current, c.failed else { return nil }
        return "the test's expectations failed (fix them first; nothing is recorded by a failing test)"
    }

    package var failed: Bool { lock.lock(); defer { lock.unlock() }; return failures > 0 }

    package func noteFailure() { lock.lock(); failures += 1; lock.unlock() }

    package func noteIssue() {
        lock.lock(); defer { lock.unlock() }
        if ownIssues > 0 { ownIssues -= 1 } else { failures += 1 }
    }

    package func willRecordOwnIssue() { lock.lock(); ownIssues += 1; lock.unlock() }
}
