// The editor's incremental re-parse: an edit changes the plain text in place and
// re-parses only the window of units it can have changed, with exactly the result of
// `RichText(parsing:)` on the whole new text (the property tests compare the two after
// random edit sequences; `checkedAgainstFullParse` is the full comparison).
//
// Why it is exact (n = new text, the edit replaced old bytes [a, b) by new [a, e)):
// - Left. A scanner decision at byte i reads no byte at or past i + lookahead
//   (`PlaceholderScanner.lookahead`), and at a plain-class byte it reads nothing. So if
//   s is at or before every non-plain byte in [a - lookahead, a), no decision before s
//   reads the edit, and the scan from 0 reaches s exactly as before. A grapheme
//   boundary depends on the text before it and one scalar after it, so the boundaries
//   up to the start of the unit holding byte a - 1 stay. s is therefore the start of
//   the unit holding min(first non-plain byte, a - 1), moved back over regional
//   indicators (their pairing counts from the start of a run, so s must not follow
//   one: then the scan's pairing count starts afresh at s as it does in the full scan).
// - Right. The window ends at the first position E >= e the new scan reaches between
//   tokens such that the scalar before E lies in the unchanged tail (so every later
//   decision sees the same bytes before it), E - (e - b) was a unit boundary of the
//   old text, no regional indicator precedes E, and E is a grapheme boundary of the new
//   text (checked by segmenting the gap up to one scalar past E). From such a point both
//   scans are in the same state over the same bytes, and segmentation after a shared
//   boundary depends on the bytes after it only, so the old units from there on are the
//   new ones, shifted.
// Cost: O(window) scanning and segmenting, plus moving what follows the edit (the
// bytes, the units and their offsets, the attachment spans after it).

extension TextEditor {
    /// Replaces the plain UTF-8 bytes `range` (on scalar boundaries) with `text` and
    /// brings `richText`, the unit map and the whitespace count up to date. Returns the
    /// removed text. Does not touch the selection or `textRevision`.
    mutating func splice(_ range: Range<Int>, with text: String) -> String {
        let removed = utf8Slice(range)
        let a = range.lowerBound, b = range.upperBound
        let oldCount = map.plainLength(in: .utf8)
        guard oldCount - (b - a) + text.utf8.count <= RichText.maximumScannedBytes else {
            // Past the scanner's 32-bit offsets the parse is one text run: parse whole.
            var t = richText.plainText
            replaceBytes(&t, a, b, text)
            reparseWhole(t)
            return removed
        }
        // The window's start (old and new coordinates agree before a).
        let us = windowStartUnit(a)
        let s = map.plainOffset(ofUnit: us, in: .utf8)
        var t = ""
        swap(&t, &richText.plainText) // one owner while it is edited in place
        replaceBytes(&t, a, b, text)
        richText.plainText = t
        let e = a + text.utf8.count
        let delta = e - b
        var tokens: [ScanToken] = []
        var units: [RichUnit] = []
        var end = 0
        withNewBytes { buf in
            end = rescan(buf, from: s, editEnd: e, delta: delta, tokens: &tokens)
            units = windowUnits(buf, s..<end, tokens)
        }
        let ue = map.unit(atPlainOffset: end - delta, in: .utf8, rounding: .down)
        // Attachment spans: those starting in the old window go, the window's come in,
        // the ones after move by delta.
        let k0 = firstSpan(atOrAfter: s)
        let k1 = firstSpan(atOrAfter: end - delta)
        let fresh = tokens.map { RichText.AttachmentSpan(start: $0.start, end: $0.end, entry: $0.entry, encoding: $0.encoding) }
        richText.spans.replaceSubrange(k0..<k1, with: fresh)
        if delta != 0 {
            var k = k0 + fresh.count
            while k < richText.spans.count { richText.spans[k] = richText.spans[k].shifted(by: delta); k += 1 }
        }
        var ws = whitespaceUnits
        for k in us..<ue where Self.isWhitespace(map.units[k]) { ws -= 1 }
        for u in units where Self.isWhitespace(u) { ws += 1 }
        whitespaceUnits = ws
        map.replaceUnits(us..<ue, with: units)
        lastSplice = us..<(us + units.count)
        return removed
    }

    static func endsWithRegionalIndicator(_ u: RichUnit) -> Bool {
        let last: Unicode.Scalar?
        switch u {
        case .character(let c): last = c.unicodeScalars.last
        case .emoji(let x): last = x.backedText.unicodeScalars.last
        }
        return last.map { GraphemeRules.isRegionalIndicator($0.value) } ?? false
    }

    static func isWhitespace(_ u: RichUnit) -> Bool {
        if case .character(let c) = u { return c.isWhitespace }
        return false
    }

    /// Parses `plain` whole (the fallback past the scanner's limit, and `setText`-like
    /// rebuilds).
    mutating func reparseWhole(_ plain: String) {
        richText = RichText(parsing: plain, catalog: catalog)
        map = UnitMap(richText)
        whitespaceUnits = map.units.reduce(0) { $0 + (Self.isWhitespace($1) ? 1 : 0) }
        lastSplice = 0..<map.unitCount
    }

    /// Replaces bytes [a, b) of `t` (on scalar boundaries) with `text`, in place: O(edit)
    /// at the end of the text, plus a move of the bytes after b elsewhere.
    /// `String.replaceSubrange` edits uniquely owned storage in place and keeps
    /// scalar-aligned indices as they are (no rounding to `Character`s). Two things made
    /// every undo (a delete at the end) copy the whole text before (issue 26, item 6: a
    /// type/undo/redo run quadratic in debug builds): the unicode-scalar view's generic
    /// `replaceSubrange`, and a `let u = t.utf8` kept alive across the edit (a view holds
    /// a reference to the storage, so the storage was shared and copied on write; an
    /// optimised build ends the view's life early, a debug build does not). The indices
    /// are therefore made from temporaries. `TextEditorUndoCostTests` checks that the
    /// storage stays put.
    private func replaceBytes(_ t: inout String, _ a: Int, _ b: Int, _ text: String) {
        if a == b && b == t.utf8.count { t.append(text); return }
        let ia = t.utf8.index(t.utf8.startIndex, offsetBy: a)
        let ib = t.utf8.index(t.utf8.startIndex, offsetBy: b)
        t.replaceSubrange(ia..<ib, with: text)
    }

    private func withNewBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if richText.plainText.utf8.withContiguousStorageIfAvailable(body) == nil {
            Array(richText.plainText.utf8).withUnsafeBufferPointer(body)
        }
    }

    /// The first unit of the window for an edit at byte `a` (old text; see the top).
    private func windowStartUnit(_ a: Int) -> Int {
        guard a > 0 else { return 0 }
        var probe = a - 1
        let classes = catalog.unicodeIndex.byteClasses
        let t = richText.plainText
        let from = max(0, a - lookahead)
        t.utf8.withContiguousStorageIfAvailable { buf in
            var i = from
            while i < a {
                if classes[Int(buf[i])] != ByteClass.plain { probe = min(probe, i); break }
                i += 1
            }
        } ?? {
            let bytes = Array(t.utf8)
            for i in from..<a where classes[Int(bytes[i])] != ByteClass.plain { probe = min(probe, i); break }
        }()
        var u = map.unit(atPlainOffset: probe, in: .utf8, rounding: .down)
        // Not right after a regional indicator (its pairing counts from its run's start).
        while u > 0 && Self.endsWithRegionalIndicator(map.units[u - 1]) { u -= 1 }
        return u
    }

    /// Scans the new bytes from `s` and returns where the window ends (see the top);
    /// the tokens in between go to `tokens`.
    private func rescan(_ buf: UnsafeBufferPointer<UInt8>, from s: Int, editEnd e: Int, delta: Int,
                        tokens: inout [ScanToken]) -> Int {
        var gapStart = s
        var found: [ScanToken] = []
        let end = PlaceholderScanner.scan(buf, from: s, catalog: catalog, stoppingFrom: e, where: { i in
            // The scalar before i lies in the unchanged tail, and is no regional indicator.
            var p = i - 1
            while p > 0 && buf[p] & 0xC0 == 0x80 { p -= 1 }
            guard p >= e else { return false }
            if GraphemeRules.isRegionalIndicator(UTF8Bytes.decode(buf, at: p).value) { return false }
            // A unit boundary of the old text.
            let old = i - delta
            let u = map.unit(atPlainOffset: old, in: .utf8, rounding: .down)
            guard map.plainOffset(ofUnit: u, in: .utf8) == old else { return false }
            return Self.isGraphemeBoundary(buf, from: gapStart, at: i)
        }, { t in found.append(t); gapStart = t.end })
        tokens = found
        return end
    }

    /// Whether byte `i` is a grapheme boundary of the text, given that `g <= i` is one.
    /// O(i - g).
    static func isGraphemeBoundary(_ buf: UnsafeBufferPointer<UInt8>, from g: Int, at i: Int) -> Bool {
        guard i < buf.count, i > g else { return true }
        let (_, len) = UTF8Bytes.decode(buf, at: i)
        let probe = String(decoding: UnsafeBufferPointer(rebasing: buf[g..<min(buf.count, i + len)]), as: UTF8.self)
        var at = g
        for c in probe {
            at += c.utf8.count
            if at == i { return true }
            if at > i { return false }
        }
        return false
    }

    /// The units of bytes `range` of the new text: its tokens' attachments and the
    /// `Character`s between them.
    private func windowUnits(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ tokens: [ScanToken]) -> [RichUnit] {
        var out: [RichUnit] = []
        var at = range.lowerBound
        func text(_ x: Int, _ y: Int) {
            guard x < y else { return }
            for c in String(decoding: UnsafeBufferPointer(rebasing: buf[x..<y]), as: UTF8.self) { out.append(.character(c)) }
        }
        let table = catalog.entries
        for t in tokens {
            text(at, t.start)
            let backed = String(decoding: UnsafeBufferPointer(rebasing: buf[t.start..<t.end]), as: UTF8.self)
            out.append(.emoji(EmojiAttachment(emoji: table[t.entry], backedText: backed, encoding: t.encoding)))
            at = t.end
        }
        text(at, range.upperBound)
        return out
    }

    /// The index of the first attachment span starting at or after byte `offset`.
    /// O(log attachments).
    private func firstSpan(atOrAfter offset: Int) -> Int {
        let spans = richText.spans
        var lo = 0, hi = spans.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if spans[mid].start < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
