import Interaction

/// UIKit's keyboard animation curve, `UIViewAnimationCurve(rawValue: 7)`: undocumented,
/// a steep ease-out. Interaction's `TimingCurve.keyboard` approximates it (the cubic
/// Bézier (0.38, 0.70) (0.125, 1.0), as community measurements do) over the
/// notification's duration.
///
/// Kept behind this one type so every keyboard-driven animation (keyboard frame, bar
/// height) uses the same curve and the `code` UIKit reports with it.
public enum KeyboardCurve {
    /// The value UIKit puts in `UIKeyboardAnimationCurveUserInfoKey`.
    public static let code = 7

    /// The timing curve itself.
    public static let curve = TimingCurve.keyboard

    /// Value progress (0...1) for time progress `t` (clamped to 0...1). Monotone,
    /// `value(0) == 0`, `value(1) == 1`.
    /// - Complexity: O(1).
    public static func value(at t: Double) -> Double {
        if !(t > 0) { return 0 } // NaN included
        if t >= 1 { return 1 }
        return curve.value(at: t)
    }
}
