/// A timing curve maps progress through an animation's duration (0...1) to progress
/// of the animated value (0...1). Pure functions of time, so every animation that uses
/// one is reproducible frame by frame.
public enum TimingCurve: Hashable, Sendable {
    case linear

    /// Value progress for time progress `t`, clamped to 0...1.
    public func value(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        }
    }
}
