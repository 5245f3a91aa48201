import SimCore
import Testing
@testable import Interaction
import Tester

@Suite struct SwipePlanTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var distance: Double, velocity: Double, hz: Int
        var testDescription: String { "\(distance) pt at \(velocity) pt/s, \(hz) Hz" }
    }

    static let possible: [Case] = [
        Case(distance: 100, velocity: 4000, hz: 120),   // exactly the minimum: 3 steps of 33.3 pt
        Case(distance: 101, velocity: 4000, hz: 120),   // a 1 pt first move, then 3 steps
        Case(distance: 60, velocity: 1000, hz: 60),
        Case(distance: 200, velocity: 1500, hz: 60),
        Case(distance: 200, velocity: 1500, hz: 120),
        Case(distance: 533, velocity: 4000, hz: 60),
        Case(distance: 1, velocity: 1, hz: 60) ,         // 0.05 pt minimum: a slow nudge
        Case(distance: 6670, velocity: 100_000, hz: 120),
        Case(distance: 2500, velocity: 2500, hz: 120),  // one second
        Case(distance: 37.5, velocity: 900, hz: 120),
        Case(distance: 300, velocity: 3000, hz: 30),
    ]

    @Test(arguments: possible)
    func travelIsExactAndTheReleaseVelocityIsMeasured(_ c: Case) throws {
        for direction in [Point(x: -1, y: 0), Point(x: 0, y: 1), Point(x: 3, y: -4)] {
            let plan = try SwipePlan(direction: direction, distance: c.distance, velocity: c.velocity, touchRate: c.hz)
            let start = Point(x: 500, y: 700)
            let touches = plan.touches(from: start, start: .zero + .milliseconds(13))
            #expect(touches.first?.phase == .began && touches.last?.phase == .ended)
            #expect(touches.dropFirst().dropLast().allSatisfy { $0.phase == .moved })
            let travel = touches.last!.location.distance(to: start)
            #expect(abs(travel - c.distance) <= 0.5, "travel \(travel)")
            #expect(touches.last!.location.distance(to: plan.path(from: start).to) < 1e-6)
            #expect(touches.last!.timestamp - touches.first!.timestamp == plan.duration)
            // The last three intervals are at full speed.
            let moves = touches.filter { $0.phase != .ended }
            for (a, b) in zip(moves.suffix(4), moves.suffix(3)) {
                let v = a.location.distance(to: b.location) / (b.timestamp - a.timestamp).seconds
                #expect(abs(v - c.velocity) <= 1e-6 * c.velocity)
            }
            var tracker = VelocityTracker()
            for t in touches { tracker.add(t) }
            let measured = tracker.velocity
            let speed = measured.distance(to: .zero)
            #expect(abs(speed - c.velocity) <= 0.02 * c.velocity, "measured \(measured)")
            // In the swipe's direction.
            let unit = plan.direction
            #expect(measured.x * unit.x + measured.y * unit.y > 0.99 * speed)
            // Every sample on the segment: the path keeps to what the plan announced.
            let box = plan.bounds(from: start).insetBy(dx: -1e-6, dy: -1e-6)
            #expect(touches.allSatisfy { box.contains($0.location) })
        }
    }

    @Test(arguments: [(60.0, 4000.0, 120, "at 120 Hz a flick at 4000 pt/s needs at least 100 pt"),
                      (99.9, 4000.0, 120, "at 120 Hz a flick at 4000 pt/s needs at least 100 pt"),
                      (60.0, 4000.0, 60, "at 60 Hz a flick at 4000 pt/s needs at least 200 pt"),
                      (20.0, 1000.0, 120, "at 120 Hz a flick at 1000 pt/s needs at least 25 pt"),
                      (10.0, 1000.0, 90, "at 90 Hz a flick at 1000 pt/s needs at least 33.34 pt")])
    func tooShortIsAnErrorStatingTheLimit(_ distance: Double, _ velocity: Double, _ hz: Int, _ message: String) {
        #expect(throws: SwipeError.self) {
            try SwipePlan(direction: Point(x: 1, y: 0), distance: distance, velocity: velocity, touchRate: hz)
        }
        do {
            _ = try SwipePlan(direction: Point(x: 1, y: 0), distance: distance, velocity: velocity, touchRate: hz)
        } catch {
            #expect(error.description == message)
            // The distance the message names is accepted.
            if case let .tooShort(_, _, minimum) = error {
                #expect((try? SwipePlan(direction: Point(x: 1, y: 0), distance: minimum, velocity: velocity, touchRate: hz)) != nil)
            } else {
                Issue.record("expected tooShort, got \(error)")
            }
        }
    }

    @Test func outOfRangeInputsAreErrorsNotTraps() {
        func error(_ d: Double, _ v: Double, _ hz: Int = 120, _ dir: Point = Point(x: 0, y: -1)) -> String? {
            do { _ = try SwipePlan(direction: dir, distance: d, velocity: v, touchRate: hz); return nil } catch {
                return error.description
            }
        }
        #expect(error(100, 0) == "a flick's velocity must be between 1 and 100000 pt/s, not 0 pt/s")
        #expect(error(100, 100_001) == "a flick's velocity must be between 1 and 100000 pt/s, not 100001 pt/s")
        #expect(error(100, .nan) == "a flick's velocity must be between 1 and 100000 pt/s, not nan pt/s")
        #expect(error(0, 100) == "a swipe's distance must be more than 0 and at most 100000 pt, not 0 pt")
        #expect(error(-5, 100) == "a swipe's distance must be more than 0 and at most 100000 pt, not -5 pt")
        #expect(error(.infinity, 100) == "a swipe's distance must be more than 0 and at most 100000 pt, not inf pt")
        #expect(error(1e300, 100) != nil)
        #expect(error(100, 100, 7) == "touch rate 7 Hz is not supported (use a rate from 10 to 240 Hz that divides 720000, such as 60 or 120)")
        #expect(error(100, 100, 0) != nil && error(100, 100, -60) != nil && error(100, 100, Int.max) != nil)
        #expect(error(100, 100, 120, .zero) == "a swipe's direction must be a non-zero finite vector, not (0, 0)")
        #expect(error(100, 100, 120, Point(x: .nan, y: 1)) != nil)
        #expect(error(100, 100, 120, Point(x: 1e308, y: 1e308)) != nil)   // the length overflows
        #expect(error(50_000, 1) == "a swipe of 50000 pt at 1 pt/s would last 50000 s, longer than 3600 s")
    }

    @Test func durationAndShapeAreExposed() throws {
        let plan = try SwipePlan(direction: Point(x: -1, y: 0), distance: 110, velocity: 4000, touchRate: 120)
        // 3 whole steps of 33.33 pt and a 10 pt first move.
        #expect(plan.moves == 4)
        #expect(plan.duration == .frames(4, at: 120))
        #expect(abs(plan.offset(afterMove: 1) - 10) < 1e-9 && plan.offset(afterMove: 4) == 110)
        #expect(plan.displacement == Point(x: -110, y: 0))
        #expect(plan.bounds(from: Point(x: 200, y: 50)) == Rect(x: 90, y: 50, width: 110, height: 0))
        let synth = TouchSynthesizer(hz: 120, touchID: 7)
        #expect(synth.swipe(plan, from: Point(x: 200, y: 50), start: .zero).allSatisfy { $0.id == 7 })
        #expect(throws: SwipeError.self) {
            try synth.swipe(from: .zero, direction: Point(x: 1, y: 0), distance: 60, velocity: 4000, start: .zero)
        }
    }
}

@Suite struct StoppedFingerTests {
    /// A 1500 pt/s swipe, then the finger rests `pause` before lifting: the 40 ms rule.
    @Test(arguments: [(0, 1500.0), (20, 1500.0), (39, 1500.0), (40, 0.0), (80, 0.0), (150, 0.0)], [60, 120])
    func pausingBeforeLiftingFollowsThe40msRule(_ pause: (Int, Double), hz: Int) throws {
        let plan = try SwipePlan(direction: Point(x: 1, y: 0), distance: 300, velocity: 1500, touchRate: hz,
                                 pause: .milliseconds(pause.0))
        let touches = plan.touches(from: .zero, start: .zero)
        var tracker = VelocityTracker()
        for t in touches { tracker.add(t) }
        #expect(abs(tracker.velocity.x - pause.1) <= 0.02 * 1500, "pause \(pause.0) ms: \(tracker.velocity)")
        #expect(tracker.estimate().basis == (pause.1 > 0 ? .measured : .stopped))
        // Through a pan recognizer, as a scroll view reads it.
        var pan = PanRecognizer()
        var ended: GestureUpdate?
        for t in touches { for u in pan.handle(t) where u.state == .ended { ended = u } }
        #expect(abs((ended?.velocity.x ?? .nan) - pause.1) <= 0.02 * 1500)
        #expect(pan.estimate.basis == (pause.1 > 0 ? .measured : .stopped))
    }

    @Test func threeSamplesAreNeededAndAnUnmovedLiftAddsNothing() {
        var t = VelocityTracker()
        t.add(TouchEvent(phase: .began, location: .zero, timestamp: .zero))
        t.add(TouchEvent(phase: .moved, location: Point(x: 10, y: 0), timestamp: .zero + .frames(1, at: 120)))
        #expect(t.velocity == .zero && t.estimate().basis == .tooFewSamples)
        // An unmoved lift is not a third sample.
        var unmoved = t
        unmoved.add(TouchEvent(phase: .ended, location: Point(x: 10, y: 0), timestamp: .zero + .frames(2, at: 120)))
        #expect(unmoved.samples.count == 2 && unmoved.velocity == .zero)
        // A moved lift is.
        var moved = t
        moved.add(TouchEvent(phase: .ended, location: Point(x: 20, y: 0), timestamp: .zero + .frames(2, at: 120)))
        #expect(moved.samples.count == 3 && abs(moved.velocity.x - 1200) < 1e-6)
    }

    @Test func aGapOf40msEndsTheMotion() {
        // Moving at 1200 pt/s, resting 50 ms, then two more samples: too few since the rest.
        var t = VelocityTracker()
        let p = SimDuration.frames(1, at: 120)
        t.add(TouchEvent(phase: .began, location: .zero, timestamp: .zero))
        for k in 1...6 { t.add(Point(x: Double(k) * 10, y: 0), at: .zero + p * k) }
        #expect(abs(t.velocity.x - 1200) < 1e-6)
        let resumed = SimInstant.zero + p * 6 + .milliseconds(50)
        t.add(Point(x: 61, y: 0), at: resumed)
        #expect(t.velocity == .zero)
        t.add(Point(x: 62, y: 0), at: resumed + p)
        #expect(t.velocity == .zero)              // 2 samples since the rest
        t.add(Point(x: 63, y: 0), at: resumed + p * 2)
        #expect(abs(t.velocity.x - 120) < 1e-6)   // 3 samples since the rest: 1 pt per 8.3 ms
        // Queried 40 ms after the newest sample, a finger still down reads zero too.
        #expect(t.velocity(at: resumed + p * 2 + .milliseconds(40)) == .zero)
        #expect(abs(t.velocity(at: resumed + p * 2 + .milliseconds(39)).x - 120) < 1e-6)
    }

    @Test func theReleaseIsSmoothedTowardsTheOlderIntervals() {
        // Intervals of 10, 20, 30 pt per 10 ms: 0.6 * 1000 + 0.35 * 2000 + 0.05 * 3000 = 1450.
        var t = VelocityTracker()
        let ms = SimDuration.milliseconds(10)
        for (k, x) in [0.0, 10, 30, 60].enumerated() { t.add(Point(x: x, y: 0), at: .zero + ms * k) }
        #expect(abs(t.velocity.x - 1450) < 1e-9)
        // A history shorter than 4 samples renormalizes the last two weights.
        var short = VelocityTracker()
        for (k, x) in [0.0, 10, 30].enumerated() { short.add(Point(x: x, y: 0), at: .zero + ms * k) }
        #expect(abs(short.velocity.x - (0.875 * 1000 + 0.125 * 2000)) < 1e-9)
    }

    @Test func theArenaTracesEveryReleaseWithItsVelocity() throws {
        var state = GestureArena.State()
        state.add(PanRecognizer())
        state.add(TapRecognizer())
        let host = Host(ArenaView(source: "g"), state: state)
        let tester = Tester(host, timing: .manual)
        let (clock, trace) = (host.clock, host.trace)
        let plan = try SwipePlan(direction: Point(x: 0, y: -1), distance: 200, velocity: 2000, touchRate: 120)
        tester.deliver(plan.touches(from: Point(x: 100, y: 400), start: clock.now))
        let release = try #require(host.state.lastRelease)
        #expect(release.estimate.basis == .measured && release.estimate.samples == 4)
        #expect(abs(release.estimate.velocity.y + 2000) < 1e-6)
        let lines = trace.events.filter { $0.name == "release" }
        #expect(lines.count == 1)
        #expect(lines.first?.description.contains("velocity=(0, -2000) basis=measured samples=4") == true)
        // A tap's release is traced too: held 80 ms without moving, the finger had stopped.
        tester.deliver(TouchSynthesizer().tap(at: Point(x: 5, y: 5), start: clock.now + .seconds(1)))
        #expect(host.state.lastRelease?.estimate.basis == .stopped)
        // A 20 ms tap: too few samples.
        tester.deliver(TouchSynthesizer().tap(at: Point(x: 5, y: 5), start: clock.now + .seconds(2), hold: .milliseconds(20)))
        #expect(host.state.lastRelease?.estimate.basis == .tooFewSamples)
        #expect(trace.events.filter { $0.name == "release" }.count == 3)
    }
}

@Suite struct SwipeAndControlPropertyTests {
    /// Random flicks: either the plan is exact (travel, release velocity, duration) or it
    /// is refused as too short exactly when the distance is under three steps.
    @Test func randomFlicksAreExactOrRefusedForTheStatedReason() {
        var rng = SeededRandom(seed: 0x5_1CE)
        for _ in 0..<400 {
            let hz = rng.element(of: [30, 60, 90, 120, 240])!
            let v = rng.bool(probability: 0.2) ? rng.double(in: 1...100) : rng.double(in: 100...20_000)
            let d = rng.double(in: 0.01...1_500)
            let dir = rng.bool() ? Point(x: rng.double(in: -1...1), y: rng.double(in: 0.1...1))
                                 : Point(x: rng.bool() ? 1 : -1, y: 0)
            let minimum = 3 * v / Double(hz)
            do {
                let plan = try SwipePlan(direction: dir, distance: d, velocity: v, touchRate: hz)
                #expect(d >= minimum * (1 - 1e-9), "accepted \(d) pt at \(v) pt/s, \(hz) Hz")
                let touches = plan.touches(from: Point(x: 10, y: 20), start: .zero)
                #expect(abs(touches.last!.location.distance(to: Point(x: 10, y: 20)) - d) <= 0.5)
                var tracker = VelocityTracker()
                for t in touches { tracker.add(t) }
                #expect(abs(tracker.velocity.distance(to: .zero) - v) <= 0.02 * v, "\(d) pt at \(v) pt/s, \(hz) Hz")
                #expect(plan.duration == .frames(plan.moves, at: hz))
            } catch {
                guard case let .tooShort(rate, velocity, shown) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(rate == hz && velocity == v && d < minimum * (1 + 1e-9) && shown >= minimum - 1e-9)
            }
        }
    }

    /// Random finger paths on a control: touchDown first, one end event last, the
    /// highlight always equals "mostly inside" of the last location, exits and enters
    /// alternate.
    @Test func randomPathsOnAControlKeepUIControlsRules() {
        var rng = SeededRandom(seed: 0xC0_17)
        let bounds = Rect(x: 100, y: 100, width: 32, height: 32)
        for _ in 0..<500 {
            var c = ControlTracker()
            var events = c.begin()
            var p = bounds.center
            for _ in 0..<rng.int(in: 0...30) {
                p = Point(x: p.x + rng.double(in: -40...40), y: p.y + rng.double(in: -40...40))
                events += c.move(to: p, bounds: bounds)
                #expect(c.isInside == bounds.insetBy(dx: -70, dy: -70).contains(p))
            }
            let cancelled = rng.bool(probability: 0.1)
            events += cancelled ? c.cancel() : c.end(at: p, bounds: bounds)
            #expect(events.first == .touchDown && !c.isTracking && !c.isInside)
            let last = events.last!
            if cancelled { #expect(last == .touchCancel) } else {
                #expect(last == (bounds.insetBy(dx: -70, dy: -70).contains(p) ? .touchUpInside : .touchUpOutside))
            }
            let crossings = events.dropFirst().dropLast()
            for (i, e) in crossings.enumerated() { #expect(e == (i % 2 == 0 ? .touchDragExit : .touchDragEnter)) }
            // Nothing after the end.
            #expect(c.move(to: bounds.center, bounds: bounds).isEmpty && c.end(at: p, bounds: bounds).isEmpty)
        }
    }
}
