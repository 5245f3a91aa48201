import SimCore

/// A value animated from `from` to `to` over `duration` starting at `start`, shaped
/// by a timing curve: the keyboard's slide (0.25 s, `.keyboard`), an input bar's
/// height, a bubble list's inset. A pure function of the instant, so it can be
/// sampled at any frame, in any order, with the same result. O(1) per sample.
public struct Tween: Hashable, Sendable {
    public var from: Double
    public var to: Double
    public var start: SimInstant
    public var duration: SimDuration
    public var curve: TimingCurve

    public init(from: Double, to: Double, start: SimInstant, duration: SimDuration, curve: TimingCurve = .easeInOut) {
        self.from = from; self.to = to; self.start = start; self.duration = duration; self.curve = curve
    }

    /// The UIKit keyboard animation: 0.25 s, curve 7.
    public static func keyboard(from: Double, to: Double, start: SimInstant) -> Tween {
        Tween(from: from, to: to, start: start, duration: .milliseconds(250), curve: .keyboard)
    }

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

    public func isFinished(at time: SimInstant) -> Bool { time >= end }
}
