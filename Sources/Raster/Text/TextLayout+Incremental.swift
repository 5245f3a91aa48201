import SimCore

// Incremental relayout: an edit re-lays out the lines it can have changed and keeps
// the rest, with exactly the result of laying the new runs out from scratch (the
// property tests compare the two over random edit sequences).
//
// Why it is exact:
// - Elements. The runs are compared byte for byte from both ends. On the front the
//   changed region starts one element before the first element not wholly in the
//   common prefix: a grapheme boundary depends on the text before it and one scalar
//   after, so that boundary is one in the new text too (appending a combining mark or a
//   ZWJ merges only into the element before). The new text is segmented from there
//   until it reaches a boundary inside the common suffix that is also one of the old
//   elements: from a boundary both texts share, the same bytes segment the same way
//   (regional-indicator pairs restart at a boundary), so the old elements from there on
//   are the new ones.
// - Lines. A line depends only on where it starts and on the elements from there up to
//   the start of the line after the next one (`breakLine`). An edit at element `a` on
//   line k therefore cannot change lines before k - 2, which are kept; lines are broken
//   again from line k - 2 until a new line starts after the edit where an old line
//   started (shifted by the edit): from there the old lines are the new ones, moved.
//   Break opportunities are element data too, but a UAX #14 rule can look past an edit
//   (across spaces, digits, marks): `refreshBreaks` recomputes them between restart
//   elements around it, and "the edit" above spans every opportunity that changed.

extension TextLayout {
    /// Lays out `newRuns` instead of the runs laid out now, re-laying out only the lines
    /// the difference can change (same metrics, width and line limit). The result equals
    /// `TextLayout(newRuns, ...)`.
    ///
    /// - Complexity: O(runs) to compare the run lists (text runs byte by byte, a word at a
    /// time), plus O(edit + a few lines), plus moving what follows the edit: a memmove of
    /// the element arrays and O(1) per later line (its glyphs are relative to it, so a
    /// moved line keeps them). Typing or deleting at the end of the text is O(runs + one line) apart from
    /// the byte comparison. With `maxLines` > 0 (truncation) it lays out from scratch.
    public mutating func update(to newRuns: [InlineRun]) {
        if maxLines > 0 {
            self = TextLayout(newRuns, maxWidth: maxWidth, maxLines: maxLines, metrics: metrics)
            return
        }
        let old = runs
        let oc = old.count, nc = newRuns.count
        // Runs equal from the front, then from the back (never crossing the front).
        var r = 0
        var cp = 0
        while r < oc && r < nc {
            let c = Self.commonPrefix(old[r], newRuns[r])
            if c.equal { r += 1 } else { cp = c.bytes; break }
        }
        if r == oc && r == nc { runs = newRuns; linesBrokenByLastUpdate = 0; return }
        var t = 0
        var cs = 0
        while t < oc - r && t < nc - r {
            let c = Self.commonSuffix(old[oc - 1 - t], newRuns[nc - 1 - t])
            if c.equal { t += 1 } else { cs = c.bytes; break }
        }
        let ro = oc - 1 - t, rn = nc - 1 - t   // the last changed runs (r - 1: none)
        if ro == r, case .text(let s) = old[r] { cs = min(cs, s.utf8.count - cp) }
        if rn == r, case .text(let s) = newRuns[r] { cs = min(cs, s.utf8.count - cp) }

        // Where the changed elements begin: a (old and new index), at byte pa of run r.
        var a = runStarts[r]
        var pa = 0
        if ro >= r, rn >= r, cp > 0, case .text(let s) = old[r] {
            let lo = runStarts[r], hi = runStarts[r + 1]
            let q = firstElement(in: lo..<hi, atOrAfterByte: cp)
            let lastWhole = (q < hi ? byteOffsets[q] == cp : s.utf8.count <= cp) ? q - 1 : q - 2
            a = max(lo, lastWhole)
            pa = a < hi ? byteOffsets[a] : 0
        }

        // Segment the new runs r...rn from there; in run rn stop at a shared boundary
        // inside the common suffix.
        var pieces = Pieces()
        var newRunStarts = Array(runStarts[0..<r])
        var b = ro >= r ? runStarts[ro + 1] : a
        var stoppedInside = false
        if rn >= r {
            for rho in r...rn {
                newRunStarts.append(rho == r ? runStarts[r] : a + pieces.elements.count)
                switch newRuns[rho] {
                case .emoji(let e):
                    pieces.appendEmoji(e, metrics: metrics)
                case .text(let s):
                    let from = rho == r ? pa : 0
                    let u = s.utf8
                    let text = s[u.index(u.startIndex, offsetBy: from)...]
                    var stopText: String? = nil
                    if rho == rn, ro >= r, cs > 0, case .text(let os) = old[ro] { stopText = os }
                    guard let os = stopText else {
                        pieces.appendText(text, from: from, metrics: metrics, until: { _ in false })
                        continue
                    }
                    let newLen = u.count, oldLen = os.utf8.count
                    let olo = runStarts[ro], ohi = runStarts[ro + 1]
                    var found = ohi
                    pieces.appendText(text, from: from, metrics: metrics, until: { offset in
                        guard offset >= newLen - cs else { return false }
                        let oldByte = offset - newLen + oldLen
                        let q = firstElement(in: olo..<ohi, atOrAfterByte: oldByte)
                        guard q < ohi, byteOffsets[q] == oldByte, q >= a else { return false }
                        found = q
                        return true
                    })
                    if found < ohi {
                        b = found
                        stoppedInside = true
                    }
                }
            }
        }
        let delta = pieces.elements.count - (b - a)
        // The old run ro's elements kept after the stop move by the change in its length.
        var byteShift = 0
        if stoppedInside, case .text(let ns) = newRuns[rn], case .text(let os) = old[ro] {
            byteShift = ns.utf8.count - os.utf8.count
        }
        let keptInRun = stoppedInside ? b..<runStarts[ro + 1] : b..<b
        for rho in (rn + 1)...nc { newRunStarts.append(runStarts[rho - nc + oc] + delta) }
        runs = newRuns
        runStarts = newRunStarts
        relayout(replacing: a..<b, with: pieces)
        if byteShift != 0 {
            for k in (keptInRun.lowerBound + delta)..<(keptInRun.upperBound + delta) { byteOffsets[k] += byteShift }
        }
    }

    /// The first element of `range` (one run's elements) whose byte offset is at least
    /// `byte`, or `range.upperBound`. O(log n).
    func firstElement(in range: Range<Int>, atOrAfterByte byte: Int) -> Int {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = (lo + hi) >> 1
            if byteOffsets[mid] < byte { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Replaces elements `range` with `pieces` and breaks lines again from two lines
    /// before the one holding the edit until the lines meet the old ones.
    mutating func relayout(replacing range: Range<Int>, with p: Pieces) {
        let a = range.lowerBound, b = range.upperBound, m = p.elements.count
        let delta = m - (b - a)
        elements.replaceSubrange(range, with: p.elements)
        advances.replaceSubrange(range, with: p.advances)
        classes.replaceSubrange(range, with: p.classes)
        widths.replaceSubrange(range, with: p.widths)
        byteOffsets.replaceSubrange(range, with: p.byteOffsets)
        offsets.replaceSubrange(range, with: repeatElement(0, count: m))
        // The break opportunities the edit can change reach past it (a rule can look
        // back past spaces or digits): lines are broken again from before the first and
        // until after the last (`lines` still holds the old lines, the same before `a`).
        let dirty = refreshBreaks(around: a..<(a + m))
        let editEnd = max(a + m, dirty.upperBound)
        let first = max(0, lineIndex(for: min(a, dirty.lowerBound)) - 2)
        // The old lines from `first` on (a copy of the tail only, so `lines` stays
        // uniquely referenced and is edited in place).
        let oldLines = Array(lines[first...])
        lines.removeSubrange(first...)
        let n = elements.count
        var y = oldLines[0].frame.minY
        var start = oldLines[0].range.lowerBound
        var j = 0
        linesBrokenByLastUpdate = 0
        while true {
            if start >= editEnd {
                // Past the edit: an old line starting here (shifted) and all after it stay.
                let oldStart = start - delta
                while j < oldLines.count && oldLines[j].range.lowerBound < oldStart { j += 1 }
                if j < oldLines.count && oldLines[j].range.lowerBound == oldStart {
                    lines.reserveCapacity(lines.count + oldLines.count - j)
                    for l in oldLines[j...] {
                        if delta == 0 && y == l.frame.minY {
                            lines.append(l)
                        } else {
                            lines.append(Self.moved(l, by: delta, toY: y))
                        }
                        y += l.frame.height
                    }
                    return
                }
            }
            let (end, hard) = breakLine(from: start)
            linesBrokenByLastUpdate += 1
            fillOffsets(start..<end)
            let line = makeLine(start..<end, hard: hard, y: y, truncate: false)
            lines.append(line)
            y += line.frame.height
            start = end
            if start >= n {
                if hard { lines.append(makeLine(start..<start, hard: false, y: y, truncate: false)) }
                return
            }
        }
    }

    /// `makeLine` of the same elements `delta` positions on and at `y`, from the line
    /// laid out before: its glyphs are relative to the line, so only the line's range
    /// and frame move. O(1).
    static func moved(_ l: Line, by delta: Int, toY y: Double) -> Line {
        var m = l
        m.range = (l.range.lowerBound + delta)..<(l.range.upperBound + delta)
        m.frame = Rect(x: l.frame.minX, y: y, width: l.frame.width, height: l.frame.height)
        return m
    }

    /// Whether two runs are equal and, for two text runs, how many leading UTF-8 bytes
    /// they share.
    static func commonPrefix(_ x: InlineRun, _ y: InlineRun) -> (equal: Bool, bytes: Int) {
        switch (x, y) {
        case let (.text(s), .text(t)):
            let n = UTF8Compare.commonPrefix(s, t)
            return (n == s.utf8.count && n == t.utf8.count, n)
        case let (.emoji(e), .emoji(f)):
            return (e == f, 0)
        default:
            return (false, 0)
        }
    }

    /// As `commonPrefix`, from the end.
    static func commonSuffix(_ x: InlineRun, _ y: InlineRun) -> (equal: Bool, bytes: Int) {
        switch (x, y) {
        case let (.text(s), .text(t)):
            let n = UTF8Compare.commonSuffix(s, t)
            return (n == s.utf8.count && n == t.utf8.count, n)
        case let (.emoji(e), .emoji(f)):
            return (e == f, 0)
        default:
            return (false, 0)
        }
    }
}

/// Byte comparisons of strings' UTF-8, eight bytes at a time (String's `==` compares
/// canonical equivalence, which is slower and not what a byte diff needs).
enum UTF8Compare {
    static func commonPrefix(_ s: String, _ t: String) -> Int {
        var s = s, t = t
        return s.withUTF8 { x in
            t.withUTF8 { y in
                let n = min(x.count, y.count)
                guard n > 0, let px = x.baseAddress, let py = y.baseAddress else { return 0 }
                let rx = UnsafeRawPointer(px), ry = UnsafeRawPointer(py)
                var i = 0
                while i + 8 <= n && rx.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    == ry.loadUnaligned(fromByteOffset: i, as: UInt64.self) { i += 8 }
                while i < n && x[i] == y[i] { i += 1 }
                return i
            }
        }
    }

    static func commonSuffix(_ s: String, _ t: String) -> Int {
        var s = s, t = t
        return s.withUTF8 { x in
            t.withUTF8 { y in
                let n = min(x.count, y.count)
                guard n > 0, let px = x.baseAddress, let py = y.baseAddress else { return 0 }
                let rx = UnsafeRawPointer(px), ry = UnsafeRawPointer(py)
                let cx = x.count, cy = y.count
                var i = 0
                while i + 8 <= n && rx.loadUnaligned(fromByteOffset: cx - i - 8, as: UInt64.self)
                    == ry.loadUnaligned(fromByteOffset: cy - i - 8, as: UInt64.self) { i += 8 }
                while i < n && x[cx - 1 - i] == y[cy - 1 - i] { i += 1 }
                return i
            }
        }
    }
}
