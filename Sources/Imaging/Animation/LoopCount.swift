/// How many times an animation plays, in total.
///
/// GIF: no NETSCAPE2.0 block means `.times(1)` (play once); a stored count of 0 means
/// `.forever`; a stored count n > 0 is read as n plays in total, as ImageIO, YYImage and
/// SDWebImage read it (browsers play n + 1 times; the raw value stays available in
/// `GIFMetadata.netscapeLoopCount`). APNG: `num_plays` 0 is `.forever`, n is `.times(n)`.
public enum LoopCount: Hashable, Sendable, CustomStringConvertible {
    /// Plays until stopped.
    case forever
    /// Total number of plays; at least 1.
    case times(Int)

    /// One play: what a GIF without a NETSCAPE2.0 block does.
    public static let once = LoopCount.times(1)

    /// The count as the file formats store it: 0 for forever, else the number of plays.
    public var storedValue: Int {
        switch self {
        case .forever: return 0
        case .times(let n): return n
        }
    }

    /// Maps a stored value (0 = forever) to a loop count.
    public init(storedValue: Int) {
        self = storedValue <= 0 ? .forever : .times(storedValue)
    }

    /// "forever", "once" or "N times".
    public var description: String {
        switch self {
        case .forever: return "forever"
        case .times(let n): return n == 1 ? "once" : "\(n) times"
        }
    }
}
