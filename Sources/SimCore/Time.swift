/// Virtual time is counted in integer ticks so that nothing drifts: 720,000 ticks a
/// second divide exactly into milliseconds and into frames at 24, 30, 60, 90, 120,
/// 144 and 240 Hz, so 60 frames at 60 Hz are exactly one second, always.
public let ticksPerSecond: Int64 = 720_000

/// A length of virtual time. Integer ticks; conversions from seconds round to the
/// nearest tick.
///
/// The `Double` conversions are total: they saturate instead of trapping, so no caller
/// (a script literal, a computed gesture length) can crash the process with a huge or
/// non-finite value. NaN becomes zero; anything beyond ±2^63 ticks (about ±405,000
/// years) becomes `Int64.max` / `Int64.min` ticks. Callers that accept user input still
/// check their own, far smaller, limits first.
public struct SimDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length in ticks (`ticksPerSecond` a second); may be negative.
    public var ticks: Int64
    /// A duration of exactly `ticks`.
    public init(ticks: Int64) { self.ticks = ticks }

    /// No time.
    public static let zero = SimDuration(ticks: 0)
    /// Whole seconds, exact.
    public static func seconds(_ s: Int) -> SimDuration { SimDuration(ticks: Int64(s) * ticksPerSecond) }
    /// Seconds rounded to the nearest tick, saturating (see the type).
    public static func seconds(_ s: Double) -> SimDuration {
        SimDuration(ticks: saturatingTicks(s * Double(ticksPerSecond)))
    }
    /// Whole milliseconds, exact (720 ticks each).
    public static func milliseconds(_ ms: Int) -> SimDuration { SimDuration(ticks: Int64(ms) * (ticksPerSecond / 1000)) }
    /// Milliseconds rounded to the nearest tick, saturating.
    public static func milliseconds(_ ms: Double) -> SimDuration {
        SimDuration(ticks: saturatingTicks(ms * Double(ticksPerSecond) / 1000))
    }

    /// `t` rounded to the nearest integer, clamped to the `Int64` range; NaN is 0.
    /// 2^63 is exactly representable as a Double, so the comparisons are exact.
    static func saturatingTicks(_ t: Double) -> Int64 {
        let r = t.rounded()
        if r.isNaN { return 0 }
        if r >= 9_223_372_036_854_775_808.0 { return .max }
        if r < -9_223_372_036_854_775_808.0 { return .min }
        return Int64(r)
    }
    /// The duration of `count` frames at `hz`. Exact when `hz` divides 720,000.
    public static func frames(_ count: Int, at hz: Int) -> SimDuration {
        precondition(hz > 0, "frame rate must be positive")
        return SimDuration(ticks: Int64(count) * ticksPerSecond / Int64(hz))
    }

    /// The length in seconds (for physics and printing; time itself stays in ticks).
    public var seconds: Double { Double(ticks) / Double(ticksPerSecond) }
    /// The length in milliseconds.
    public var milliseconds: Double { Double(ticks) * 1000 / Double(ticksPerSecond) }

    /// Shorter than.
    public static func < (a: SimDuration, b: SimDuration) -> Bool { a.ticks < b.ticks }
    /// The sum; traps on overflow, like `Int64` (durations from user input are bounded first).
    public static func + (a: SimDuration, b: SimDuration) -> SimDuration { SimDuration(ticks: a.ticks + b.ticks) }
    /// The difference; traps on overflow.
    public static func - (a: SimDuration, b: SimDuration) -> SimDuration { SimDuration(ticks: a.ticks - b.ticks) }
    /// `n` times the duration (e.g. a frame count); traps on overflow.
    public static func * (a: SimDuration, n: Int) -> SimDuration { SimDuration(ticks: a.ticks * Int64(n)) }
    /// Adds `b` to `a`.
    public static func += (a: inout SimDuration, b: SimDuration) { a.ticks += b.ticks }

    /// Seconds with three decimals, rounded to the millisecond: `0.300s`, `1.250s`;
    /// 0.0167 s is shown as `0.017s`.
    public var description: String { formatSeconds(ticks) }
}

/// A moment on the virtual clock, measured from the clock's start.
public struct SimInstant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Ticks since the clock's start.
    public var ticks: Int64
    /// The instant `ticks` after the start.
    public init(ticks: Int64) { self.ticks = ticks }
    /// The clock's start.
    public static let zero = SimInstant(ticks: 0)

    /// Seconds since the start.
    public var seconds: Double { Double(ticks) / Double(ticksPerSecond) }
    /// Earlier than.
    public static func < (a: SimInstant, b: SimInstant) -> Bool { a.ticks < b.ticks }
    /// The instant `d` later.
    public static func + (a: SimInstant, d: SimDuration) -> SimInstant { SimInstant(ticks: a.ticks + d.ticks) }
    /// The instant `d` earlier.
    public static func - (a: SimInstant, d: SimDuration) -> SimInstant { SimInstant(ticks: a.ticks - d.ticks) }
    /// The time from `b` to `a` (negative when `a` is earlier).
    public static func - (a: SimInstant, b: SimInstant) -> SimDuration { SimDuration(ticks: a.ticks - b.ticks) }
    /// Moves `a` later by `d`.
    public static func += (a: inout SimInstant, d: SimDuration) { a.ticks += d.ticks }
    /// Seconds since the start with three decimals: `0.773s`, as traces print times.
    public var description: String { formatSeconds(ticks) }
}

/// Deterministic `S.mmms` formatting (integer arithmetic only).
func formatSeconds(_ ticks: Int64) -> String {
    let negative = ticks < 0
    let t = negative ? -ticks : ticks
    // Round to the nearest millisecond.
    let perMs = ticksPerSecond / 1000
    let ms = (t + perMs / 2) / perMs
    let whole = ms / 1000, frac = ms % 1000
    var s = negative ? "-" : ""
    s += String(whole) + "."
    let f = String(frac)
    s += String(repeating: "0", count: 3 - f.count) + f
    return s + "s"
}
