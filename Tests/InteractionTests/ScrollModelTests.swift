import SimCore
import Testing
@testable import Interaction

@Suite struct ScrollPhysicsTests {
    let physics = ScrollPhysics()

    @Test func rubberBandValues() {
        // (1 - 1 / (x * 0.55 / d + 1)) * d
        #expect(physics.rubberBand(0, dimension: 320) == 0)
        #expect(abs(physics.rubberBand(100, dimension: 320) - 46.93) < 0.01)
        #expect(abs(physics.rubberBand(320, dimension: 320) - 113.55) < 0.01)
        #expect(abs(physics.rubberBand(1000, dimension: 500) - 261.90) < 0.01)
        #expect(physics.rubberBand(1e12, dimension: 320) < 320)
        #expect(physics.rubberBand(-5, dimension: 320) == 0)
        // Slope 0.55 at the edge.
        #expect(abs(physics.rubberBand(0.001, dimension: 320) / 0.001 - 0.55) < 1e-5)
        for x in [0.5, 10, 100, 1000, 5000.0] {
            let shown = physics.rubberBand(x, dimension: 320)
            #expect(abs(physics.inverseRubberBand(shown, dimension: 320) - x) < 1e-6 * max(1, x))
        }
    }

    @Test func decelerationConstants() {
        #expect(abs(DecelerationRate.normal.decayPerSecond - 2.002002) < 1e-5)
        #expect(abs(DecelerationRate.fast.decayPerSecond - 10.050336) < 1e-5)
        // x0 - v0 / (1000 ln d) ~ x0 + 0.4995 v0 for the normal rate.
        #expect(abs(ScrollPhysics.restingOffset(from: 0, velocity: 1000, rate: .normal) - 499.5) < 0.01)
    }
}

@Suite struct ScrollDecelerationTests {
    @Test(arguments: [(1000.0, DecelerationRate.normal), (2500, .normal), (-1800, .normal),
                      (3000, .fast), (-700, .fast), (150, .normal)],
          [60, 120])
    func restsWhereTheClosedFormSaysAndStopsOnTime(_ c: (v0: Double, rate: DecelerationRate), hz: Int) {
        var m = horizontalModel(width: 320, content: 20000)
        m.decelerationRate = c.rate
        m = { var m = m; _ = m.setContentOffset(Point(x: 8000, y: 0), animated: false, at: .zero); return m }()
        let h = ScrollHarness(m, hz: hz)
        h.drag(Point(x: -40, y: 0), frames: 4, release: Point(x: c.v0, y: 0))
        let x0 = 8040.0
        let releasedAt = h.now
        h.settle()
        let expected = x0 - c.v0 / (1000 * SimMath.log(c.rate.rawValue))
        #expect(abs(h.model.contentOffset.x - expected) <= 0.5)
        let predicted = SimMath.log(abs(c.v0) / ScrollPhysics().stopVelocity) / c.rate.decayPerSecond
        let took = (h.now - releasedAt).seconds
        #expect(abs(took - predicted) <= 1.0 / Double(hz) + 1e-9, "took \(took), predicted \(predicted)")
        #expect(h.names == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging",
                            "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    @Test func positionsDoNotDependOnTheFrameRate() {
        func offsets(hz: Int) -> [Int64: Double] {
            let h = ScrollHarness(horizontalModel(content: 20000), hz: hz)
            h.drag(Point(x: -30, y: 0), frames: 3, release: Point(x: 2000, y: 0))
            var seen: [Int64: Double] = [:]
            for _ in 0..<(hz * 2) {
                h.tick()
                seen[h.now.ticks] = h.model.contentOffset.x
            }
            return seen
        }
        // Release at the same instant (3 frames of 120 Hz = 6 ticks... align on 60 Hz grid).
        let h60 = ScrollHarness(horizontalModel(content: 20000), hz: 60)
        let h120 = ScrollHarness(horizontalModel(content: 20000), hz: 120)
        h60.drag(Point(x: -30, y: 0), frames: 2, release: Point(x: 2000, y: 0))
        h120.drag(Point(x: -30, y: 0), frames: 4, release: Point(x: 2000, y: 0))
        #expect(h60.now == h120.now)
        for _ in 0..<90 {
            h60.tick()
            h120.tick()
            h120.tick()
            #expect(h60.model.contentOffset == h120.model.contentOffset)
        }
        #expect(!offsets(hz: 60).isEmpty)
    }

    @Test func flingIntoTheEdgeBouncesAndRestsOnIt() {
        let h = ScrollHarness(horizontalModel(content: 1000))
        h.drag(Point(x: -100, y: 0), frames: 5, release: Point(x: 4000, y: 0))
        var sawBounce = false
        while h.model.state != .idle {
            h.tick()
            if h.model.state == .bouncing { sawBounce = true }
        }
        #expect(sawBounce)
        #expect(h.model.contentOffset.x == 680)
        #expect(h.worstOvershootRatio > 0 && h.worstOvershootRatio < 1)
        #expect(h.names.last == "didEndDecelerating")
    }

    @Test func dragBeyondTheEdgeRubberBandsAndSpringsBack() {
        let h = ScrollHarness(horizontalModel(content: 1000))
        h.drag(Point(x: 200, y: 0), frames: 10, release: .zero)
        let shown = ScrollPhysics().rubberBand(200, dimension: 320)
        #expect(abs(h.model.contentOffset.x + shown) < 1e-9)
        #expect(h.events.contains(.didEndDragging(willDecelerate: true)))
        #expect(h.model.state == .bouncing)
        let frames = h.settle()
        #expect(h.model.contentOffset.x == 0)
        #expect(frames > 30 && frames < 120) // about half a second at 120 Hz
        #expect(h.names == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging",
                            "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    @Test func bouncesOffClampsAtTheEdges() {
        var m = horizontalModel(content: 1000)
        m.bounces = false
        let h = ScrollHarness(m)
        h.drag(Point(x: 200, y: 0), frames: 4, release: Point(x: -3000, y: 0))
        #expect(h.model.contentOffset.x == 0)
        h.settle()
        #expect(h.model.contentOffset.x == 0)
    }

    @Test func catchingADecelerationStopsIt() throws {
        let h = ScrollHarness(horizontalModel(content: 20000))
        h.drag(Point(x: -20, y: 0), frames: 2, release: Point(x: 2000, y: 0))
        for _ in 0..<30 { h.tick() }
        try h.tester.press(at: Point(x: 160, y: 100))
        let held = h.model.contentOffset
        #expect(h.model.state == .idle)
        for _ in 0..<10 { h.tick() }
        #expect(h.model.contentOffset == held)
        try h.tester.release()
        #expect(h.model.state == .idle)
        #expect(!h.events.contains(.didEndDecelerating) || h.events.last == .didEndDecelerating)
    }
}
