/// A bitmap font in GNU Unifont's `.hex` format: one glyph a line, `CODEPOINT:BITS`,
/// 16 rows of 8 pixels (32 hex digits) or of 16 pixels (64 hex digits).
///
/// Storage is flat (sorted code points, 16 `UInt16` rows a glyph, bit 15 the leftmost
/// pixel), so a 22,000-glyph CJK subset costs about 1 MB and lookups are a binary
/// search (ASCII is a direct table). Raster never reads files: EmojiSimIO loads the
/// shipped subset (`BundledFont.unifont()`), tests may parse a few lines of their own.
public struct BitmapFont: Sendable {
    /// One 16-row glyph. `rows[y]` bit 15 is the pixel at x = 0.
    public struct Glyph: Hashable, Sendable {
        /// 8 (half width) or 16 (full width) pixels.
        public var width: Int
        /// The 16 rows, top first; bit 15 is the leftmost pixel.
        public var rows: SIMD16<UInt16>

        /// A glyph from its rows.
        public init(width: Int, rows: SIMD16<UInt16>) {
            self.width = width; self.rows = rows
        }

        /// Every glyph is 16 pixels tall.
        public static let height = 16

        /// Whether the pixel at (`x`, `y`) is set; false outside the glyph.
        @inlinable public func pixel(x: Int, y: Int) -> Bool {
            guard x >= 0, x < width, y >= 0, y < 16 else { return false }
            return rows[y] & (0x8000 >> UInt16(x)) != 0
        }

        /// The glyph made to fit a box of `boxWidth` pixels (8 or 16), the width the text
        /// layout gave the character. Unifont draws some characters the layout counts as
        /// narrow 16 pixels wide (`➤`, `❤`): each pair of columns is merged into one, so
        /// the glyph stays in its cell instead of covering the next. A narrow glyph in a
        /// wide box (a text-style symbol made wide by VS16) is centred. Other glyphs are
        /// returned unchanged.
        ///
        /// - Parameter boxWidth: the box's width in font pixels.
        /// - Returns: a glyph `boxWidth` wide when the two widths are 8 and 16, else `self`.
        public func fitted(to boxWidth: Int) -> Glyph {
            if width == 16 && boxWidth == 8 {
                var out = SIMD16<UInt16>()
                for y in 0..<16 {
                    let r = rows[y]
                    var merged: UInt16 = 0
                    for c in 0..<8 where r & (0xC000 >> UInt16(2 * c)) != 0 { merged |= 0x8000 >> UInt16(c) }
                    out[y] = merged
                }
                return Glyph(width: 8, rows: out)
            }
            if width == 8 && boxWidth == 16 {
                return Glyph(width: 16, rows: rows &>> 4)
            }
            return self
        }
    }

    /// Limits applied while parsing untrusted input.
    public struct Limits: Hashable, Sendable {
        /// The most glyphs one file may define (200,000; Unifont has about 57,000).
        public var maxGlyphs: Int
        /// The longest line in bytes (200; a 16x16 glyph line is 71).
        public var maxLineLength: Int
        /// - Parameters:
        ///   - maxGlyphs: The most glyphs.
        ///   - maxLineLength: The longest line in bytes.
        public init(maxGlyphs: Int = 200_000, maxLineLength: Int = 200) {
            self.maxGlyphs = maxGlyphs; self.maxLineLength = maxLineLength
        }
    }

    private var codePoints: [UInt32] = []
    private var widths: [UInt8] = []
    private var rowData: [UInt16] = []
    private var ascii: [Int32] = [Int32](repeating: -1, count: 128)

    /// Glyphs defined.
    public var glyphCount: Int { codePoints.count }

    /// An empty font: every character draws as its hex box.
    public init() {}

    /// Parses `.hex` text. Blank lines and lines starting with `#` are skipped.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - source: The file's name, for errors.
    ///   - limits: Glyph and line-length limits, checked as it reads.
    /// - Throws: `BitmapFontError` naming `source`, line and column.
    /// - Complexity: O(n log n) in the number of glyphs (sorted once).
    public init(parsingHex bytes: [UInt8], source: String = "<hex>", limits: Limits = Limits()) throws(BitmapFontError) {
        var entries: [(cp: UInt32, line: Int, width: UInt8, start: Int)] = []
        var rows: [UInt16] = []
        var lineNo = 0
        var i = 0
        let n = bytes.count
        while i < n {
            lineNo += 1
            let lineStart = i
            var end = i
            while end < n && bytes[end] != 0x0A { end += 1 }
            i = end + 1
            var lineEnd = end
            if lineEnd > lineStart && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if lineEnd - lineStart > limits.maxLineLength {
                throw BitmapFontError(.lineTooLong(limit: limits.maxLineLength), source: source, line: lineNo, column: limits.maxLineLength + 1)
            }
            if lineEnd == lineStart || bytes[lineStart] == UInt8(ascii: "#") { continue }
            var colon = lineStart
            while colon < lineEnd && bytes[colon] != UInt8(ascii: ":") { colon += 1 }
            if colon == lineEnd {
                throw BitmapFontError(.missingColon, source: source, line: lineNo, column: 1)
            }
            let cpLen = colon - lineStart
            guard cpLen >= 4 && cpLen <= 6 else {
                throw BitmapFontError(.badCodePoint, source: source, line: lineNo, column: 1)
            }
            var cp: UInt32 = 0
            for k in lineStart..<colon {
                guard let d = Self.hexValue(bytes[k]) else {
                    throw BitmapFontError(.badHexDigit(bytes[k]), source: source, line: lineNo, column: k - lineStart + 1)
                }
                cp = cp << 4 | UInt32(d)
            }
            if cp > 0x10FFFF {
                throw BitmapFontError(.codePointOutOfRange(cp), source: source, line: lineNo, column: 1)
            }
            let digits = lineEnd - colon - 1
            guard digits == 32 || digits == 64 else {
                throw BitmapFontError(.badGlyphLength(digits), source: source, line: lineNo, column: colon - lineStart + 2)
            }
            if entries.count >= limits.maxGlyphs {
                throw BitmapFontError(.tooManyGlyphs(limit: limits.maxGlyphs), source: source, line: lineNo, column: 1)
            }
            let perRow = digits / 16
            let start = rows.count
            var k = colon + 1
            for _ in 0..<16 {
                var v: UInt16 = 0
                for _ in 0..<perRow {
                    guard let d = Self.hexValue(bytes[k]) else {
                        throw BitmapFontError(.badHexDigit(bytes[k]), source: source, line: lineNo, column: k - lineStart + 1)
                    }
                    v = v << 4 | UInt16(d)
                    k += 1
                }
                rows.append(perRow == 2 ? v << 8 : v)
            }
            entries.append((cp, lineNo, perRow == 2 ? 8 : 16, start))
        }
        // Unifont files are sorted already; sort anyway (stable on line) and reject duplicates.
        var sorted = true
        for k in entries.indices.dropFirst() where entries[k - 1].cp >= entries[k].cp { sorted = false; break }
        if !sorted { entries.sort { ($0.cp, $0.line) < ($1.cp, $1.line) } }
        for k in entries.indices.dropFirst() where entries[k - 1].cp == entries[k].cp {
            throw BitmapFontError(.duplicateCodePoint(entries[k].cp, firstLine: entries[k - 1].line),
                                  source: source, line: entries[k].line, column: 1)
        }
        codePoints.reserveCapacity(entries.count)
        widths.reserveCapacity(entries.count)
        if sorted {
            rowData = rows
        } else {
            rowData.reserveCapacity(rows.count)
        }
        for e in entries {
            codePoints.append(e.cp)
            widths.append(e.width)
            if !sorted { rowData.append(contentsOf: rows[e.start..<(e.start + 16)]) }
        }
        for (index, cp) in codePoints.enumerated() where cp < 128 { ascii[Int(cp)] = Int32(index) }
    }

    /// Parses `.hex` text given as a string.
    public init(parsingHex text: String, source: String = "<hex>", limits: Limits = Limits()) throws(BitmapFontError) {
        try self.init(parsingHex: Array(text.utf8), source: source, limits: limits)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }

    private func index(of cp: UInt32) -> Int? {
        if cp < 128 {
            let i = ascii[Int(cp)]
            return i < 0 ? nil : Int(i)
        }
        var lo = 0, hi = codePoints.count - 1
        while lo <= hi {
            let mid = (lo + hi) >> 1
            let v = codePoints[mid]
            if v == cp { return mid }
            if v < cp { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }

    /// The glyph for a code point, nil when the font lacks it.
    ///
    /// - Complexity: O(log n).
    public func glyph(for codePoint: UInt32) -> Glyph? {
        guard let i = index(of: codePoint) else { return nil }
        let base = i * 16
        var rows = SIMD16<UInt16>()
        for y in 0..<16 { rows[y] = rowData[base + y] }
        return Glyph(width: Int(widths[i]), rows: rows)
    }

    /// The glyph for a code point, or Unifont's stand-in for a missing one: a box
    /// holding the code point in hex, `width` pixels wide.
    public func glyphOrBox(for codePoint: UInt32, width: Int) -> Glyph {
        glyph(for: codePoint) ?? Self.hexBox(for: codePoint, width: width)
    }

    /// Whether the font defines a glyph for `codePoint` (otherwise it draws as a hex box).
    ///
    /// - Complexity: O(log glyphs); O(1) for ASCII.
    public func contains(_ codePoint: UInt32) -> Bool { index(of: codePoint) != nil }

    // MARK: - Missing glyphs

    /// 3x5 hex digits, one row of 3 bits per nibble, top row first.
    private static let digitRows: [[UInt16]] = [
        [7, 5, 5, 5, 7], [2, 6, 2, 2, 7], [7, 1, 7, 4, 7], [7, 1, 7, 1, 7],
        [5, 5, 7, 1, 1], [7, 4, 7, 1, 7], [7, 4, 7, 5, 7], [7, 1, 1, 1, 1],
        [7, 5, 7, 5, 7], [7, 5, 7, 1, 7], [7, 5, 7, 5, 5], [6, 5, 6, 5, 6],
        [7, 4, 4, 4, 7], [6, 5, 5, 5, 6], [7, 4, 7, 4, 7], [7, 4, 7, 4, 4],
    ]

    /// A box with the code point's hex digits in two columns (4 digits in 2 rows, 5 or 6
    /// in 3 rows), as Unifont draws code points it has no glyph for. `width` is 8 or 16.
    public static func hexBox(for codePoint: UInt32, width: Int) -> Glyph {
        let w = width >= 16 ? 16 : 8
        var rows = SIMD16<UInt16>()
        let left: UInt16 = 0x8000, right: UInt16 = 0x8000 >> UInt16(w - 1)
        let full: UInt16 = w == 16 ? 0xFFFF : 0xFF00
        rows[0] = full
        rows[15] = full
        for y in 1..<15 { rows[y] = left | right }
        var digits: [Int] = []
        var v = codePoint
        let count = codePoint > 0xFFFF ? 6 : 4
        for _ in 0..<count { digits.insert(Int(v & 0xF), at: 0); v >>= 4 }
        let rowTops = count == 4 ? [3, 9] : [1, 6, 11]
        let colX = w == 16 ? [4, 9] : [1, 4]
        for (k, d) in digits.enumerated() {
            let top = rowTops[k / 2], x = colX[k % 2]
            for (dy, bits) in digitRows[d].enumerated() {
                rows[top + dy] |= bits << UInt16(13 - x)
            }
        }
        return Glyph(width: w, rows: rows)
    }
}
