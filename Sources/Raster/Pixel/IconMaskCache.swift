/// The canvas's icon coverage, kept between renders like `ShadowMaskCache`: an icon
/// (or bubble tail) drawn again with exactly the same pixel geometry (the same frame,
/// bit for bit) replays its coverage runs instead of evaluating its parts' signed
/// distances at every pixel. The key is the exact geometry, so a replay paints what
/// the direct path computes (`Target.iconCoverage` is the one definition of a pixel's
/// coverage for both); the colour, opacity and clip are applied when replaying.
/// Bounded: emptied when it reaches `limit` entries.
struct IconMaskCache: Sendable {
    /// An icon and its frame in pixels (bit patterns: equal keys mean identical arithmetic).
    struct Key: Hashable, Sendable {
        var icon: Icon
        var frame: SIMD4<UInt64>

        static func == (a: Key, b: Key) -> Bool { a.frame == b.frame && a.icon == b.icon }

        // The frame alone: the same frame with another icon is rare (hash buckets then
        // compare the icon), and hashing it would hash its raw string.
        func hash(into h: inout Hasher) { h.combine(frame) }
    }

    /// Per row from `y0` the range of `runs` to paint; runs' x are absolute pixels.
    struct Mask: Sendable {
        let y0: Int
        let rows: [Range<Int32>]
        let runs: [CoverageRun]
    }

    /// Masks over this many pixels (of their bounds) are not built: the icon is drawn directly.
    static let maxPixels = 1 << 16

    private var entries: [Key: Mask] = [:]
    let limit = 256

    func lookup(_ key: Key) -> Mask? { entries[key] }

    mutating func store(_ key: Key, _ mask: Mask) {
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[key] = mask
    }
}
