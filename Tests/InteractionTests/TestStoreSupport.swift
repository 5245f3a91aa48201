import SimCore
import Testing
@testable import Interaction

// InteractionTests sees only Interaction (and SimCore), not EmojiSimTesting, so it
// keeps its own Swift Testing reporter for SimCore's TestStore: the same shape as
// EmojiSimTesting's `recordTestStoreIssue`, without the field-by-field diff.

func recordTestStoreIssue<State, Action, Event, Failure: Error>(_ failure: TestStoreFailure<State, Action, Event, Failure>,
                                                                  at location: TestStoreLocation) {
    Issue.record(Comment(rawValue: failure.message),
                 sourceLocation: SourceLocation(fileID: location.fileID, filePath: location.filePath,
                                                line: location.line, column: location.column))
}

typealias ScrollStore = TestStore<ScrollModel>

/// A store over a scroll model, failures reported as issues. Events and fed-back
/// actions are exhaustive; the state only as far as asserted (`.events`): its motion
/// curves are private machinery, seen through `contentOffset` at later ticks and
/// through the derived `state` and `targetContentOffset`, which the tests `#expect`.
func scrollStore(_ model: ScrollModel.State) -> ScrollStore {
    let store = ScrollStore(ScrollModel(), state: model, report: recordTestStoreIssue)
    store.exhaustivity = .events
    return store
}

extension SimInstant {
    /// Frame `n` of a `hz` display link.
    static func frame(_ n: Int, at hz: Int = 120) -> SimInstant { .zero + .frames(n, at: hz) }
}
