import SimCore
import Testing
@testable import Interaction

/// Touches -> GestureArena -> ScrollModel -> DisplayLink frames, on one clock and one
/// trace, as a screen wires them.
final class ScrollScreen {
    let clock = VirtualClock()
    let trace = Trace()
    let arena: ArenaHost
    let link: DisplayLink
    var model: ScrollModel.State

    init(policy: PagingPolicy, hz: Int = 120, minimumPress: SimDuration = .milliseconds(300)) {
        model = ScrollModel.State(viewportSize: Size(width: 320, height: 216), contentSize: Size(width: 320 * 6, height: 216),
                            axes: .horizontal)
        model.pagingPolicy = policy
        arena = ArenaHost(clock: clock, trace: trace, source: "panel")
        arena.add(TapRecognizer())
        arena.add(LongPressRecognizer(minimumPressDuration: minimumPress))
        arena.add(PanRecognizer())
        link = DisplayLink(clock: clock, hz: hz)
        arena.received = { [unowned self] u in
            self.trace.record(self.model.apply(u, at: u.time), at: u.time, source: "scroll")
        }
        link.add { [unowned self] t in self.trace.record(self.model.tick(at: t), at: t, source: "scroll") }
        link.start()
    }

    func play(_ touches: [TouchEvent]) {
        for t in touches {
            if t.phase == .began { trace.record(model.touchDown(at: t.timestamp), at: t.timestamp, source: "scroll") }
            arena.handle(t)
        }
    }
}

@Suite struct PipelineTests {
    @Test func flingAt1200MovesWhereTheClosedFormSays() {
        let screen = ScrollScreen(policy: .none)
        _ = screen.model.setContentOffset(Point(x: 320, y: 0), animated: false, at: .zero)
        let touches = TouchSynthesizer(hz: 120).fling(from: Point(x: 250, y: 100), velocity: Point(x: -1200, y: 0),
                                                      start: .zero + .milliseconds(100), duration: .milliseconds(150))
        screen.play(touches)
        let release = screen.model.contentOffset.x
        #expect(screen.model.state == .decelerating)
        screen.clock.advance(by: .seconds(6))
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
        screen.clock.advance(by: .seconds(1))
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
            screen.clock.advance(by: .seconds(3))
            #expect(screen.model.contentOffset.x == 320)
            screen.play(TouchSynthesizer(hz: 60).drag(along: [Point(x: 100, y: 100), Point(x: 240, y: 100)],
                                                      start: screen.clock.now + .milliseconds(20),
                                                      duration: .milliseconds(400), pause: .milliseconds(200)))
            screen.clock.advance(by: .seconds(3))
            #expect(screen.model.contentOffset.x == 320)   // 130 pt back, slowly: rounds to the same page
            return screen.trace.text
        }
        let a = run()
        #expect(a == run())
        #expect(a.contains("scroll willEndDragging velocity=(9"))
    }
}
