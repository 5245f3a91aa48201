import SimCore

/// A frame's display time exactly as the file stores it: a fraction of a second,
/// `numerator / denominator`. GIF stores centiseconds (`denominator` 100); APNG stores
/// `delay_num / delay_den` (a zero denominator means 100, as the APNG spec says).
///
/// `duration` is the stored delay on the virtual clock; `playbackDuration` is what a
/// player shows: delays of 10 ms or less play as 100 ms, as browsers and WebKit do
/// (YYImage and SDWebImage clamp below 11 ms; the 10 ms rule is the one most GIFs
/// were authored against).
public struct FrameDelay: Hashable, Sendable, CustomStringConvertible {
    /// Seconds times `denominator`: centiseconds for a GIF; never negative.
    public let numerator: Int
    /// The unit's fraction of a second; always positive.
    public let denominator: Int

    /// A delay as a file stores it; a negative numerator is 0, a denominator of 0 or
    /// less is 100 (the APNG rule).
    ///
    /// - Parameters:
    ///   - numerator: The stored numerator.
    ///   - denominator: The stored denominator.
    public init(numerator: Int, denominator: Int) {
        self.numerator = max(0, numerator)
        self.denominator = denominator <= 0 ? 100 : denominator
    }

    /// A GIF delay in centiseconds.
    public static func centiseconds(_ cs: Int) -> FrameDelay { FrameDelay(numerator: cs, denominator: 100) }
    /// A delay in milliseconds (a recorder's frame interval).
    public static func milliseconds(_ ms: Int) -> FrameDelay { FrameDelay(numerator: ms, denominator: 1000) }

    /// The stored delay on the virtual clock, rounded to the nearest tick.
    public var duration: SimDuration {
        let t = (Int64(numerator) * ticksPerSecond * 2 + Int64(denominator)) / (Int64(denominator) * 2)
        return SimDuration(ticks: t)
    }

    /// The threshold at or below which a delay is replaced by `clampedDuration`.
    public static let clampThreshold = SimDuration.milliseconds(10)
    /// What a too-short delay plays as.
    public static let clampedDuration = SimDuration.milliseconds(100)

    /// The delay a player uses: `duration`, except that 10 ms or less plays as 100 ms.
    public var playbackDuration: SimDuration {
        let d = duration
        return d <= FrameDelay.clampThreshold ? FrameDelay.clampedDuration : d
    }

    /// Whole milliseconds, rounded to nearest (for printing and JSON).
    public var milliseconds: Int { (numerator * 1000 * 2 + denominator) / (denominator * 2) }

    /// Whole milliseconds with the unit: `70ms`.
    public var description: String { "\(milliseconds)ms" }
}
