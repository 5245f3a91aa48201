import SimCore

/// A scalar that animates to a target with curve 7 and can be retargeted at any
/// moment: a new target starts from the current presented value, so the value is
/// continuous in time (no jump). Used for the bar's height.
public struct HeightAnimation: Hashable, Sendable {
    /// The value presented when the current animation began.
    public private(set) var from: Double
    /// The value the animation ends at (the value itself when not animating).
    public private(set) var target: Double
    /// When the current animation began.
    public private(set) var start: SimInstant = .zero
    /// How long the current animation lasts (zero: never animated).
    public private(set) var duration: SimDuration = .zero

    /// A value at rest at `value`.
    public init(value: Double) { from = value; target = value }

    /// When the current animation reaches `target`.
    public var end: SimInstant { start + duration }

    /// The presented value at `now`.
    /// - Complexity: O(1): a closed-form curve, no stepping.
    public func value(at now: SimInstant) -> Double {
        guard duration.ticks > 0, now < end else { return target }
        let t = Double((now - start).ticks) / Double(duration.ticks)
        return from + (target - from) * KeyboardCurve.value(at: t)
    }

    /// True while the presented value is still moving at `now`.
    /// - Complexity: O(1).
    public func isAnimating(at now: SimInstant) -> Bool { duration.ticks > 0 && now < end && from != target }

    /// Animates to `newTarget` from the value presented at `now`. A same target is a no-op.
    public mutating func animate(to newTarget: Double, at now: SimInstant, duration: SimDuration) {
        guard newTarget != target else { return }
        from = value(at: now)
        target = newTarget
        start = now
        self.duration = duration
    }
}
