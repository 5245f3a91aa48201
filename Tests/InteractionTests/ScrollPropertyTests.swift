import SimCore
import Testing
@testable import Interaction

@Suite struct ScrollPropertyTests {
    static let iterations = 750
    static let extraSeed: UInt64 = 0
    static func onPage(_ x: Double, page: Double, lower: Double, upper: Double) -> Bool {
        if x == upper || x == lower { return true }
        let k = ((x - lower) / page).rounded()
        return abs(lower + k * page - x) < 1e-9
    }

    /// Random geometry, policy, drag and fling; checks the invariants at every frame.
    @Test(arguments: [(PagingPolicy.none, UInt64(1)), (.paging, 2), (.snapAfterDeceleration, 3), (.projection, 4)])
    func randomDragsAndFlingsStayBoundedAndSettleInside(policy: PagingPolicy, seed: UInt64) throws {
        var rng = SeededRandom(seed: 0x5C12_0000 &+ seed &* 7919 &+ Self.extraSeed)
        for iteration in 0..<Self.iterations {
            let width = rng.double(in: 200...500)
            let content = rng.bool(probability: 0.1) ? rng.double(in: 0...width) : rng.double(in: width...(width * 12))
            let inset = rng.bool(probability: 0.3) ? rng.double(in: 0...40) : 0
            var m = ScrollModel.State(viewportSize: Size(width: width, height: 100), contentSize: Size(width: content, height: 100),
                                contentInset: Insets(left: inset, right: inset), axes: .horizontal)
            m.pagingPolicy = policy
            m.alwaysBounceHorizontal = rng.bool(probability: 0.5)
            m.decelerationRate = rng.bool() ? .normal : .fast
            if rng.bool(probability: 0.3) { m.pageSize = Size(width: width * rng.double(in: 0.5...1.0), height: 100) }
            let start = rng.double(in: m.minimumOffset.x...m.maximumOffset.x)
            _ = m.setContentOffset(Point(x: start, y: 0), animated: false, at: .zero)
            let h = ScrollHarness(m, hz: rng.bool() ? 60 : 120)
            let drag = rng.double(in: -2 * width...2 * width)
            let velocity = rng.bool(probability: 0.2) ? 0 : rng.double(in: -6000...6000)
            h.drag(Point(x: drag, y: 0), frames: rng.int(in: 1...20), release: Point(x: velocity, y: 0))
            // Sometimes a finger catches the motion and lets go again.
            var caught = 0
            if rng.bool(probability: 0.15) {
                caught = 1
                for _ in 0..<rng.int(in: 1...40) { h.tick() }
                try h.touch(hold: h.frame * 3)
            }
            h.settle(limit: 120 * 30)
            let lo = h.model.minimumOffset.x, hi = h.model.maximumOffset.x
            let x = h.model.contentOffset.x
            #expect(h.model.state == .idle, "iteration \(iteration) did not settle \(h.log.filter { !$0.contains("didScroll") }) \(h.model)")
            #expect(h.worstOvershootRatio < 1, "iteration \(iteration) overshoot \(h.worstOvershootRatio)")
            #expect(x >= lo && x <= hi, "iteration \(iteration): \(x) outside \(lo)...\(hi)")
            if policy != .none && h.model.canDrag(horizontal: true) {
                #expect(Self.onPage(x, page: h.model.effectivePageSize.width, lower: lo, upper: hi),
                        "iteration \(iteration): \(x) not on a page of \(h.model.effectivePageSize.width) \(h.log.filter { !$0.contains("didScroll") })")
            }
            // Well-formed delegate sequence: one drag, every willBegin has its end.
            let names = h.names
            #expect(names.first == "willBeginDragging")
            // Each release sends one willBeginDecelerating and at most one didEndDecelerating: a
            // caught motion resumed by the lift gets no second willBegin (UIKit), only its end.
            let begins = names.filter { $0 == "willBeginDecelerating" }.count
            let ends = names.filter { $0 == "didEndDecelerating" }.count
            #expect(begins - ends >= 0 && begins - ends <= caught, "iteration \(iteration): \(names)")
        }
    }

    @Test func twoAxesSettleInside() {
        var rng = SeededRandom(seed: 2024)
        for _ in 0..<300 {
            var m = ScrollModel.State(viewportSize: Size(width: 320, height: 480), contentSize: Size(width: 1000, height: 3000), axes: .both)
            m.pagingPolicy = rng.bool() ? .none : .paging
            let h = ScrollHarness(m, hz: 60)
            h.drag(Point(x: rng.double(in: -600...600), y: rng.double(in: -900...900)), frames: 6,
                   release: Point(x: rng.double(in: -4000...4000), y: rng.double(in: -4000...4000)))
            h.settle()
            let o = h.model.contentOffset
            #expect(h.worstOvershootRatio < 1)
            #expect(o.x >= 0 && o.x <= 680 && o.y >= 0 && o.y <= 2520)
        }
    }

    @Test func identicalInputsGiveIdenticalEventLogs() {
        func run() -> [String] {
            var rng = SeededRandom(seed: 77)
            var m = horizontalModel(content: 4000, paging: .snapAfterDeceleration)
            m.pageSize = Size(width: 300, height: 200)
            let h = ScrollHarness(m)
            for _ in 0..<20 {
                h.drag(Point(x: rng.double(in: -500...500), y: 0), frames: rng.int(in: 2...10),
                       release: Point(x: rng.double(in: -3000...3000), y: 0))
                for _ in 0..<rng.int(in: 10...400) { h.tick() }
            }
            h.settle()
            return h.log
        }
        let a = run(), b = run()
        #expect(a == b)
        #expect(a.count > 200)
    }
}
