import SimCore

/// An honest swipe (a flick): the finger travels exactly `distance` along `direction`
/// and ends with at least three sample periods at exactly `velocity`, so the
/// `VelocityTracker` measures `velocity` at the lift.
///
/// The profile: with `step = velocity / touchRate` (the travel per sample period),
/// the finger moves `step` every period; the remainder of `distance` that is not a
/// whole number of steps is the first sample's move (a slower start, as a finger
/// accelerating), so the last sample lands exactly `distance` from the touch down.
/// After the last move the finger rests `pause` (zero by default), then lifts where it
/// is (an unmoved lift). A pause of 40 ms or more means the tracker reads zero (the
/// finger stopped); that is the caller's choice, never a side effect.
///
/// The plan is a shape without a position or a start instant: `path(from:)` says where
/// the finger goes, so a caller can choose a start point that keeps the whole path on
/// screen before calling `touches(from:start:id:)`. A plan is validated once, when it
/// is made; the impossible ones are typed errors (`SwipeError`) whose messages state
/// the limit, and nothing is lengthened or clamped silently.
///
/// Complexity: making a plan is O(1); `touches` is O(samples), at most
/// `maximumDuration * touchRate` (bounded before any allocation).
public struct SwipePlan: Hashable, Sendable {
    /// Velocities a flick may ask for, pt/s.
    public static let velocityRange: ClosedRange<Double> = 1...100_000
    /// The longest distance, pt (callers with a screen usually allow less, e.g. 10 screens).
    public static let maximumDistance: Double = 100_000
    /// The longest flick (distance / velocity).
    public static let maximumDuration = SimDuration.seconds(3600)
    /// Sample periods at full speed before the lift: what the tracker needs.
    public static let steadySamples = 3

    /// Unit vector.
    public let direction: Point
    /// Points the finger travels.
    public let distance: Double
    /// The finger's speed in points a second at the lift.
    public let velocity: Double
    /// Touch samples a second.
    public let touchRate: Int
    /// Rest between the last move and the lift.
    public let pause: SimDuration
    /// Moved samples (the touch down excluded); the last `steadySamples` at `velocity`.
    public let moves: Int

    /// The shortest distance at which `velocity` can be measured at `touchRate`:
    /// three sample periods at full speed.
    ///
    /// - Complexity: O(1).
    public static func minimumDistance(velocity: Double, touchRate: Int) -> Double {
        Double(steadySamples) * velocity / Double(max(1, touchRate))
    }

    /// Validates and plans. Throws `SwipeError` for a direction that is zero or not
    /// finite, a velocity outside `velocityRange`, a distance not in
    /// (0, `maximumDistance`], an unsupported touch rate, a flick longer than
    /// `maximumDuration`, or a distance shorter than `minimumDistance` (the message
    /// is, for example, `at 120 Hz a flick at 4000 pt/s needs at least 100 pt`).
    public init(direction: Point, distance: Double, velocity: Double, touchRate: Int,
                pause: SimDuration = .zero) throws(SwipeError) {
        let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
        guard direction.x.isFinite, direction.y.isFinite, length.isFinite, length > 0 else {
            throw .invalidDirection(direction)
        }
        guard velocity.isFinite, SwipePlan.velocityRange.contains(velocity) else { throw .velocityOutOfRange(velocity) }
        guard distance.isFinite, distance > 0, distance <= SwipePlan.maximumDistance else {
            throw .distanceOutOfRange(distance)
        }
        guard TouchSynthesizer.isSupported(rate: touchRate) else { throw .unsupportedTouchRate(touchRate) }
        guard distance / velocity <= SwipePlan.maximumDuration.seconds else {
            throw .tooSlow(distance: distance, velocity: velocity)
        }
        let step = velocity / Double(touchRate)
        // Whole steps; the relative epsilon keeps 100 pt at 4000 pt/s and 120 Hz at 3.
        let whole = (distance / step * (1 + 1e-12)).rounded(.down)
        guard whole >= Double(SwipePlan.steadySamples) else {
            // Shown rounded up to hundredths, so the distance it names is accepted.
            let minimum = (SwipePlan.minimumDistance(velocity: velocity, touchRate: touchRate) * 100).rounded(.up) / 100
            throw .tooShort(touchRate: touchRate, velocity: velocity, minimum: minimum)
        }
        let remainder = distance - whole * step
        self.direction = Point(x: direction.x / length, y: direction.y / length)
        self.distance = distance
        self.velocity = velocity
        self.touchRate = touchRate
        self.pause = max(.zero, pause)
        // A remainder below a micro-point is float noise from the division, not a move.
        self.moves = Int(whole) + (remainder > 1e-6 * step ? 1 : 0)
    }

    /// The travel per sample period at full speed.
    public var step: Double { velocity / Double(touchRate) }

    /// One sample interval at `touchRate`.
    public var samplePeriod: SimDuration { .frames(1, at: touchRate) }

    /// From touch down to lift.
    public var duration: SimDuration { samplePeriod * moves + pause }

    /// The finger's displacement from the touch down to the lift.
    public var displacement: Point { Point(x: direction.x * distance, y: direction.y * distance) }

    /// The whole path from `start`: a straight segment, as its two ends. The finger is
    /// never outside it.
    public func path(from start: Point) -> (from: Point, to: Point) { (start, start + displacement) }

    /// The smallest rectangle holding the path from `start` (zero width or height for
    /// an axis-aligned swipe).
    public func bounds(from start: Point) -> Rect {
        let end = start + displacement
        return Rect(x: min(start.x, end.x), y: min(start.y, end.y),
                    width: abs(end.x - start.x), height: abs(end.y - start.y))
    }

    /// The distance from the touch down after move `k` (1...moves); the last is exactly
    /// `distance`.
    public func offset(afterMove k: Int) -> Double {
        k >= moves ? distance : distance - Double(moves - k) * step
    }

    /// The touch stream: down at `from` at `start`, one `moved` per sample period, the
    /// `ended` at the last location after `pause`.
    ///
    /// - Complexity: O(moves).
    public func touches(from origin: Point, start: SimInstant, id: Int = 1) -> [TouchEvent] {
        var out: [TouchEvent] = []
        out.reserveCapacity(moves + 2)
        out.append(TouchEvent(id: id, phase: .began, location: origin, timestamp: start))
        var last = origin
        for k in 1...moves {
            let d = offset(afterMove: k)
            last = Point(x: origin.x + direction.x * d, y: origin.y + direction.y * d)
            out.append(TouchEvent(id: id, phase: .moved, location: last, timestamp: start + samplePeriod * k))
        }
        out.append(TouchEvent(id: id, phase: .ended, location: last, timestamp: start + samplePeriod * moves + pause))
        return out
    }
}
