/// Chooses at most `maxColors` RGB colours for a set of pixels, deterministically.
///
/// Exact when the pixels have no more distinct colours than that (sorted by value);
/// otherwise median cut (Heckbert 1982): repeatedly split the box with the widest
/// channel range (ties: the most pixels, then the lowest position) at the
/// pixel-weighted median of that channel; each box's colour is its weighted mean.
/// Same input, same palette, on every
/// platform: only integer arithmetic and total orders.
public enum ColorQuantizer {
    /// A colour as 0xRRGGBB.
    public typealias RGB = UInt32

    /// Distinct colours with their pixel counts, sorted by colour.
    ///
    /// - Parameter colors: One colour a pixel.
    /// - Returns: Each distinct colour once with its count.
    /// - Complexity: O(n + c log c) for n pixels and c distinct colours.
    public static func histogram(_ colors: [RGB]) -> [(color: RGB, count: Int)] {
        var counts: [RGB: Int] = [:]
        for c in colors { counts[c, default: 0] += 1 }
        return counts.map { ($0.key, $0.value) }.sorted { $0.color < $1.color }
    }

    /// The palette: the histogram's colours when they fit, else median cut's box means.
    ///
    /// - Parameters:
    ///   - histogram: Distinct colours with pixel counts, as `histogram(_:)` returns.
    ///   - maxColors: At least 1.
    /// - Returns: At most `maxColors` colours.
    /// - Complexity: O(c log c · k) for c distinct colours and k boxes.
    public static func palette(histogram: [(color: RGB, count: Int)], maxColors: Int) -> [RGB] {
        precondition(maxColors >= 1)
        if histogram.count <= maxColors { return histogram.map({ $0.color }) }
        var items = histogram
        // Boxes are ranges of `items`; each split sorts its range along one channel.
        var boxes: [Range<Int>] = [0..<items.count]
        func channel(_ c: RGB, _ ch: Int) -> Int { Int((c >> UInt32(16 - 8 * ch)) & 0xFF) }
        func widest(_ r: Range<Int>) -> (channel: Int, range: Int) {
            var best = (0, -1)
            for ch in 0..<3 {
                var lo = 255, hi = 0
                for i in r { let v = channel(items[i].color, ch); lo = min(lo, v); hi = max(hi, v) }
                if hi - lo > best.1 { best = (ch, hi - lo) }
            }
            return best
        }
        func stats(_ r: Range<Int>) -> (channel: Int, range: Int, population: Int) {
            let w = widest(r)
            var pop = 0
            for i in r { pop += items[i].count }
            return (w.channel, w.range, pop)
        }
        var boxStats = [stats(boxes[0])]
        while boxes.count < maxColors {
            var pick = -1
            for b in boxes.indices where boxes[b].count > 1 && boxStats[b].range > 0 {
                if pick < 0 || boxStats[b].range > boxStats[pick].range
                    || (boxStats[b].range == boxStats[pick].range && boxStats[b].population > boxStats[pick].population) {
                    pick = b
                }
            }
            guard pick >= 0 else { break }
            let r = boxes[pick]
            let ch = boxStats[pick].channel
            items[r].sort { a, b in
                let va = channel(a.color, ch), vb = channel(b.color, ch)
                return va != vb ? va < vb : a.color < b.color
            }
            let half = (boxStats[pick].population + 1) / 2
            var acc = 0, cut = r.lowerBound + 1
            for i in r {
                acc += items[i].count
                if acc >= half { cut = i + 1; break }
            }
            cut = min(max(cut, r.lowerBound + 1), r.upperBound - 1)
            boxes[pick] = r.lowerBound..<cut
            boxes.insert(cut..<r.upperBound, at: pick + 1)
            boxStats[pick] = stats(boxes[pick])
            boxStats.insert(stats(boxes[pick + 1]), at: pick + 1)
        }
        return boxes.map { r in
            var sums = [0, 0, 0], n = 0
            for i in r {
                for ch in 0..<3 { sums[ch] += channel(items[i].color, ch) * items[i].count }
                n += items[i].count
            }
            let m = sums.map { UInt32(($0 + n / 2) / max(n, 1)) }
            return m[0] << 16 | m[1] << 8 | m[2]
        }
    }

    /// The index of the palette colour nearest to `c` (squared RGB distance; ties: lowest index).
    ///
    /// - Parameters:
    ///   - c: The colour.
    ///   - palette: A non-empty palette.
    /// - Returns: An index into `palette`.
    /// - Complexity: O(palette).
    public static func nearest(_ c: RGB, in palette: [RGB]) -> Int {
        var best = 0, bestD = Int.max
        let r = Int(c >> 16 & 0xFF), g = Int(c >> 8 & 0xFF), b = Int(c & 0xFF)
        for (i, p) in palette.enumerated() {
            let dr = r - Int(p >> 16 & 0xFF), dg = g - Int(p >> 8 & 0xFF), db = b - Int(p & 0xFF)
            let d = dr * dr + dg * dg + db * db
            if d < bestD { bestD = d; best = i }
        }
        return best
    }
}
