import SimCore

/// Why a swipe cannot be performed as asked. Messages state the limit, so a caller can
/// prefix its own context (`swipe panel left by 60pt at 4000pt/s: ` + description) and
/// add advice. Nothing is ever lengthened or clamped silently.
public enum SwipeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Velocity outside `SwipePlan.velocityRange` (or not finite).
    case velocityOutOfRange(Double)
    /// Distance not positive, not finite, or above `SwipePlan.maximumDistance`.
    case distanceOutOfRange(Double)
    /// The direction is zero or not finite.
    case invalidDirection(Point)
    /// The touch rate is not one `TouchSynthesizer` can sample exactly.
    case unsupportedTouchRate(Int)
    /// `distance / velocity` is longer than `SwipePlan.maximumDuration`.
    case tooSlow(distance: Double, velocity: Double)
    /// The distance is too short for the velocity to be measured at this rate: the
    /// finger needs three sample periods at full speed, `minimum` points.
    case tooShort(touchRate: Int, velocity: Double, minimum: Double)

    /// What is wrong, with the accepted values.
    public var description: String {
        switch self {
        case let .velocityOutOfRange(v):
            return "a flick's velocity must be between \(formatPoints(SwipePlan.velocityRange.lowerBound)) and "
                + "\(formatPoints(SwipePlan.velocityRange.upperBound)) pt/s, not \(formatPoints(v)) pt/s"
        case let .distanceOutOfRange(d):
            return "a swipe's distance must be more than 0 and at most \(formatPoints(SwipePlan.maximumDistance)) pt, "
                + "not \(formatPoints(d)) pt"
        case let .invalidDirection(p):
            return "a swipe's direction must be a non-zero finite vector, not \(p)"
        case let .unsupportedTouchRate(hz):
            return "touch rate \(hz) Hz is not supported (use a rate from \(TouchSynthesizer.rateRange.lowerBound) "
                + "to \(TouchSynthesizer.rateRange.upperBound) Hz that divides \(ticksPerSecond), such as 60 or 120)"
        case let .tooSlow(d, v):
            return "a swipe of \(formatPoints(d)) pt at \(formatPoints(v)) pt/s would last "
                + "\(formatPoints(d / v)) s, longer than \(formatPoints(SwipePlan.maximumDuration.seconds)) s"
        case let .tooShort(hz, v, minimum):
            return "at \(hz) Hz a flick at \(formatPoints(v)) pt/s needs at least \(formatPoints(minimum)) pt"
        }
    }
}
