import Testing
import SimCore
import Interaction
@testable import ChatUI

/// A fling of each strength lands on the expected page for each snap policy.
@Suite struct PanelFlingTests {
    struct Case: CustomStringConvertible, Sendable {
        var policy: PanelSnapPolicy
        var dx: Double          // finger travel (negative: towards the next page)
        var ms: Int             // over this many ms
        var hold: Bool          // stop before lifting (no fling)
        var page: Int?          // expected resting page (nil: not on a page boundary)
        var description: String { "\(policy) dx=\(dx) \(ms)ms\(hold ? " hold" : "") -> \(page.map(String.init) ?? "free")" }
    }

    static let cases: [Case] = [
        // UIKit paging: at most one page per flick, rounding when slow.
        Case(policy: .paging, dx: -150, ms: 300, hold: true, page: 0),   // slow, < half page: back
        Case(policy: .paging, dx: -220, ms: 300, hold: true, page: 1),   // slow, > half page
        Case(policy: .paging, dx: -60, ms: 100, hold: false, page: 1),   // gentle flick (600 pt/s)
        Case(policy: .paging, dx: -300, ms: 100, hold: false, page: 1),  // hard flick: still one page
        Case(policy: .paging, dx: 60, ms: 100, hold: false, page: 0),    // towards the first page: edge
        // Seed: decelerate freely, then round.
        Case(policy: .round, dx: -150, ms: 300, hold: true, page: 0),
        Case(policy: .round, dx: -60, ms: 100, hold: false, page: 1),    // rests near 340 -> 1
        Case(policy: .round, dx: -300, ms: 100, hold: false, page: 5),   // rests near 1748 -> 5
        // Projection.
        Case(policy: .projected, dx: -150, ms: 300, hold: true, page: 0),
        Case(policy: .projected, dx: -120, ms: 100, hold: false, page: 2), // 100 + 599 -> 1.86 -> 2
        Case(policy: .projected, dx: -300, ms: 100, hold: false, page: 5),
        // None: rests where the deceleration ends.
        Case(policy: .none, dx: -150, ms: 300, hold: true, page: nil),
        Case(policy: .none, dx: -60, ms: 100, hold: false, page: nil),
    ]

    @Test(arguments: cases)
    func flingLandsOnThePage(_ c: Case) {
        var config = PanelConfiguration.standard
        config.snapPolicy = c.policy
        let (panel, d) = makePanel(configuration: config)
        if c.dx > 0 { panel.scroll(toPage: 0, animated: false) }
        let p = Point(x: c.dx < 0 ? 300 : 60, y: 60)
        if c.hold { d.dragAndHold(at: p, dx: c.dx, over: .milliseconds(c.ms)) }
        else { d.fling(at: p, dx: c.dx, over: .milliseconds(c.ms)) }
        let settled = panel.state.isSettled
        #expect(settled)
        let offset = panel.state.offset
        if let page = c.page {
            #expect(offset == Double(page) * 375, "rested at \(offset)")
            #expect(panel.state.currentPage == page)
        } else {
            #expect(offset.truncatingRemainder(dividingBy: 375) != 0 && offset > 0, "rested at \(offset)")
        }
        #expect(d.delegateCalls().isEmpty) // a fling never selects
        #expect(panel.clock.pendingTimerCount == 0) // the display link stopped once idle
    }

    @Test func pagingDelegateMomentsInUIKitOrder() {
        let (panel, d) = makePanel()
        d.fling(at: Point(x: 300, y: 60), dx: -60, over: .milliseconds(100))
        let scroll = panel.trace.names().filter { ["willBeginDragging", "willEndDragging", "didEndDragging",
                                                   "willBeginDecelerating", "didEndDecelerating"].contains($0) }
        #expect(scroll == ["willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating", "didEndDecelerating"])
        #expect(panel.trace.lines.contains { $0.hasSuffix("didChangePage group=Faces page=1 of=2 global=1") })
    }

    @Test func roundPolicySnapsWithAnAnimatedScrollAfterDecelerating() {
        var config = PanelConfiguration.standard
        config.snapPolicy = .round
        let (panel, d) = makePanel(configuration: config)
        d.fling(at: Point(x: 300, y: 60), dx: -60, over: .milliseconds(100))
        let names = panel.trace.names()
        let end = try! #require(names.firstIndex(of: "didEndDecelerating"))
        #expect(names[end...].contains("didEndScrollingAnimation"))
    }

    @Test func rubberBandBeyondTheFirstPage() {
        let (panel, d) = makePanel()
        let p = Point(x: 60, y: 60)
        d.down(p)
        d.slide(from: p, to: Point(x: 260, y: 60), over: .milliseconds(300))
        // Finger overshoot 200 - 10 (threshold) ... shown less than the finger travel.
        #expect(panel.state.offset < 0 && panel.state.offset > -200)
        d.wait(.milliseconds(200))
        d.move(Point(x: 260, y: 60))
        d.up(Point(x: 260, y: 60))
        d.settle()
        #expect(panel.state.offset == 0)
    }
}

/// Realistic flings from Interaction's synthesizer: wherever the release, the panel comes
/// to rest where `willEndDragging` announced (paging, projection, none), or on the page
/// nearest it (the seed's round policy).
@Suite struct PanelSynthesizedFlingTests {
    static let cases: [(PanelSnapPolicy, Double)] = PanelSnapPolicy.allCases.flatMap { p in
        [150.0, 600, 1500, 4000, -800].map { (p, $0) }
    }

    @Test(arguments: cases)
    func restsWhereWillEndDraggingSaid(_ policy: PanelSnapPolicy, _ speed: Double) throws {
        var c = PanelConfiguration.standard
        c.snapPolicy = policy
        let (panel, d) = makePanel(configuration: c)
        if speed < 0 { panel.scroll(toPage: 4, animated: false) }
        let synth = TouchSynthesizer(hz: 60)
        d.tester.deliver(synth.fling(from: Point(x: 187, y: 60), velocity: Point(x: -speed, y: 0), start: panel.clock.now))
        d.settle()
        let end = try #require(panel.trace.retained.last { $0.name == "willEndDragging" })
        let target = try #require(Double(end.fields.first { $0.key == "target" }!.value))
        let velocity = try #require(Double(end.fields.first { $0.key == "velocity" }!.value))
        #expect(abs(velocity - speed) < speed.magnitude * 0.05, "measured \(velocity) for \(speed)")
        let offset = panel.state.offset
        switch policy {
        case .paging:
            #expect(offset == target && offset.truncatingRemainder(dividingBy: 375) == 0)
            // One page per flick while the finger stays within the panel (at 4,000 pt/s
            // the synthesized finger travels 640 pt before lifting: the next boundary
            // from there is two pages away, as in UIKit).
            let start = speed < 0 ? 4 * 375.0 : 0
            if abs(speed) < 300 { #expect(offset == start) }   // no clear flick, short drag: back
            else if abs(speed) <= 1500 { #expect(abs(offset - start) == 375) }
        case .projected:
            #expect(offset == target && offset.truncatingRemainder(dividingBy: 375) == 0)
        case .none:
            #expect(abs(offset - target) < 0.5)
        case .round:
            #expect(offset == (target / 375).rounded() * 375)
        }
    }
}
