import SimCore
import Testing
import Raster
@testable import Interaction
import Tester

/// A tappable light that glows for `glowFrames` frames after each tap and refuses taps
/// while locked: a reducer with frames, a failure and a finger of its own, to drive the
/// `Host: Testable` seam where the gesture arena (no frames, no failure) cannot.
struct GlowButton: TestableReducer {
    struct State: Equatable {
        var glow = 0
        var locked = false
        var fingerDown = false
        var taps = 0
    }
    enum Action: Equatable { case touch(TouchEvent), frame, lock }
    enum Event: Equatable { case tapped(Int), dimmed }
    struct Refused: Error, CustomStringConvertible {
        var description: String { "the button is locked" }
    }
    typealias Failure = Refused

    let glowFrames: Int

    func reduce(into state: inout State, _ action: Action, at now: SimInstant) throws(Refused) -> [Event] {
        switch action {
        case .lock:
            state.locked = true
            return []
        case .frame:
            guard state.glow > 0 else { return [] }
            state.glow -= 1
            return state.glow == 0 ? [.dimmed] : []
        case let .touch(t):
            if state.locked { throw Refused() }
            switch t.phase {
            case .began: state.fingerDown = true; return []
            case .moved, .stationary: return []
            case .cancelled: state.fingerDown = false; return []
            case .ended:
                state.fingerDown = false
                state.taps += 1
                state.glow = glowFrames
                return [.tapped(state.taps)]
            }
        }
    }
    func nextDeadline(_ state: State) -> SimInstant? { nil }
    func needsFrames(_ state: State, at now: SimInstant) -> Bool { state.glow > 0 }
    func motion(_ state: State, at now: SimInstant) -> [String] { state.glow > 0 ? ["the button glows"] : [] }
    func trace(_ event: Event, at now: SimInstant) -> TraceEvent? {
        switch event {
        case let .tapped(n): return TraceEvent(time: now, source: "button", name: "tapped", fields: [.init("count", String(n))])
        case .dimmed: return TraceEvent(time: now, source: "button", name: "dimmed")
        }
    }
    static var frameAction: Action? { .frame }
    static var deadlineAction: Action? { nil }

    func touchAction(_ touch: TouchEvent) -> Action { .touch(touch) }
    func bounds(_ state: State) -> Rect { Rect(x: 0, y: 0, width: 100, height: 40) }
    func displayList(_ state: State, at now: SimInstant) -> DisplayList { DisplayList(size: Size(width: 100, height: 40)) }
    func hasFingerDown(_ state: State) -> Bool { state.fingerDown }
}

/// `Host<R>` as the Tester's subject (`TestableReducer`, Sources/Tester/Testable.swift).
@Suite struct HostTestableTests {
    @Test func aTapThroughTheTesterIsTheTapAHandWrittenHostSees() throws {
        // The same touches reduced by hand (each at its timestamp, every event traced)
        // and through Tester(Host(ArenaView)): the same trace, line for line.
        var state = GestureArena.State()
        state.add(TapRecognizer())
        state.add(LongPressRecognizer(minimumPressDuration: .milliseconds(500)))
        let trace = Trace()
        var byHand = state
        let arena = GestureArena(source: "view")
        let touches = TouchSynthesizer(hz: TesterDefaults.touchRate, touchID: 2).tap(at: Point(x: 20, y: 30), start: .zero, hold: .milliseconds(80))
        for t in touches {
            for e in arena.reduce(into: &byHand, .touch(t), at: t.timestamp) { trace.record(arena.trace(e, at: t.timestamp)!) }
        }

        let host = Host(ArenaView(), state: state)
        let tester = Tester(host, timing: .manual)
        try tester.tap(at: Point(x: 20, y: 30), hold: .milliseconds(80))
        #expect(!host.trace.lines.isEmpty)
        #expect(host.trace.lines == trace.lines)
        #expect(host.state.state(of: "tap") == .ended)
        #expect(host.frameLink == nil)
        #expect(host.invariantViolations().isEmpty)
    }

    @Test func theHostsTimerFiresTheLongPressAtItsInstantWhileTheTesterPumps() throws {
        var state = GestureArena.State()
        state.add(LongPressRecognizer(minimumPressDuration: .milliseconds(300)))
        let host = Host(ArenaView(), state: state)
        let tester = Tester(host, timing: .manual)
        try tester.press(at: Point(x: 5, y: 5))
        #expect(host.pendingDeadline == .zero + .milliseconds(300))
        #expect(host.motion == ["a recognizer's timer is pending"])
        tester.pump(.milliseconds(450))
        #expect(host.trace.lines == ["0.300s view longPress.began location=(5, 5)"])
        #expect(host.motion.isEmpty)
        try tester.release()
        #expect(host.state.state(of: "longPress") == .ended)
    }

    @Test func framesRunOnlyWhileNeededAndIdleTimeIsSkipped() throws {
        let host = Host(GlowButton(glowFrames: 3), state: GlowButton.State())
        let tester = Tester(host)
        #expect(host.frameLink === host.displayLink)
        #expect(!host.displayLink.isRunning)
        try tester.tap(at: Point(x: 50, y: 20))
        #expect(host.state.glow == 3 && host.displayLink.isRunning)
        #expect(host.motion == ["the button glows"])
        let settled = try tester.pumpUntilIdle()
        #expect(settled.frames == 3)
        #expect(host.state.glow == 0 && !host.displayLink.isRunning)
        #expect(host.trace.lines.count == 2)
        #expect(host.trace.lines.first?.hasSuffix("button tapped count=1") == true)
        #expect(host.trace.lines.last?.hasSuffix("button dimmed") == true)
        // Idle time sends no frame: nothing is needed, the link stays stopped.
        let before = host.state
        let idle = tester.pump(.seconds(60))
        #expect(idle.stillMoving.isEmpty && !host.displayLink.isRunning)
        #expect(host.state == before && host.trace.lines.count == 2)
    }

    @Test func aFingerTheModelTracksIsAFingerDownForTheTester() throws {
        let host = Host(GlowButton(glowFrames: 1), state: GlowButton.State())
        let tester = Tester(host, timing: .manual)
        tester.deliver([TouchEvent(id: 7, phase: .began, location: Point(x: 1, y: 1), timestamp: .zero)])
        #expect(host.hasFingerDown)
        tester.deliver([TouchEvent(id: 7, phase: .ended, location: Point(x: 1, y: 1), timestamp: .zero + .milliseconds(50))])
        #expect(!host.hasFingerDown && host.state.taps == 1)
    }

    @Test func refusedTouchesAreInvariantViolationsAndChangeNothing() throws {
        let host = Host(GlowButton(glowFrames: 2), state: GlowButton.State())
        let tester = Tester(host, timing: .manual)
        try host.send(.lock)
        try tester.tap(at: Point(x: 10, y: 10))
        #expect(host.state == GlowButton.State(glow: 0, locked: true, fingerDown: false, taps: 0))
        #expect(host.invariantViolations() == ["refused: the button is locked", "refused: the button is locked"])
        #expect(host.trace.lines.isEmpty)
    }

    @Test func aTouchOutsideTheReducersBoundsIsTheTestersError() {
        let host = Host(GlowButton(glowFrames: 2), state: GlowButton.State())
        let tester = Tester(host)
        #expect(throws: TesterError.outside(Point(x: 100, y: 10), bounds: Rect(x: 0, y: 0, width: 100, height: 40))) {
            try tester.tap(at: Point(x: 100, y: 10))
        }
        #expect(host.state.taps == 0)
    }

    @Test func findersResolveOverTheReducersDisplayList() {
        let host = Host(GlowButton(glowFrames: 2), state: GlowButton.State())
        #expect(host.resolve(.label("Send")).found == nil)   // nothing is drawn
    }
}
