import SimCore

/// Builds realistic single-finger touch streams sampled like a touch screen: one
/// `moved` per sample period (60 or 120 Hz) while the finger moves, nothing while it
/// rests (UIKit sends no moves for a still finger), `ended` at the lift.
///
/// Sample instants are exact multiples of the sample period from the stream's start,
/// so a stream is the same bits every time. Every builder is O(samples).
public struct TouchSynthesizer: Hashable, Sendable {
    /// Samples a second while the finger moves (a rate `isSupported(rate:)` accepts).
    public var hz: Int
    /// The `id` of every touch it builds.
    public var touchID: Int

    /// Sample rates a stream can have (and must divide `ticksPerSecond`).
    public static let rateRange: ClosedRange<Int> = 10...240

    /// Whether `rate` can be sampled exactly: in `rateRange` and dividing
    /// `ticksPerSecond` (24, 30, 60, 90, 120, 144, 240 Hz among others). Check this
    /// before `init(hz:)`, which traps on a rate it cannot sample.
    public static func isSupported(rate: Int) -> Bool {
        rateRange.contains(rate) && ticksPerSecond % Int64(rate) == 0
    }

    /// A synthesizer; traps on a rate `isSupported(rate:)` refuses (check it first).
    ///
    /// - Parameters:
    ///   - hz: The sample rate (120 unless given).
    ///   - touchID: The finger's id.
    public init(hz: Int = 120, touchID: Int = 1) {
        precondition(TouchSynthesizer.isSupported(rate: hz), "unsupported sample rate \(hz) Hz")
        self.hz = hz; self.touchID = touchID
    }

    /// One sample interval at `hz`.
    public var samplePeriod: SimDuration { .frames(1, at: hz) }

    private func event(_ phase: TouchEvent.Phase, _ p: Point, _ t: SimInstant) -> TouchEvent {
        TouchEvent(id: touchID, phase: phase, location: p, timestamp: t)
    }

    /// Down at `location`, up after `hold` (a typical tap is 50-120 ms), optionally
    /// drifting by `drift` (spread linearly over the hold).
    public func tap(at location: Point, start: SimInstant, hold: SimDuration = .milliseconds(80),
                    drift: Point = .zero) -> [TouchEvent] {
        if drift == .zero {
            return [event(.began, location, start), event(.ended, location, start + hold)]
        }
        return press(at: location, start: start, hold: hold, moves: [(location + drift, hold)])
    }

    /// Down at `location`, then for each (point, at) the finger glides in a straight
    /// line to `point`, arriving `at` after the touch down (times increasing; a move
    /// to where the finger already is means it rests until then), and
    /// lifts at `hold` after the touch down (at least the last move's time).
    public func press(at location: Point, start: SimInstant, hold: SimDuration,
                      moves: [(Point, SimDuration)] = []) -> [TouchEvent] {
        var out = [event(.began, location, start)]
        var from = location, fromTime = SimDuration.zero
        for (to, at) in moves where at > fromTime {
            out += glide(from: from, to: to, start: start, between: fromTime, and: at)
            from = to; fromTime = at
        }
        out.append(event(.ended, from, start + max(hold, fromTime)))
        return out
    }

    /// Long press: `press` under another name, for scripts that read better.
    public func longPress(at location: Point, start: SimInstant, hold: SimDuration,
                          moves: [(Point, SimDuration)] = []) -> [TouchEvent] {
        press(at: location, start: start, hold: hold, moves: moves)
    }

    /// Down at `path[0]`, along the polyline at constant speed over `duration`, a
    /// `pause` at the end (finger still), then up. A pause of 40 ms or more makes
    /// the release velocity zero (`VelocityTracker.stoppedAfter`).
    public func drag(along path: [Point], start: SimInstant, duration: SimDuration,
                     pause: SimDuration = .zero) -> [TouchEvent] {
        guard let first = path.first else { return [] }
        var out = [event(.began, first, start)]
        let lengths = zip(path, path.dropFirst()).map { $0.distance(to: $1) }
        let total = lengths.reduce(0, +)
        let samples = Int(duration.ticks / samplePeriod.ticks)
        var last = first
        if total > 0 && samples > 0 {
            for i in 1...samples {
                let t = samplePeriod * i
                let p = pointAlong(path, lengths: lengths, distance: total * min(1, t.seconds / duration.seconds))
                out.append(event(.moved, p, start + t))
                last = p
            }
        }
        let end = path.last ?? first
        if last != end { out.append(event(.moved, end, start + duration)); last = end }
        out.append(event(.ended, last, start + max(duration, samplePeriod * samples) + pause))
        return out
    }

    /// An honest swipe (see `SwipePlan`): exactly `distance` along `direction`, the last
    /// three sample periods at `velocity`, then `pause` and an unmoved lift. Throws the
    /// plan's `SwipeError` when it cannot be done (for example a distance too short for
    /// the velocity to be measured at this rate); never lengthens it.
    ///
    /// - Complexity: O(samples).
    public func swipe(from origin: Point, direction: Point, distance: Double, velocity: Double,
                      start: SimInstant, pause: SimDuration = .zero) throws(SwipeError) -> [TouchEvent] {
        let plan = try SwipePlan(direction: direction, distance: distance, velocity: velocity, touchRate: hz, pause: pause)
        return plan.touches(from: origin, start: start, id: touchID)
    }

    /// A plan's stream with this synthesizer's finger id (the plan's rate is used).
    public func swipe(_ plan: SwipePlan, from origin: Point, start: SimInstant) -> [TouchEvent] {
        plan.touches(from: origin, start: start, id: touchID)
    }

    /// Deprecated in spirit: travels `velocity * (duration / 2 + 60 ms + one sample)`
    /// whatever the caller wanted; use `swipe` (exact distance) instead. Kept until
    /// its callers move.
    ///
    /// A fling: down at `from`, the finger accelerates (quadratic ease-in) for
    /// `duration - 120 ms`, then moves at exactly `velocity` (pt/s) for the last
    /// 120 ms and lifts while still moving, one sample period after its last move. The
    /// tracker measures `velocity` back.
    public func fling(from: Point, velocity: Point, start: SimInstant,
                      duration: SimDuration = .milliseconds(200)) -> [TouchEvent] {
        let steady = SimDuration.milliseconds(120)
        let accel = max(.zero, duration - steady)
        let ta = accel.seconds
        // Position after time s: ease-in reaching v at ta, then linear.
        func offset(_ s: Double) -> Point {
            let d: Double
            if s <= ta { d = ta > 0 ? s * s / (2 * ta) : 0 } else { d = ta / 2 + (s - ta) }
            return Point(x: from.x + velocity.x * d, y: from.y + velocity.y * d)
        }
        var out = [event(.began, from, start)]
        let total = accel + steady
        let samples = Int(total.ticks / samplePeriod.ticks)
        for i in 1...max(samples, 1) {
            let t = samplePeriod * i
            out.append(event(.moved, offset(t.seconds), start + t))
        }
        let lift = samplePeriod * (max(samples, 1) + 1)
        out.append(event(.ended, offset(lift.seconds), start + lift))
        return out
    }

    /// Any sequence: (phase, location, time) triples, in order.
    public func raw(_ samples: [(TouchEvent.Phase, Point, SimInstant)]) -> [TouchEvent] {
        samples.map { event($0.0, $0.1, $0.2) }
    }

    private func glide(from: Point, to: Point, start: SimInstant, between t0: SimDuration,
                       and t1: SimDuration) -> [TouchEvent] {
        var out: [TouchEvent] = []
        if from == to { return out }   // a resting finger sends nothing
        let span = (t1 - t0).ticks
        // Samples on the global grid of the stream (multiples of the period from start).
        var k = t0.ticks / samplePeriod.ticks + 1
        while samplePeriod.ticks * k < t1.ticks {
            let t = samplePeriod * Int(k)
            let f = Double(t.ticks - t0.ticks) / Double(span)
            out.append(event(.moved, Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), start + t))
            k += 1
        }
        out.append(event(.moved, to, start + t1))
        return out
    }

    private func pointAlong(_ path: [Point], lengths: [Double], distance: Double) -> Point {
        var remaining = distance
        for (i, l) in lengths.enumerated() {
            if remaining <= l || i == lengths.count - 1 {
                let f = l > 0 ? min(1, remaining / l) : 1
                let a = path[i], b = path[i + 1]
                return Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
            }
            remaining -= l
        }
        return path.last ?? .zero
    }
}
