import SimCore
import Testing
@testable import Interaction

// InteractionTests sees only Interaction (and SimCore), not EmojiSimTesting, so it
// keeps its own Swift Testing reporter for SimCore's TestStore: the same shape as
// EmojiSimTesting's `recordTestStoreIssue`, without the field-by-field diff.

func recordTestStoreIssue<Observed, Event, Failure: Error>(_ failure: TestStoreFailure<Observed, Event, Failure>,
                                                           at location: TestStoreLocation) {
    Issue.record(Comment(rawValue: failure.message),
                 sourceLocation: SourceLocation(fileID: location.fileID, filePath: location.filePath,
                                                line: location.line, column: location.column))
}

typealias ScrollStore = TestStore<ScrollModel, ScrollModel.Action, ScrollModel.Observation, ScrollEvent, Never>

/// A store over a scroll model, failures reported as issues.
func scrollStore(_ model: ScrollModel) -> ScrollStore {
    ScrollStore(model, observe: ScrollModel.Observation.init, reduce: { $0.send($1) }, report: recordTestStoreIssue)
}

extension SimInstant {
    /// Frame `n` of a `hz` display link.
    static func frame(_ n: Int, at hz: Int = 120) -> SimInstant { .zero + .frames(n, at: hz) }
}
