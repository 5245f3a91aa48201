import Testing
import SimCore

/// A small reducer for the store's and the host's own tests: a counter with a label,
/// a refusal, wiring (`.double` feeds back `.add`), a deadline and frames.
struct Counter: Reducer {
    struct State: Equatable {
        var count = 0
        var label = ""
        /// A pending alarm, fired by `.alarm`.
        var alarm: SimInstant?
        /// Frames still wanted.
        var framesLeft = 0
        /// Memoised, never state.
        var memo = Cached<String>()
    }
    enum Action: Equatable { case add(Int), rename(String), boom, double, doubleAndRing, setAlarm(SimInstant), alarm, animate(Int), frame }
    enum Event: Equatable { case changed(Int), renamed, doubled(Int), rang, framed }
    struct Boom: Error, Equatable {}

    func reduce(into s: inout State, _ action: Action, at now: SimInstant) throws(Boom) -> [Event] {
        switch action {
        case let .add(n):
            s.count += n
            return n == 0 ? [] : [.changed(s.count)]
        case let .rename(x):
            s.label = x
            s.memo = Cached(x + x)
            return [.renamed]
        case .boom:
            // A refused action changes nothing: the check comes before any write.
            throw Boom()
        case .double:
            return [.doubled(s.count)]
        case .doubleAndRing:
            // Wiring followed by a line: a host runs the fed-back `.add` between the two.
            return [.doubled(s.count), .rang]
        case let .setAlarm(t):
            s.alarm = t
            return []
        case .alarm:
            guard let a = s.alarm, a <= now else { return [] }
            s.alarm = nil
            return [.rang]
        case let .animate(n):
            s.framesLeft = n
            return []
        case .frame:
            guard s.framesLeft > 0 else { return [] }
            s.framesLeft -= 1
            return [.framed]
        }
    }

    func feedback(_ event: Event) -> Action? {
        if case let .doubled(n) = event { return .add(n) }
        return nil
    }

    func trace(_ event: Event, at now: SimInstant) -> TraceEvent? {
        switch event {
        case let .changed(n): return TraceEvent(time: now, source: "counter", name: "changed", fields: [.init("count", String(n))])
        case .rang: return TraceEvent(time: now, source: "counter", name: "rang")
        case .framed: return TraceEvent(time: now, source: "counter", name: "frame")
        default: return nil
        }
    }

    func nextDeadline(_ state: State) -> SimInstant? { state.alarm }
    func needsFrames(_ state: State, at now: SimInstant) -> Bool { state.framesLeft > 0 }
    func motion(_ state: State, at now: SimInstant) -> [String] { state.framesLeft > 0 ? ["counting"] : [] }
    static var frameAction: Action? { .frame }
    static var deadlineAction: Action? { .alarm }
}

/// The TestStore itself: it must fail on every unasserted change and pass only on the
/// exact state, events and fed-back actions.
@Suite struct TestStoreTests {
    final class Failures {
        var seen: [TestStoreFailure<Counter.State, Counter.Action, Counter.Event, Counter.Boom>] = []
        var lines: [Int] = []
    }

    func store(_ f: Failures) -> TestStore<Counter> {
        TestStore(Counter(), state: Counter.State(), report: { failure, at in f.seen.append(failure); f.lines.append(at.line) })
    }

    @Test func exactStateAndEventsPass() {
        let f = Failures()
        let s = store(f)
        let ok1 = s.send(.add(2), [.changed(2)]) { $0.count = 2 }
        #expect(ok1)
        let quiet = s.send(.add(0))
        #expect(quiet)
        #expect(f.seen.isEmpty && s.failureCount == 0 && s.state == Counter.State(count: 2))
    }

    @Test func anUnassertedStateChangeFailsAtTheCallersLine() {
        let f = Failures()
        let s = store(f)
        let line = #line + 1
        let ok = s.send(.add(3), [.changed(3)])
        #expect(!ok)
        #expect(f.lines == [line])
        guard case let .state(expected, actual)? = f.seen.first else { Issue.record("no state failure"); return }
        #expect(expected == Counter.State() && actual == Counter.State(count: 3))
    }

    @Test func aWrongAssertionFailsToo() {
        let f = Failures()
        let s = store(f)
        let ok2 = s.send(.rename("x"), [.renamed]) { $0.label = "y" }
        #expect(!ok2)
        #expect(s.failureCount == 1)
    }

    @Test func aCacheNeverMakesStatesDiffer() {
        let f = Failures()
        let s = store(f)
        // `memo` changed too, and needs no assertion: a `Cached` is not state.
        #expect(s.send(.rename("x"), [.renamed]) { $0.label = "x" })
        #expect(s.state.memo.value == "xx" && f.seen.isEmpty)
    }

    @Test func unassertedOrMissingEventsFail() {
        let f = Failures()
        let s = store(f)
        let ok3 = s.send(.add(1)) { $0.count = 1 }                              // one event unasserted
        #expect(!ok3)
        let ok4 = s.send(.add(1), [.changed(2), .changed(2)]) { $0.count = 2 }   // one too many expected
        #expect(!ok4)
        #expect(f.seen.count == 2)
        guard case let .events(expected, received)? = f.seen.first else { Issue.record("no event failure"); return }
        #expect(expected == [] && received == [.changed(1)])
    }

    @Test func aThrowingReducerIsReportedAndChangesNothing() {
        let f = Failures()
        let s = store(f)
        let ok = s.send(.boom)
        #expect(!ok)
        guard case let .threw(e)? = f.seen.first else { Issue.record("no throw reported"); return }
        #expect(e == Counter.Boom())
        #expect(s.state.count == 0)
        // skip sends without asserting, but still reports a throw.
        let skipped = s.skip(.add(5))
        #expect(skipped == [.changed(5)] && s.state.count == 5 && f.seen.count == 1)
    }

    @Test func fedBackActionsMustBeReceived() {
        let f = Failures()
        let s = store(f)
        s.skip(.add(3))
        #expect(s.send(.double, [.doubled(3)]))
        #expect(s.pendingActions == [.add(3)])
        #expect(s.receive(.add(3), [.changed(6)]) { $0.count = 6 })
        #expect(f.seen.isEmpty && s.pendingActions.isEmpty)
    }

    @Test func theActionsEventsComeFirstThenEachReceivedAction() {
        // A host traces `.add`'s line between `.doubled` and `.rang`; the store asserts the
        // action's events whole, then the received action: the same states either way.
        let f = Failures()
        let s = store(f)
        s.skip(.add(1))
        #expect(s.send(.doubleAndRing, [.doubled(1), .rang]))
        #expect(s.receive(.add(1), [.changed(2)]) { $0.count = 2 })
        #expect(f.seen.isEmpty)
    }

    @Test func sendingWhileAFedBackActionWaitsFails() {
        let f = Failures()
        let s = store(f)
        s.send(.double, [.doubled(0)])
        let ok = s.send(.add(1), [.changed(1)]) { $0.count = 1 }
        #expect(!ok)
        guard case let .unreceived(actions)? = f.seen.first else { Issue.record("no unreceived failure"); return }
        #expect(actions == [.add(0)])
    }

    @Test func receivingTheWrongActionOrNothingFails() {
        let f = Failures()
        let s = store(f)
        s.skip(.add(2))
        s.send(.double, [.doubled(2)])
        let ok = s.receive(.add(3), [.changed(4)]) { $0.count = 4 }  // it was .add(2)
        #expect(!ok)
        let none = s.receive(.add(1))
        #expect(!none)
        guard f.seen.count == 2, case .receivedOther(.add(3), .add(2)) = f.seen[0],
              case .nothingReceived(.add(1)) = f.seen[1] else { Issue.record("wrong failures: \(f.seen)"); return }
    }

    @Test func aStoreDroppedWithPendingActionsReportsThem() {
        let f = Failures()
        do {
            let s = store(f)
            s.send(.double, [.doubled(0)])
        }
        guard case let .unreceived(actions)? = f.seen.first else { Issue.record("nothing reported at the end"); return }
        #expect(actions == [.add(0)])
    }

    @Test func nonExhaustiveStoresCheckOnlyWhatIsAsserted() {
        let f = Failures()
        let s = store(f)
        s.exhaustivity = .off
        #expect(s.send(.rename("x")) { $0.label = "x" })              // events not listed
        #expect(s.send(.double))                                     // feedback not received
        #expect(s.send(.add(1), [.changed(1)]))                      // the pending .add(0) ran first
        #expect(!s.send(.add(1)) { $0.count = 5 })                   // what is asserted still must hold
        #expect(f.seen.count == 1)
    }

    @Test func eventsExhaustivityChecksEventsButNotUnassertedState() {
        let f = Failures()
        let s = store(f)
        s.exhaustivity = .events
        #expect(s.send(.add(2), [.changed(2)]))                      // count changed unasserted: fine
        #expect(!s.send(.add(1)))                                    // an unasserted event is not
        #expect(f.seen.count == 1)
    }

    @Test func sendAtAnInstantIsTheReducersNow() {
        let f = Failures()
        let s = store(f)
        let t = SimInstant.zero + .seconds(3)
        s.send(.setAlarm(t)) { $0.alarm = t }
        s.send(.alarm, at: t - .milliseconds(1))
        s.send(.alarm, at: t, [.rang]) { $0.alarm = nil }
        #expect(s.now == t)
    }
}
