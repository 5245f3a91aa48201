import SimCore
import Testing
import Raster
@testable import Interaction
import Tester

/// Touches -> GestureArena -> ScrollModel -> frames, as a screen wires them: one
/// reducer composed of the arena and the scroll view, on one `Host` (one clock,
/// one trace, the arena's timer, frames while the scroll view moves) and driven by the
/// Tester. The wiring is inline, as the screen's was: a touch down first tells the
/// scroll view (`touchDown`), then each arena update is traced and applied to the scroll
/// view at once, so the trace interleaves them in that order.
struct PagingView: TestableReducer {
    struct State: Equatable {
        var arena = GestureArena.State()
        var scroll: ScrollModel.State
    }
    enum Action { case touch(TouchEvent), deadline, tick }
    enum Event: Equatable { case gesture(GestureArena.Event), scroll(ScrollEvent) }
    typealias Failure = Never

    // The children called directly, as ChatScreen calls its own.
    let arena = GestureArena(source: "panel")
    let scroll = ScrollModel()

    func reduce(into state: inout State, _ action: Action, at now: SimInstant) -> [Event] {
        var out: [Event] = []
        switch action {
        case let .touch(t):
            if t.phase == .began { out += scroll.reduce(into: &state.scroll, .touchDown, at: now).map(Event.scroll) }
            for e in arena.reduce(into: &state.arena, .touch(t), at: now) { out += wire(e, into: &state, at: now) }
        case .deadline:
            for e in arena.reduce(into: &state.arena, .deadline, at: now) { out += wire(e, into: &state, at: now) }
        case .tick:
            out += scroll.reduce(into: &state.scroll, .tick, at: now).map(Event.scroll)
        }
        return out
    }

    private func wire(_ e: GestureArena.Event, into state: inout State, at now: SimInstant) -> [Event] {
        guard let u = e.update else { return [.gesture(e)] }
        return [.gesture(e)] + scroll.reduce(into: &state.scroll, .pan(u), at: u.time).map(Event.scroll)
    }

    func nextDeadline(_ state: State) -> SimInstant? { arena.nextDeadline(state.arena) }
    func needsFrames(_ state: State, at now: SimInstant) -> Bool { scroll.needsFrames(state.scroll, at: now) }
    func motion(_ state: State, at now: SimInstant) -> [String] { scroll.motion(state.scroll, at: now) }
    func trace(_ event: Event, at now: SimInstant) -> TraceEvent? {
        switch event {
        case let .gesture(e): return arena.trace(e, at: now)
        case let .scroll(e): return e.traceEvent(at: now, source: "scroll")
        }
    }
    static var frameAction: Action? { .tick }
    static var deadlineAction: Action? { .deadline }

    func touchAction(_ touch: TouchEvent) -> Action { .touch(touch) }
    func bounds(_ state: State) -> Rect { Rect(origin: .zero, size: state.scroll.viewportSize) }
    func displayList(_ state: State, at now: SimInstant) -> DisplayList { DisplayList(size: state.scroll.viewportSize) }
}

/// A `PagingView` on a host at `hz`, driven by a Tester in manual timing.
struct ScrollScreen {
    let host: Host<PagingView>
    let tester: Tester<Host<PagingView>>

    init(policy: PagingPolicy, hz: Int = 120, minimumPress: SimDuration = .milliseconds(300),
         prepare: (inout ScrollModel.State) -> Void = { _ in }) {
        var model = ScrollModel.State(viewportSize: Size(width: 320, height: 216), contentSize: Size(width: 320 * 6, height: 216),
                                      axes: .horizontal)
        model.pagingPolicy = policy
        prepare(&model)
        var state = PagingView.State(scroll: model)
        state.arena.add(TapRecognizer())
        state.arena.add(LongPressRecognizer(minimumPressDuration: minimumPress))
        state.arena.add(PanRecognizer())
        host = Host(PagingView(), state: state, frameRate: hz)
        tester = Tester(host, timing: .manual)
    }

    var model: ScrollModel.State { host.state.scroll }
    var trace: Trace { host.trace }
    var clock: VirtualClock { host.clock }
    func play(_ touches: [TouchEvent]) { tester.deliver(touches) }
    func wait(_ d: SimDuration) { tester.pump(d) }
}

@Suite struct PipelineTests {
    @Test func flingAt1200MovesWhereTheClosedFormSays() {
        let screen = ScrollScreen(policy: .none) { _ = $0.setContentOffset(Point(x: 320, y: 0), animated: false, at: .zero) }
        let touches = TouchSynthesizer(hz: 120).fling(from: Point(x: 250, y: 100), velocity: Point(x: -1200, y: 0),
                                                      start: .zero + .milliseconds(100), duration: .milliseconds(150))
        screen.play(touches)
        let release = screen.model.contentOffset.x
        #expect(screen.model.state == .decelerating)
        screen.wait(.seconds(6))
        #expect(screen.model.state == .idle)
        // Offset velocity +1200 (finger goes left): rest = release + 1200 * 0.4995, within 2 %.
        let expected = release + 1200 / DecelerationRate.normal.decayPerSecond
        #expect(abs(screen.model.contentOffset.x - expected) <= 0.02 * 1200 / DecelerationRate.normal.decayPerSecond)
        let lines = screen.trace.lines.filter { !$0.contains("didScroll") && !$0.contains("pan.changed") }
        #expect(lines.map { $0.split(separator: " ")[2] } == [
            "tap.failed", "longPress.failed", "pan.began", "willBeginDragging", "release", "pan.ended",
            "willEndDragging", "didEndDragging", "willBeginDecelerating", "didEndDecelerating"])
    }

    @Test func longPressStopsThePanelFromScrolling() {
        let screen = ScrollScreen(policy: .paging)
        let touches = TouchSynthesizer(hz: 120).longPress(
            at: Point(x: 100, y: 100), start: .zero + .milliseconds(10), hold: .milliseconds(1200),
            moves: [(Point(x: 100, y: 100), .milliseconds(400)), (Point(x: 20, y: 100), .milliseconds(1000))])
        screen.play(touches)
        screen.wait(.seconds(1))
        #expect(screen.model.contentOffset == .zero)
        #expect(!screen.trace.text.contains("willBeginDragging"))
        #expect(screen.trace.text.contains("panel longPress.began"))
        #expect(screen.trace.text.contains("panel longPress.ended"))
    }

    @Test func pagingSwipeLandsOnTheNextPageWithAFullLog() {
        func run() -> String {
            let screen = ScrollScreen(policy: .paging, hz: 60)
            screen.play(TouchSynthesizer(hz: 60).fling(from: Point(x: 280, y: 100), velocity: Point(x: -900, y: 0),
                                                       start: .zero + .milliseconds(50)))
            screen.wait(.seconds(3))
            #expect(screen.model.contentOffset.x == 320)
            screen.play(TouchSynthesizer(hz: 60).drag(along: [Point(x: 100, y: 100), Point(x: 240, y: 100)],
                                                      start: screen.clock.now + .milliseconds(20),
                                                      duration: .milliseconds(400), pause: .milliseconds(200)))
            screen.wait(.seconds(3))
            #expect(screen.model.contentOffset.x == 320)   // 130 pt back, slowly: rounds to the same page
            return screen.trace.text
        }
        let a = run()
        #expect(a == run())
        #expect(a.contains("scroll willEndDragging velocity=(9"))
    }
}
