import SimCore

/// The text view's laid-out text in text-container coordinates (x from the left of
/// the line fragment, after the padding; y from the top inset): lines, caret and
/// selection rects, and hit testing. Built from the editor's elements with the bitmap
/// font's metrics (half-width 8 pt, full-width and emoji 16 pt, line height 16 pt).
public struct InputBarTextLayout: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        /// Element indices on this line (a hard line break belongs to its line).
        public var range: Range<Int>
        /// x of each element boundary: `edges[k]` is the x before element `range.lowerBound + k`.
        public var edges: [Double]
        public var y: Double
    }

    public var lines: [Line]
    public var lineHeight: Double
    /// The caret (a 2 pt bar) at the selection's end when the selection is empty, or at its end.
    public var caretRect: Rect

    public var lineCount: Int { lines.count }

    /// Lays out `widths` (one per element; nil for a hard line break) in `width`.
    /// Breaks before an element that would overflow (a too-wide element gets a line of
    /// its own). O(n).
    public init(widths: [Double?], width: Double, lineHeight: Double, caret: Int) {
        self.lineHeight = lineHeight
        var lines: [Line] = []
        var start = 0, x = 0.0
        var edges: [Double] = [0]
        for (i, w) in widths.enumerated() {
            guard let w else {
                // Hard break: ends the line after the newline element.
                edges.append(x)
                lines.append(Line(range: start..<(i + 1), edges: edges, y: Double(lines.count) * lineHeight))
                start = i + 1; x = 0; edges = [0]
                continue
            }
            if x + w > width && i > start {
                lines.append(Line(range: start..<i, edges: edges, y: Double(lines.count) * lineHeight))
                start = i; x = 0; edges = [0]
            }
            x += w
            edges.append(x)
        }
        lines.append(Line(range: start..<widths.count, edges: edges, y: Double(lines.count) * lineHeight))
        self.lines = lines
        caretRect = .zero
        caretRect = rect(forCaretAt: caret)
    }

    /// The line holding caret position `index`; a position at a soft wrap belongs to
    /// the next line (as UIKit draws it), the end of the text to the last line.
    public func lineIndex(forCaretAt index: Int) -> Int {
        var lo = 0, hi = lines.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lines[mid].range.lowerBound <= index { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    public func rect(forCaretAt index: Int) -> Rect {
        let li = lineIndex(forCaretAt: index)
        let line = lines[li]
        let k = min(max(0, index - line.range.lowerBound), line.edges.count - 1)
        return Rect(x: line.edges[k], y: line.y, width: 2, height: lineHeight)
    }

    /// One rect per line the range touches. O(lines).
    public func rects(for range: Range<Int>) -> [Rect] {
        guard !range.isEmpty else { return [] }
        var out: [Rect] = []
        for line in lines where line.range.overlaps(range) {
            let a = max(range.lowerBound, line.range.lowerBound) - line.range.lowerBound
            let b = min(range.upperBound, line.range.upperBound) - line.range.lowerBound
            let x0 = line.edges[a], x1 = line.edges[min(b, line.edges.count - 1)]
            if x1 > x0 { out.append(Rect(x: x0, y: line.y, width: x1 - x0, height: lineHeight)) }
        }
        return out
    }

    /// The caret position nearest `p`: the line under p.y (clamped), then the nearest
    /// element boundary on it. O(log lines + line length).
    public func index(nearest p: Point) -> Int {
        let li = min(max(0, Int((p.y / lineHeight).rounded(.down))), lines.count - 1)
        let line = lines[li]
        // A hard break is not a caret position after itself on its own line.
        var last = line.edges.count - 1
        if li + 1 < lines.count, line.edges.count > 1, line.range.count > 0,
           line.edges[last] == line.edges[last - 1] { last -= 1 }
        var best = 0
        for k in 0...last where abs(line.edges[k] - p.x) < abs(line.edges[best] - p.x) { best = k }
        return line.range.lowerBound + best
    }
}
