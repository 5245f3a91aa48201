import Testing
import SimCore

/// The one runtime: events traced in order, wiring fed back depth first, the timer at
/// the next deadline, frames only while needed, refusals kept.
@Suite struct HostTests {
    func ms(_ n: Int) -> SimInstant { .zero + .milliseconds(n) }

    @Test func eventsAreTracedAndWiringIsFedBack() throws {
        let host = Host(Counter(), state: Counter.State())
        try host.send(.add(2))
        let events = try host.send(.double)
        #expect(events == [.doubled(2)])           // the action's own events
        #expect(host.state.count == 4)             // the fed-back .add(2) ran
        #expect(host.trace.lines == ["0.000s counter changed count=2", "0.000s counter changed count=4"])
    }

    @Test func wiringRunsAtItsEventsPosition() throws {
        let host = Host(Counter(), state: Counter.State())
        try host.send(.add(1))
        let events = try host.send(.doubleAndRing)
        #expect(events == [.doubled(1), .rang])
        // The fed-back .add(1) is traced between the two events, not after both.
        #expect(host.trace.lines == ["0.000s counter changed count=1", "0.000s counter changed count=2",
                                     "0.000s counter rang"])
    }

    @Test func aRefusalThrowsAndChangesNothing() {
        let host = Host(Counter(), state: Counter.State(count: 1))
        #expect(throws: Counter.Boom.self) { try host.send(.boom) }
        #expect(host.state.count == 1 && host.trace.lines.isEmpty)
        host.sendKeepingRefusals(.boom)
        #expect(host.refusals == [Counter.Boom()])
    }

    @Test func theTimerSitsAtTheNextDeadline() throws {
        let clock = VirtualClock()
        let host = Host(Counter(), state: Counter.State(), clock: clock)
        try host.send(.setAlarm(ms(300)))
        #expect(host.pendingDeadline == ms(300) && clock.pendingTimerCount == 1)
        clock.advance(to: ms(299))
        #expect(host.trace.lines.isEmpty)
        clock.advance(to: ms(1000))
        #expect(host.trace.lines == ["0.300s counter rang"])
        #expect(host.pendingDeadline == nil && clock.pendingTimerCount == 0)
    }

    @Test func framesRunOnlyWhileNeeded() throws {
        let clock = VirtualClock()
        let host = Host(Counter(), state: Counter.State(), clock: clock)
        #expect(!host.displayLink.isRunning)
        clock.advance(to: ms(5))
        try host.send(.animate(3))
        #expect(host.displayLink.isRunning && host.motion == ["counting"])
        clock.advance(to: ms(1000))
        // Three frames on the 60 Hz grid after 5 ms, then the link stopped itself.
        #expect(host.trace.lines == ["0.017s counter frame", "0.033s counter frame", "0.050s counter frame"])
        #expect(!host.displayLink.isRunning && host.displayLink.frameCount == 3 && clock.pendingTimerCount == 0)
    }

    @Test func eachFrameIsPerformedAfterItsActionWithTheStateAfterIt() {
        let clock = VirtualClock()
        let reducer = FramePlayer()
        let host = Host(reducer, state: FramePlayer.State(), clock: clock)
        clock.advance(to: ms(100))
        #expect(reducer.runtime.frames.isEmpty)        // no frames needed, none performed
        host.send(.play(2))
        clock.advance(to: ms(1000))
        let first = SimInstant(ticks: SimDuration.frames(7, at: 60).ticks)   // the grid's first frame after 100 ms
        #expect(reducer.runtime.frames == [FramePlayer.Runtime.Frame(at: first, ticks: 1),
                                           FramePlayer.Runtime.Frame(at: first + .frames(1, at: 60), ticks: 2)])
        #expect(!host.displayLink.isRunning)
    }

    @Test func withStateLendsTheCurrentStateAndChangesNothing() throws {
        let clock = VirtualClock()
        let host = Host(Counter(), state: Counter.State(), clock: clock)
        try host.send(.add(3))
        try host.send(.animate(2))
        let lent = host.withState { _, s in s }
        #expect(lent == host.state && lent.count == 3)
        #expect(host.withState { r, s in r.motion(s, at: clock.now) } == ["counting"])
        let lines = host.trace.lines
        #expect(host.withState { r, s in r.needsFrames(s, at: clock.now) } == host.needsFrames)
        #expect(host.state == lent && host.trace.lines == lines)
    }

    @Test func openingEventsAreRecordedFirst() {
        let host = Host(Counter(), state: Counter.State(count: 7), events: [.changed(7), .doubled(7)])
        #expect(host.trace.lines == ["0.000s counter changed count=7", "0.000s counter changed count=14"])
        #expect(host.state.count == 14)
    }
}

/// A reducer whose frames also advance a runtime object (as the bubble list's GIF
/// players): `performFrame` records the instant and the state it was given.
struct FramePlayer: Reducer {
    final class Runtime {
        struct Frame: Equatable { var at: SimInstant; var ticks: Int }
        var frames: [Frame] = []
    }
    struct State: Equatable {
        var framesLeft = 0
        var ticks = 0
    }
    enum Action { case play(Int), frame }
    typealias Event = Never

    let runtime = Runtime()

    func reduce(into s: inout State, _ action: Action, at now: SimInstant) -> [Never] {
        switch action {
        case let .play(n): s.framesLeft = n
        case .frame:
            guard s.framesLeft > 0 else { return [] }
            s.framesLeft -= 1
            s.ticks += 1
        }
        return []
    }
    func nextDeadline(_ state: State) -> SimInstant? { nil }
    func needsFrames(_ state: State, at now: SimInstant) -> Bool { state.framesLeft > 0 }
    func motion(_ state: State, at now: SimInstant) -> [String] { [] }
    func performFrame(in state: State, at now: SimInstant) { runtime.frames.append(.init(at: now, ticks: state.ticks)) }
    static var frameAction: Action? { .frame }
    static var deadlineAction: Action? { nil }
}
