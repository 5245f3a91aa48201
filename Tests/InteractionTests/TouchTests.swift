import SimCore
import Testing
@testable import Interaction

@Suite struct TouchSynthesizerTests {
    @Test func tapIsDownThenUp() {
        let s = TouchSynthesizer(hz: 60)
        let e = s.tap(at: Point(x: 5, y: 6), start: .zero)
        #expect(e.map(\.phase) == [.began, .ended])
        #expect(e[1].timestamp == SimInstant.zero + .milliseconds(80))
        #expect(e.allSatisfy { $0.location == Point(x: 5, y: 6) && $0.id == 1 })
    }

    @Test func dragSamplesEveryPeriodAlongThePath() {
        let s = TouchSynthesizer(hz: 120)
        let e = s.drag(along: [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100)],
                       start: .zero, duration: .milliseconds(500))
        #expect(e.first?.phase == .began)
        #expect(e.last?.phase == .ended)
        let moves = e.filter { $0.phase == .moved }
        #expect(moves.count == 60)
        #expect(moves.last?.location == Point(x: 100, y: 100))
        // Constant speed: 200 pt in 0.5 s, 400 pt/s, 3.33 pt per sample along the path.
        #expect(abs(moves[0].location.x - 200.0 / 60) < 1e-9)
        for (a, b) in zip(moves, moves.dropFirst()) {
            #expect(b.timestamp - a.timestamp == .frames(1, at: 120))
        }
        #expect(abs(moves[44].location.y - 50) < 1e-9) // 45 samples -> 150 pt -> (100, 50)
    }

    @Test func pressWithMovesGlides() {
        let s = TouchSynthesizer(hz: 60)
        let e = s.longPress(at: Point(x: 0, y: 0), start: .zero, hold: .milliseconds(900),
                            moves: [(Point(x: 30, y: 0), .milliseconds(700))])
        #expect(e.first?.phase == .began)
        #expect(e.last == TouchEvent(phase: .ended, location: Point(x: 30, y: 0), timestamp: .zero + .milliseconds(900)))
        #expect(e.filter { $0.phase == .moved }.count == 42)
        let raw = s.raw([(.began, .zero, .zero), (.cancelled, .zero, .zero + .milliseconds(5))])
        #expect(raw.map(\.phase) == [.began, .cancelled])
    }
}

@Suite struct VelocityTrackerTests {
    @Test(arguments: [Point(x: 1200, y: 0), Point(x: -800, y: 300), Point(x: 50, y: -3000), Point(x: 4000, y: 4000)],
          [60, 120])
    func flingVelocityIsMeasuredBack(_ v: Point, hz: Int) {
        let events = TouchSynthesizer(hz: hz).fling(from: Point(x: 200, y: 300), velocity: v, start: .zero + .milliseconds(37))
        var tracker = VelocityTracker()
        for e in events { tracker.add(e) }
        let m = tracker.velocity
        let speed = (v.x * v.x + v.y * v.y).squareRoot()
        #expect(Point(x: m.x - v.x, y: m.y - v.y).distance(to: .zero) <= 0.02 * speed, "measured \(m) for \(v)")
    }

    @Test func longerFlingsToo() {
        for ms in [80, 150, 300, 600] {
            let events = TouchSynthesizer(hz: 120).fling(from: .zero, velocity: Point(x: 900, y: 0), start: .zero,
                                                         duration: .milliseconds(ms))
            var tracker = VelocityTracker()
            for e in events { tracker.add(e) }
            #expect(abs(tracker.velocity.x - 900) <= 18, "duration \(ms)")
        }
    }

    @Test func aPauseBeforeLiftingMeansNoVelocity() {
        let events = TouchSynthesizer(hz: 120).drag(along: [.zero, Point(x: 300, y: 0)], start: .zero,
                                                     duration: .milliseconds(300), pause: .milliseconds(150))
        var tracker = VelocityTracker()
        for e in events { tracker.add(e) }
        #expect(abs(tracker.velocity.x) < 1)
        // Without the pause the drag's 1000 pt/s shows.
        let moving = TouchSynthesizer(hz: 120).drag(along: [.zero, Point(x: 300, y: 0)], start: .zero,
                                                     duration: .milliseconds(300))
        var t2 = VelocityTracker()
        for e in moving { t2.add(e) }
        #expect(abs(t2.velocity.x - 1000) < 20)
    }

    @Test func aShortPauseReducesVelocity() {
        let events = TouchSynthesizer(hz: 120).drag(along: [.zero, Point(x: 300, y: 0)], start: .zero,
                                                     duration: .milliseconds(300), pause: .milliseconds(60))
        var tracker = VelocityTracker()
        for e in events { tracker.add(e) }
        #expect(tracker.velocity.x < 500)
        #expect(tracker.velocity.x >= 0)
    }

    @Test func tooFewSamplesGiveZeroAndMemoryIsBounded() {
        var t = VelocityTracker(capacity: 8)
        #expect(t.velocity == .zero)
        t.add(TouchEvent(phase: .began, location: .zero, timestamp: .zero))
        #expect(t.velocity == .zero)
        for i in 1...100 { t.add(Point(x: Double(i), y: 0), at: .zero + .milliseconds(i * 4)) }
        #expect(abs(t.velocity.x - 250) < 1e-6)
        t.reset()
        #expect(t.velocity == .zero)
    }
}
