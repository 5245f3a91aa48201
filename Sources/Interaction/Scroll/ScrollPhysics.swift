import SimCore

/// UIScrollView's deceleration rate: the fraction of velocity kept per millisecond.
public struct DecelerationRate: Hashable, Sendable {
    /// The fraction of velocity kept per millisecond (0.998 normal, 0.99 fast).
    public let rawValue: Double
    /// The decay constant k = -1000 ln d (1/s): v(t) = v0 e^(-k t).
    /// 2.002 /s for normal, 10.05 /s for fast. Computed once.
    public let decayPerSecond: Double

    /// A custom rate; traps outside (0, 1) (a programming error).
    ///
    /// - Parameter rawValue: The velocity fraction kept per millisecond.
    public init(rawValue: Double) {
        precondition(rawValue > 0 && rawValue < 1, "deceleration rate must be in (0, 1)")
        self.rawValue = rawValue
        self.decayPerSecond = -1000 * SimMath.log(rawValue)
    }
    /// `UIScrollView.DecelerationRate.normal`.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fast = DecelerationRate(rawValue: 0.99)
}

/// The formulas and constants of the scroll simulation, all in one place so that
/// docs/ARCHITECTURE.md can list them and tests can check them. Pure functions, O(1).
///
/// - Deceleration: v(t) = v0 d^(1000 t), x(t) = x0 + v0 / k (1 - e^(-k t)),
///   k = -1000 ln d. It stops when |v| < `stopVelocity`, at t = ln(|v0| / stop) / k, and
///   then lands on the asymptote x0 + v0 / k exactly (at most stop / k = 0.25 pt away
///   at the normal rate), which is the `targetContentOffset` reported on release.
/// - Rubber band: overshoot f(x) = (1 - 1 / (x * 0.55 / d + 1)) * d < d.
/// - Bounce: a critically damped spring in "finger space" (the overshoot before the
///   rubber band), shown through the rubber band, so the shown overshoot is always
///   below d. Released out of bounds, the spring starts from the finger's overshoot
///   and velocity; a deceleration that reaches an edge enters it with the edge
///   velocity / 0.55 (the rubber band's slope at 0), so the shown velocity is
///   continuous.
/// - Approach (paging, projection, a target changed by the delegate): exponential
///   approach x(t) = T + (x0 - T) e^(-k' t), k' = v0 / (T - x0) clamped to
///   [`approachMinRate`, `approachMaxRate`], ending when within `settleDistance`.
public struct ScrollPhysics: Hashable, Sendable {
    /// Below this speed (pt/s) a deceleration stops.
    public var stopVelocity: Double = 0.5
    /// Rubber-band stiffness constant of the formula (UIKit's 0.55).
    public var rubberBandCoefficient: Double = 0.55
    /// The bounce-back spring (critically damped, response 0.4 s, w = 15.7 rad/s: a
    /// 100 pt overshoot released at rest is within 0.5 pt after ~0.47 s).
    public var bounceSpring = CriticallyDampedSpring(response: 0.4)
    /// Spring and approach motions end when this close to their rest (pt); the last
    /// frame then lands exactly on it.
    public var settleDistance: Double = 0.1
    /// Decay constants (1/s) bounding the approach to a chosen target. The minimum
    /// is the fast rate's (10 /s: 160 pt settle in ~0.74 s).
    public var approachMinRate: Double = 10
    /// The largest decay constant (1/s) of an approach to a chosen target.
    public var approachMaxRate: Double = 40
    /// `setContentOffset(_:animated: true)`: duration and curve. UIKit's is not
    /// documented; 0.3 s with the default ease curve matches recordings closely.
    public var animationDuration: SimDuration = .milliseconds(300)
    /// The curve of `setContentOffset(_:animated: true)`.
    public var animationCurve: TimingCurve = .default
    /// UIKit paging: a release faster than this (pt/s, along the axis) is a "clear
    /// flick" and moves one page in its direction; slower releases round to the
    /// nearest page. UIKit does not document its value; 300 pt/s (0.3 pt/ms in the
    /// units of `scrollViewWillEndDragging`) is our choice.
    public var pagingFlickVelocity: Double = 300

    /// UIKit-like defaults (see each property).
    public init() {}

    /// Shown overshoot for a finger overshoot `x >= 0` with viewport dimension `d`.
    public func rubberBand(_ x: Double, dimension d: Double) -> Double {
        guard d > 0, x > 0 else { return 0 }
        return (1 - 1 / (x * rubberBandCoefficient / d + 1)) * d
    }

    /// The finger overshoot that shows as `shown` (inverse of `rubberBand`); shown
    /// overshoots at or beyond d are clamped just below it.
    public func inverseRubberBand(_ shown: Double, dimension d: Double) -> Double {
        guard d > 0, shown > 0 else { return 0 }
        let o = min(shown, d * (1 - 1e-9))
        return (d / rubberBandCoefficient) * (o / (d - o))
    }

    /// Where a free deceleration from `x0` at `v0` comes to rest: x0 - v0 / (1000 ln d).
    public static func restingOffset(from x0: Double, velocity v0: Double, rate: DecelerationRate) -> Double {
        x0 + v0 / rate.decayPerSecond
    }

    /// Seconds until a free deceleration falls below `stopVelocity`; 0 if already slower.
    public func stopTime(velocity v0: Double, rate: DecelerationRate) -> Double {
        let speed = abs(v0)
        guard speed > stopVelocity else { return 0 }
        return SimMath.log(speed / stopVelocity) / rate.decayPerSecond
    }
}
