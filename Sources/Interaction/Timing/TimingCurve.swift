/// A timing curve maps progress through an animation's duration (0...1) to progress
/// of the animated value (0...1). Pure functions of time, so every animation that uses
/// one is reproducible frame by frame.
///
/// The named curves are Core Animation's: `easeIn` (0.42, 0, 1, 1), `easeOut`
/// (0, 0, 0.58, 1), `easeInOut` (0.42, 0, 0.58, 1) and `default` (0.25, 0.1, 0.25, 1),
/// the curve UIView animations and `setContentOffset(_:animated:)` use.
///
/// `keyboard` stands for UIKit's undocumented keyboard curve 7. On device the
/// keyboard animation is a CASpringAnimation; the approximation here is the cubic
/// Bézier (0.380, 0.700, 0.125, 1.000), reverse-engineered by developers matching
/// the keyboard frame by frame: a steep ease-out that covers ~90 % of the distance in
/// the first half of the duration, with zero velocity at the end. Used over the
/// notification's duration (0.25 s) it lands exactly on time, which is what the
/// input bar and list need (their frames follow the keyboard's frame exactly).
public enum TimingCurve: Hashable, Sendable {
    /// Constant speed.
    case linear
    /// Core Animation's ease-in (0.42, 0, 1, 1): slow start.
    case easeIn
    /// Core Animation's ease-out (0, 0, 0.58, 1): slow end.
    case easeOut
    /// Core Animation's ease-in-ease-out (0.42, 0, 0.58, 1).
    case easeInOut
    /// Core Animation's `kCAMediaTimingFunctionDefault`.
    case `default`
    /// UIKit keyboard curve 7 (see the type's documentation).
    case keyboard
    /// A CSS/Core Animation cubic Bézier through (0,0), (x1,y1), (x2,y2), (1,1).
    /// x1 and x2 must lie in 0...1 (they are clamped) so that the curve is a function.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A critically damped spring normalised to the duration: progress
    /// 1 - (1 + w t) e^(-w t) with w chosen so that the remaining distance at t = 1 is
    /// `settle` (e.g. 0.001), then stretched so that t = 1 gives exactly 1.
    case criticallyDampedSpring(settle: Double)

    /// Value progress for time progress `t`, clamped to 0...1.
    ///
    /// - Complexity: O(1): the Bézier inversion takes at most 8 Newton steps and 40
    ///   bisection steps.
    public func value(at t: Double) -> Double {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return CubicBezier(0.42, 0, 1, 1).y(atX: t)
        case .easeOut: return CubicBezier(0, 0, 0.58, 1).y(atX: t)
        case .easeInOut: return CubicBezier(0.42, 0, 0.58, 1).y(atX: t)
        case .default: return CubicBezier(0.25, 0.1, 0.25, 1).y(atX: t)
        case .keyboard: return CubicBezier(0.380, 0.700, 0.125, 1.000).y(atX: t)
        case let .cubicBezier(x1, y1, x2, y2): return CubicBezier(x1, y1, x2, y2).y(atX: t)
        case let .criticallyDampedSpring(settle):
            if t >= 1 { return 1 }
            let w = CriticallyDampedSpring.omega(settlingTo: settle, within: 1)
            let remaining = CriticallyDampedSpring.unitRemaining(w * t)
            let atEnd = CriticallyDampedSpring.unitRemaining(w)
            // Stretch so that progress reaches exactly 1 at t = 1 (no jump at the end).
            return (1 - remaining) / (1 - atEnd)
        }
    }

    /// Interpolates `from` -> `to` at time progress `t`.
    public func interpolate(_ from: Double, _ to: Double, at t: Double) -> Double {
        let p = value(at: t)
        return p >= 1 ? to : from + (to - from) * p
    }
}

/// A cubic Bézier timing function as Core Animation defines it.
struct CubicBezier {
    let x1: Double, y1: Double, x2: Double, y2: Double
    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1); self.y1 = y1
        self.x2 = min(max(x2, 0), 1); self.y2 = y2
    }

    private func coord(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// Solves x(s) = x for the curve parameter, then returns y(s).
    func y(atX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        var solved = false
        for _ in 0..<8 {
            let err = coord(s, x1, x2) - x
            if abs(err) < 1e-12 { solved = true; break }
            let d = derivative(s, x1, x2)
            if abs(d) < 1e-9 { break }
            let next = s - err / d
            if next < 0 || next > 1 { break }
            s = next
        }
        if !solved {
            // x(s) is monotone for control x in 0...1: bisection always converges.
            var lo = 0.0, hi = 1.0
            s = x
            for _ in 0..<40 {
                let v = coord(s, x1, x2)
                if abs(v - x) < 1e-12 { break }
                if v < x { lo = s } else { hi = s }
                s = (lo + hi) / 2
            }
        }
        return coord(s, y1, y2)
    }
}
