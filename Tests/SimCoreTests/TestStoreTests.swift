import Testing
import SimCore

/// The TestStore itself: it must fail on every unasserted change and pass only on the
/// exact state and events.
@Suite struct TestStoreTests {
    struct Counter: Equatable {
        var count = 0
        var label = ""
    }
    enum Action { case add(Int), rename(String), boom }
    enum Event: Equatable { case changed(Int), renamed }
    struct Boom: Error, Equatable {}

    final class Failures {
        var seen: [TestStoreFailure<Counter, Event, Boom>] = []
        var lines: [Int] = []
    }

    func store(_ f: Failures) -> TestStore<Counter, Action, Counter, Event, Boom> {
        TestStore(Counter(), observe: { $0 }, reduce: { (c: inout Counter, a: Action) throws(Boom) -> [Event] in
            switch a {
            case let .add(n):
                c.count += n
                return n == 0 ? [] : [.changed(c.count)]
            case let .rename(s):
                c.label = s
                return [.renamed]
            case .boom:
                throw Boom()
            }
        }, report: { failure, at in f.seen.append(failure); f.lines.append(at.line) })
    }

    @Test func exactStateAndEventsPass() {
        let f = Failures()
        var s = store(f)
        let ok1 = s.send(.add(2), [.changed(2)]) { $0.count = 2 }
        #expect(ok1)
        let quiet = s.send(.add(0))
        #expect(quiet)
        #expect(f.seen.isEmpty && s.failureCount == 0 && s.state == Counter(count: 2))
    }

    @Test func anUnassertedStateChangeFailsAtTheCallersLine() {
        let f = Failures()
        var s = store(f)
        let line = #line + 1
        let ok = s.send(.add(3), [.changed(3)])
        #expect(!ok)
        #expect(f.lines == [line])
        guard case let .state(expected, actual)? = f.seen.first else { Issue.record("no state failure"); return }
        #expect(expected == Counter() && actual == Counter(count: 3))
    }

    @Test func aWrongAssertionFailsToo() {
        let f = Failures()
        var s = store(f)
        let ok2 = s.send(.rename("x"), [.renamed]) { $0.label = "y" }
        #expect(!ok2)
        #expect(s.failureCount == 1)
    }

    @Test func unassertedOrMissingEventsFail() {
        let f = Failures()
        var s = store(f)
        let ok3 = s.send(.add(1)) { $0.count = 1 }                              // one event unasserted
        #expect(!ok3)
        let ok4 = s.send(.add(1), [.changed(2), .changed(2)]) { $0.count = 2 }   // one too many expected
        #expect(!ok4)
        #expect(f.seen.count == 2)
        guard case let .events(expected, received)? = f.seen.first else { Issue.record("no event failure"); return }
        #expect(expected == [] && received == [.changed(1)])
    }

    @Test func aThrowingReducerIsReported() {
        let f = Failures()
        var s = store(f)
        let ok = s.send(.boom)
        #expect(!ok)
        guard case let .threw(e)? = f.seen.first else { Issue.record("no throw reported"); return }
        #expect(e == Boom())
        // skip sends without asserting, but still reports a throw.
        let skipped = s.skip(.add(5))
        #expect(skipped == [.changed(5)] && s.state.count == 5 && f.seen.count == 1)
    }
}
