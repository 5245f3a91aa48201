/// UIKit's keyboard animation curve, `UIViewAnimationCurve(rawValue: 7)`: undocumented,
/// a steep ease-out. Approximated, as community measurements do, by the cubic Bézier
/// (0.38, 0.70) (0.125, 1.0) over the notification's duration.
///
/// Kept behind this one type so that the curve can be swapped for Interaction's
/// `TimingCurve` once that module carries curve 7, without touching the models.
public enum KeyboardCurve {
    /// The value UIKit puts in `UIKeyboardAnimationCurveUserInfoKey`.
    public static let code = 7

    static let p1 = (x: 0.38, y: 0.70)
    static let p2 = (x: 0.125, y: 1.0)

    /// Value progress (0...1) for time progress `t` (clamped to 0...1).
    /// Monotone, `value(0) == 0`, `value(1) == 1`. O(1): at most 8 Newton steps, then
    /// a bounded bisection fallback of 30 steps.
    public static func value(at t: Double) -> Double {
        if !(t > 0) { return 0 }
        if t >= 1 { return 1 }
        let u = parameter(forX: t)
        return bezier(u, p1.y, p2.y)
    }

    /// One coordinate of a cubic Bézier from 0 to 1 with inner control values a, b.
    static func bezier(_ u: Double, _ a: Double, _ b: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u
    }

    static func bezierDerivative(_ u: Double, _ a: Double, _ b: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * a + 6 * v * u * (b - a) + 3 * u * u * (1 - b)
    }

    /// Solves x(u) = x for u in 0...1. x(u) is monotone because both inner x control
    /// values lie in 0...1.
    static func parameter(forX x: Double) -> Double {
        var u = x
        for _ in 0..<8 {
            let err = bezier(u, p1.x, p2.x) - x
            if abs(err) < 1e-12 { return u }
            let d = bezierDerivative(u, p1.x, p2.x)
            if abs(d) < 1e-9 { break }
            u -= err / d
            if u < 0 || u > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        u = x
        for _ in 0..<30 {
            u = (lo + hi) / 2
            if bezier(u, p1.x, p2.x) < x { lo = u } else { hi = u }
        }
        return u
    }
}
