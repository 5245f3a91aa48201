import SimCore

/// A value animated from `from` to `to` over `duration` starting at `start`, shaped
/// by a timing curve: the keyboard's slide (0.25 s, `.keyboard`), an input bar's
/// height, a bubble list's inset. A pure function of the instant, so it can be
/// sampled at any frame, in any order, with the same result; each sample is O(1).
public struct Tween: Hashable, Sendable {
    /// The value before and at the start.
    public var from: Double
    /// The value at and after the end.
    public var to: Double
    /// When it starts.
    public var start: SimInstant
    /// How long it runs; zero or less jumps to `to` at the start.
    public var duration: SimDuration
    /// The shape of the motion.
    public var curve: TimingCurve

    /// - Parameters:
    ///   - from: The starting value.
    ///   - to: The ending value.
    ///   - start: When it starts.
    ///   - duration: How long it runs.
    ///   - curve: The timing curve (`.easeInOut`).
    public init(from: Double, to: Double, start: SimInstant, duration: SimDuration, curve: TimingCurve = .easeInOut) {
        self.from = from; self.to = to; self.start = start; self.duration = duration; self.curve = curve
    }

    /// The UIKit keyboard animation: 0.25 s, curve 7.
    public static func keyboard(from: Double, to: Double, start: SimInstant) -> Tween {
        Tween(from: from, to: to, start: start, duration: .milliseconds(250), curve: .keyboard)
    }

    /// `start + duration`: from then on the value is exactly `to`.
    public var end: SimInstant { start + duration }

    /// Time progress 0...1 at `time`.
    public func progress(at time: SimInstant) -> Double {
        if duration.ticks <= 0 { return time >= start ? 1 : 0 }
        return Double((time - start).ticks) / Double(duration.ticks)
    }

    /// `from` before the start, `to` exactly from the end on.
    public func value(at time: SimInstant) -> Double {
        if time >= end { return to }
        return curve.interpolate(from, to, at: progress(at: time))
    }

    /// Whether `time` is at or past `end`.
    public func isFinished(at time: SimInstant) -> Bool { time >= end }
}
