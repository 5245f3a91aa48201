import SimCore

/// Text with inline emoji broken into lines for a width, with the metrics of the
/// bitmap font (see `FontMetrics`). Components measure with it, rasterizers draw it,
/// the input bar asks it for caret rectangles and hit tests.
///
/// Text positions: every element (one grapheme cluster of text, one inline emoji, one
/// hard newline) is one position; position `p` is the caret before element `p`, and
/// `positionCount` the end. Emoji are atomic: no position falls inside one.
///
/// Complexity: building is O(n) in the number of elements (greedy first fit; an
/// element is measured once and walked again at most once when its word wraps).
/// `update(to:)` re-lays out only the lines an edit touched: O(edit + a few lines),
/// plus moving the arrays after the edit (memmove) and O(1) per line after it (glyphs
/// are kept relative to their line); O(1 line) for typing at the end.
/// Caret and hit-testing queries are O(log lines + line length).
public struct TextLayout: Hashable, Sendable {
    /// What an element is. The emoji payload is boxed (`indirect`): an `InlineEmoji` is
    /// five strings wide, and unboxed it would make every character element (and glyph)
    /// that wide too, about 90 bytes each instead of 24 in a long text.
    public enum Element: Hashable, Sendable {
        /// One grapheme cluster.
        case character(Character)
        /// One inline emoji.
        indirect case emoji(InlineEmoji)
        /// A hard line break (`\n`).
        case newline
    }

    /// What a placed glyph draws (the emoji payload boxed, as in `Element`).
    public enum GlyphContent: Hashable, Sendable {
        /// A character's glyph.
        case character(Character)
        /// An inline emoji's image or characters.
        indirect case emoji(InlineEmoji)
        /// The "…" ending a truncated last line.
        case ellipsis
    }

    /// A visible glyph, its frame relative to the layout's origin.
    public struct Glyph: Hashable, Sendable {
        /// What it draws.
        public var content: GlyphContent
        /// Where, relative to the layout's origin.
        public var frame: Rect
        /// The text position of the element; nil for the ellipsis.
        public var position: Int?
        /// Cells it takes in the CharGrid.
        public var width: CharacterWidth
        /// The first scalar of a character (what a bitmap font draws), U+2026 for the
        /// ellipsis, 0 for an inline emoji. Saves rasterizers a walk over the string.
        public var codePoint: UInt32
        /// True when the character is that one scalar alone (no combining marks, no
        /// emoji sequence).
        public var isSingleScalar: Bool
    }

    /// One line: the elements it holds (including hanging spaces and its newline),
    /// its glyphs, its frame relative to the layout's origin.
    ///
    /// The glyphs are kept relative to the line (positions from `range.lowerBound`, y
    /// from the line's top), so a line that an edit before it only moves is moved in
    /// O(1) (`TextLayout.update(to:)`); `glyphs` gives them in layout coordinates.
    public struct Line: Hashable, Sendable {
        /// The text positions (element indices) of the line.
        public var range: Range<Int>
        /// The glyphs relative to the line: `position` counted from `range.lowerBound`,
        /// `frame.minY` from `frame.minY` of the line.
        var localGlyphs: [Glyph]
        /// y is the line's top; width excludes hanging spaces and includes the ellipsis.
        public var frame: Rect
        /// True when the line ends with a hard newline.
        public var endsWithNewline: Bool
        /// The last line kept under `maxLines`, ending in "…".
        public var isTruncated: Bool

        init(range: Range<Int>, localGlyphs: [Glyph], frame: Rect, endsWithNewline: Bool, isTruncated: Bool) {
            self.range = range; self.localGlyphs = localGlyphs; self.frame = frame
            self.endsWithNewline = endsWithNewline; self.isTruncated = isTruncated
        }

        /// A glyph frame of `localGlyphs` in layout coordinates (as `glyphs` gives it):
        /// what the rasterizers read, so a render copies no glyph array.
        @inline(__always) func layoutFrame(_ local: Rect) -> Rect {
            Rect(x: local.minX, y: frame.minY + local.minY, width: local.width, height: local.height)
        }

        /// The glyphs in layout coordinates (positions and frames of the layout).
        ///
        /// - Complexity: O(glyphs).
        public var glyphs: [Glyph] {
            get {
                let p0 = range.lowerBound, y = frame.minY
                return localGlyphs.map { g in
                    var a = g
                    if let p = g.position { a.position = p0 + p }
                    a.frame = Rect(x: g.frame.minX, y: y + g.frame.minY, width: g.frame.width, height: g.frame.height) // = layoutFrame
                    return a
                }
            }
            set {
                let p0 = range.lowerBound, y = frame.minY
                localGlyphs = newValue.map { g in
                    var r = g
                    if let p = g.position { r.position = p - p0 }
                    r.frame = Rect(x: g.frame.minX, y: g.frame.minY - y, width: g.frame.width, height: g.frame.height)
                    return r
                }
            }
        }
    }

    /// The metrics it was laid out with.
    public let metrics: FontMetrics
    /// The width lines are broken for (`.infinity`: never wrap).
    public let maxWidth: Double
    /// 0 means unlimited.
    public let maxLines: Int
    /// Every text position's element, in order (characters, emoji, newlines).
    public internal(set) var elements: [Element]
    /// The x of each element's leading edge within its line: the sum of the advances
    /// before it on its line.
    public internal(set) var offsets: [Double]
    /// Each element's advance in points (0 for a newline).
    public internal(set) var advances: [Double]
    /// The lines, top first.
    public internal(set) var lines: [Line]
    /// True when `maxLines` cut text off (the last line ends with "…").
    public internal(set) var isTruncated: Bool

    // What `update(to:)` needs to re-lay out only what an edit touched; derived from
    // the runs, so not part of equality.
    var classes: [BreakClass]
    var widths: [CharacterWidth]
    /// The runs laid out (as given; `==` ignores how text was split into runs).
    public internal(set) var runs: [InlineRun]
    /// The element index where each run begins (one more entry: the element count).
    var runStarts: [Int]
    /// Each element's UTF-8 offset within its text run (0 for an inline emoji).
    var byteOffsets: [Int]
    /// Lines broken (not merely moved) by the last `update(to:)` or the initializer:
    /// what tests assert to show an edit's work is bounded.
    public internal(set) var linesBrokenByLastUpdate = 0

    /// Elements laid out: caret positions run 0...positionCount.
    public var positionCount: Int { elements.count }

    /// Equal layouts place the same elements the same way, however the runs were split.
    public static func == (a: TextLayout, b: TextLayout) -> Bool {
        a.metrics == b.metrics && a.maxWidth == b.maxWidth && a.maxLines == b.maxLines
            && a.isTruncated == b.isTruncated && a.elements == b.elements && a.offsets == b.offsets
            && a.advances == b.advances && a.lines == b.lines
    }

    /// Hashes what `==` compares.
    ///
    /// - Complexity: O(elements).
    public func hash(into h: inout Hasher) {
        h.combine(metrics); h.combine(maxWidth); h.combine(maxLines); h.combine(isTruncated)
        h.combine(elements); h.combine(offsets); h.combine(advances); h.combine(lines)
    }

    /// The bounding size: widest line (without hanging spaces) by the sum of line heights.
    public var size: Size {
        var w = 0.0
        for l in lines { w = max(w, l.frame.width) }
        return Size(width: w, height: lines.last.map { $0.frame.maxY } ?? 0)
    }

    /// Lays out `runs` for `maxWidth` (points); `maxLines` 0 means unlimited.
    public init(_ runs: [InlineRun], maxWidth: Double = .infinity, maxLines: Int = 0,
                metrics: FontMetrics = .unifont16) {
        self.metrics = metrics
        self.maxWidth = maxWidth.isNaN ? 0 : max(0, maxWidth)
        self.maxLines = max(0, maxLines)
        self.elements = []
        self.advances = []
        self.classes = []
        self.widths = []
        self.byteOffsets = []
        self.runs = runs
        self.runStarts = []
        runStarts.reserveCapacity(runs.count + 1)
        var pieces = Pieces()
        for run in runs {
            runStarts.append(pieces.elements.count)
            switch run {
            case .text(let s): pieces.appendText(s[...], from: 0, metrics: metrics, until: { _ in false })
            case .emoji(let e): pieces.appendEmoji(e, metrics: metrics)
            }
        }
        runStarts.append(pieces.elements.count)
        self.elements = pieces.elements
        self.advances = pieces.advances
        self.classes = pieces.classes
        self.widths = pieces.widths
        self.byteOffsets = pieces.byteOffsets
        self.offsets = [Double](repeating: 0, count: elements.count)
        self.lines = []
        self.isTruncated = false
        computeBreaks(from: 0, through: elements.count - 1)
        layoutAllLines()
    }

    /// Lays out plain text.
    public init(_ text: String, maxWidth: Double = .infinity, maxLines: Int = 0,
                metrics: FontMetrics = .unifont16) {
        self.init([.text(text)], maxWidth: maxWidth, maxLines: maxLines, metrics: metrics)
    }

    // MARK: - Elements

    /// Elements being made from runs, with what breaking needs of each.
    struct Pieces {
        var elements: [Element] = []
        var advances: [Double] = []
        var classes: [BreakClass] = []
        var widths: [CharacterWidth] = []
        var byteOffsets: [Int] = []

        /// Appends the characters of `text` (a slice of a run starting `from` bytes into
        /// it, on a character boundary) until `stop(byteOffset)` says to stop at a
        /// character boundary; returns the run offset where it stopped.
        @discardableResult
        mutating func appendText(_ text: Substring, from: Int, metrics: FontMetrics,
                                 until stop: (Int) -> Bool) -> Int {
            var offset = from
            for c in text {
                if stop(offset) { return offset }
                byteOffsets.append(offset)
                let utf8 = c.utf8
                offset += utf8.count
                if Self.mayBeNewline(utf8.first), Self.isNewline(c) {
                    elements.append(.newline); advances.append(0); classes.append(.newline); widths.append(.zero)
                    continue
                }
                let w = CharacterWidth.of(c)
                elements.append(.character(c))
                advances.append(metrics.advance(w))
                classes.append(BreakClass.of(c))
                widths.append(w)
            }
            return offset
        }

        /// Whether a character whose first UTF-8 byte is `b` can be a newline: `\n`, `\r`
        /// (and `\r\n`) start with 0A or 0D, U+85 with C2, U+2028/2029 with E2. Saves the
        /// string comparisons of `isNewline` for almost every character.
        @inline(__always)
        static func mayBeNewline(_ b: UInt8?) -> Bool { b == 0x0A || b == 0x0D || b == 0xC2 || b == 0xE2 }

        static func isNewline(_ c: Character) -> Bool {
            c == "\n" || c == "\r\n" || c == "\r" || c == "\u{2028}" || c == "\u{2029}" || c == "\u{85}"
        }

        mutating func appendEmoji(_ e: InlineEmoji, metrics: FontMetrics) {
            byteOffsets.append(0)
            elements.append(.emoji(e))
            advances.append((e.size ?? metrics.emojiSize).width)
            classes.append(.inlineEmoji)
            widths.append(.wide)
        }
    }

    // MARK: - Breaking

    /// Breaks every line from the first. The layout is defined line by line: a line
    /// depends only on where it starts and the elements from there on (see `breakLine`),
    /// which is what lets `update(to:)` re-lay out from the lines an edit touched.
    private mutating func layoutAllLines() {
        var raw: [(range: Range<Int>, hard: Bool)] = []
        var start = 0
        repeat {
            let (end, hard) = breakLine(from: start)
            raw.append((start..<end, hard))
            start = end
        } while start < elements.count
        if raw[raw.count - 1].hard { raw.append((start..<start, false)) }
        linesBrokenByLastUpdate = raw.count
        for r in raw { fillOffsets(r.range) }
        var truncatedAt: Int? = nil
        if maxLines > 0 && raw.count > maxLines {
            truncatedAt = maxLines - 1
            raw.removeLast(raw.count - maxLines)
        }
        var y = 0.0
        lines.reserveCapacity(raw.count)
        for (index, r) in raw.enumerated() {
            let truncate = index == truncatedAt
            var line = makeLine(r.range, hard: r.hard && !truncate, y: y, truncate: truncate)
            if truncate { isTruncated = true; line.isTruncated = true }
            y += line.frame.height
            lines.append(line)
        }
    }

    /// Greedy first fit from `start` (a line start): where the line ends (the next
    /// line's start) and whether a hard newline ends it. Spaces hang (they never cause a
    /// wrap); a line breaks at its last break opportunity before the first element that
    /// does not fit, or by character inside an over-long word.
    ///
    /// Reads only elements at or after `start`, and none past the start of the line
    /// after the next one (the element that overflows lies on the next line, or starts
    /// the one after it when that line is broken by character). Writes nothing.
    func breakLine(from start: Int) -> (end: Int, hard: Bool) {
        let n = elements.count
        let limit = maxWidth + 1e-9
        var x = 0.0
        var lastBreak = -1
        var i = start
        while i < n {
            if case .newline = elements[i] { return (i + 1, true) }
            if i > start && classes[i].breaksBefore { lastBreak = i }
            let adv = advances[i]
            if !classes[i].isSpace && x + adv > limit && i > start {
                // At the last opportunity, else by character (an over-long word).
                return (lastBreak > start ? lastBreak : i, false)
            }
            x += adv; i += 1
        }
        return (n, false)
    }

    /// Each element's x on its line: the sum of the advances before it on the line.
    mutating func fillOffsets(_ range: Range<Int>) {
        var x = 0.0
        for k in range { offsets[k] = x; x += advances[k] }
    }

    /// Builds a line's glyphs; with `truncate`, drops trailing elements until the
    /// content plus the ellipsis fits the width (offsets are
    /// filled here).
    func makeLine(_ range: Range<Int>, hard: Bool, y: Double, truncate: Bool) -> Line {
        var end = range.upperBound
        if hard { end -= 1 }
        // Visible end: drop hanging spaces.
        func visibleEnd(_ e: Int) -> Int {
            var v = e
            while v > range.lowerBound, case .character = elements[v - 1], classes[v - 1].isSpace {
                v -= 1
            }
            return v
        }
        var vEnd = visibleEnd(end)
        var width = vEnd > range.lowerBound ? offsets[vEnd - 1] + advances[vEnd - 1] : 0
        if truncate {
            while vEnd > range.lowerBound && width + metrics.ellipsisWidth > maxWidth + 1e-9 {
                vEnd = visibleEnd(vEnd - 1)
                width = vEnd > range.lowerBound ? offsets[vEnd - 1] + advances[vEnd - 1] : 0
            }
            end = vEnd
        }
        var height = metrics.lineHeight
        for k in range.lowerBound..<vEnd {
            if case .emoji(let e) = elements[k] { height = max(height, (e.size ?? metrics.emojiSize).height) }
        }
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(vEnd - range.lowerBound + 1)
        for k in range.lowerBound..<vEnd {
            switch elements[k] {
            case .character(let c):
                guard widths[k] != .zero, !Self.isWhitespace(c) else { continue }
                let gy = (height - metrics.lineHeight) / 2
                let scalars = c.unicodeScalars
                var iterator = scalars.makeIterator()
                let first = iterator.next()!.value
                glyphs.append(Glyph(content: .character(c),
                                    frame: Rect(x: offsets[k], y: gy, width: advances[k], height: metrics.lineHeight),
                                    position: k - range.lowerBound, width: widths[k], codePoint: first,
                                    isSingleScalar: iterator.next() == nil))
            case .emoji(let e):
                let s = e.size ?? metrics.emojiSize
                glyphs.append(Glyph(content: .emoji(e),
                                    frame: Rect(x: offsets[k], y: (height - s.height) / 2, width: s.width, height: s.height),
                                    position: k - range.lowerBound, width: .wide, codePoint: 0, isSingleScalar: false))
            case .newline:
                continue
            }
        }
        if truncate {
            glyphs.append(Glyph(content: .ellipsis,
                                frame: Rect(x: width, y: (height - metrics.lineHeight) / 2,
                                            width: metrics.ellipsisWidth, height: metrics.lineHeight),
                                position: nil, width: .narrow, codePoint: 0x2026, isSingleScalar: true))
            width += metrics.ellipsisWidth
        }
        let kept = truncate ? range.lowerBound..<end : range
        return Line(range: kept, localGlyphs: glyphs, frame: Rect(x: 0, y: y, width: width, height: height),
                    endsWithNewline: hard, isTruncated: false)
    }

    /// `Character.isWhitespace` (White_Space of the first scalar) without the Unicode
    /// property lookup for almost every character: that lookup is most of the cost of
    /// breaking a long text into glyphs otherwise. A first scalar below U+80 is
    /// whitespace iff it is 09-0D or 20; every other White_Space scalar (U+85, A0, 1680,
    /// 2000-200A, 2028, 2029, 202F, 205F, 3000) has the UTF-8 lead byte C2, E1, E2 or E3,
    /// so any other lead byte (CJK, most letters) is not whitespace. Exact;
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public static func isWhitespace(_ c: Character) -> Bool {
        guard let b = c.utf8.first else { return false }
        if b < 0x80 { return b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        guard b == 0xC2 || (b >= 0xE1 && b <= 0xE3) else { return false }
        return c.isWhitespace
    }

    // MARK: - Queries

    /// The index of the line showing position `p` (clamped to the text). A position at
    /// a soft wrap belongs to the line it starts; the end of the text to the last line.
    public func lineIndex(for position: Int) -> Int {
        let p = max(0, min(position, positionCount))
        var lo = 0, hi = lines.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if lines[mid].range.lowerBound <= p { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The caret rectangle before position `p` (clamped), relative to the layout's
    /// origin: `metrics.caretWidth` wide, the line's height. Positions hidden by
    /// truncation put the caret at the end of the last line.
    public func caretRect(at position: Int) -> Rect {
        let p = max(0, min(position, positionCount))
        let li = lineIndex(for: p)
        let line = lines[li]
        var x: Double
        if p < line.range.upperBound {
            x = offsets[p]
        } else {
            x = lineEndX(line)
        }
        if maxWidth.isFinite { x = min(x, max(0, maxWidth - metrics.caretWidth)) }
        return Rect(x: x, y: line.frame.minY, width: metrics.caretWidth, height: line.frame.height)
    }

    /// The caret x at the end of a line: after its last element, hanging spaces included.
    private func lineEndX(_ line: Line) -> Double {
        if line.isTruncated { return line.frame.width }
        var last = line.range.upperBound - 1
        if line.endsWithNewline { last -= 1 }
        guard last >= line.range.lowerBound else { return 0 }
        return offsets[last] + advances[last]
    }

    /// The text position nearest to `point` (relative to the layout's origin): the
    /// line under the point (clamped to the first/last), then the caret position whose
    /// x is nearest (a point on the right half of a glyph lands after it).
    public func position(at point: Point) -> Int {
        var li = 0
        if point.y >= 0 {
            var lo = 0, hi = lines.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) >> 1
                if lines[mid].frame.minY <= point.y { lo = mid } else { hi = mid - 1 }
            }
            li = lo
        }
        let line = lines[li]
        var last = line.range.upperBound
        if line.endsWithNewline { last -= 1 }
        let isLastLine = li == lines.count - 1
        for k in line.range.lowerBound..<last where point.x < offsets[k] + advances[k] / 2 {
            return k
        }
        // Past the end of a line wrapped after a space: stay before the hanging space,
        // since the position after it is shown at the start of the next line.
        if !line.endsWithNewline && !isLastLine && last > line.range.lowerBound,
           case .character(let c) = elements[last - 1], c == " " || c == "\u{3000}" || c == "\t" {
            return last - 1
        }
        return last
    }

    /// Rectangles covering `range` (clamped), one per line it touches.
    public func selectionRects(for range: Range<Int>) -> [Rect] {
        let lower = max(0, min(range.lowerBound, positionCount))
        let upper = max(lower, min(range.upperBound, positionCount))
        guard upper > lower else { return [] }
        var rects: [Rect] = []
        for li in lineIndex(for: lower)..<lines.count {
            let line = lines[li]
            if line.range.lowerBound >= upper && li > lineIndex(for: lower) { break }
            let a = max(lower, line.range.lowerBound)
            let b = min(upper, line.range.upperBound)
            guard b > a else { continue }
            let x0 = a < line.range.upperBound ? offsets[a] : lineEndX(line)
            let x1 = b < line.range.upperBound ? offsets[b] : lineEndX(line)
            if x1 > x0 {
                rects.append(Rect(x: x0, y: line.frame.minY, width: x1 - x0, height: line.frame.height))
            }
        }
        return rects
    }

    /// The visible text of a line, inline emoji as their glyph or `{code}`, "…" for the
    /// ellipsis: used by tree dumps and tests.
    public func text(ofLine index: Int) -> String {
        var s = ""
        let line = lines[index]
        var lastEnd = 0.0
        for g in line.glyphs {
            // Re-insert the spaces between glyphs so the dump reads like the text.
            var gap = g.frame.minX - lastEnd
            while gap >= metrics.halfWidth - 1e-9 { s.append(" "); gap -= metrics.halfWidth }
            switch g.content {
            case .character(let c): s.append(c)
            case .emoji(let e): s += e.glyph ?? "{\(e.code)}"
            case .ellipsis: s.append("…")
            }
            lastEnd = g.frame.maxX
        }
        return s
    }
}
