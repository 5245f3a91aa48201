/// The canvas's glyphs as runs of set pixels, so a character drawn again (in this
/// render or the next) costs neither the font lookup (a binary search for CJK) nor
/// the bit scanning of its 16 rows.
///
/// Direct-mapped: `slotCount` slots indexed by a hash of (code point, box width), each
/// naming its key, so a collision only costs a rebuild. Runs are in font pixels
/// (row, first column, end column), scaled when drawn; they are exactly the runs
/// `Target.drawGlyph` finds, so the pixels are the same. The canvas empties the cache
/// when its options (font, scale) change. Memory bounded: emptied when `runs` reaches
/// `maxRuns`. Lookup O(1); a miss O(16 rows).
struct GlyphCache: Sendable {
    struct Slot: Sendable {
        var key: UInt32 = .max
        var start: Int32 = 0
        var count: Int32 = 0
    }

    static let slotCount = 2048
    static let maxRuns = 1 << 16

    private var slots: [Slot] = []
    /// Packed `row | column << 8 | end << 16`.
    private(set) var runs: [UInt32] = []

    /// The range of `runs` for the glyph of `codePoint` fitted to a box `boxWidth` wide
    /// (`Glyph.fitted(to:)`; a hex box that wide when the font lacks it), computed on
    /// first use.
    mutating func lookup(_ codePoint: UInt32, boxWidth: Int, font: BitmapFont) -> Range<Int> {
        if slots.isEmpty { slots = [Slot](repeating: Slot(), count: Self.slotCount) }
        let key = codePoint << 1 | (boxWidth >= 16 ? 1 : 0)
        let index = Int((key &* 0x9E37_79B1) >> 21) & (Self.slotCount - 1)
        let slot = slots[index]
        if slot.key == key { return Int(slot.start)..<Int(slot.start + slot.count) }
        if runs.count + 16 * 8 > Self.maxRuns {
            runs.removeAll(keepingCapacity: true)
            for i in slots.indices { slots[i] = Slot() }
        }
        let start = runs.count
        Self.appendRuns(of: font.glyphOrBox(for: codePoint, width: boxWidth).fitted(to: boxWidth), to: &runs)
        slots[index] = Slot(key: key, start: Int32(start), count: Int32(runs.count - start))
        return start..<runs.count
    }

    /// The runs of set bits of each row, as `drawGlyph` scans them.
    static func appendRuns(of glyph: BitmapFont.Glyph, to runs: inout [UInt32]) {
        let w = glyph.width
        for row in 0..<16 {
            var bits = glyph.rows[row]
            var col = 0
            while bits != 0 && col < w {
                let skip = bits.leadingZeroBitCount
                col += skip
                bits <<= UInt16(skip)
                let run = (~bits).leadingZeroBitCount
                let end = min(w, col + run)
                if end > col { runs.append(UInt32(row) | UInt32(col) << 8 | UInt32(end) << 16) }
                bits = run >= 16 ? 0 : bits << UInt16(run)
                col = end
            }
        }
    }
}
