extension TextEditor {
    /// An empty stand-in with this editor's catalog and configuration, holding none of
    /// its storage (for a host that edits this editor elsewhere meanwhile, as
    /// `InputBar.reduce` does).
    ///
    /// - Complexity: O(1), no allocation.
    public func parked() -> TextEditor {
        var p = self
        p.richText = RichText(parsingEmptyWith: richText)
        p.map = UnitMap.empty
        p.clearStorage()
        p.whitespaceUnits = 0
        p.lastSplice = 0..<0
        return p
    }

    /// How much of the text `invariantViolations(_:)` re-checks.
    public enum CheckExtent: Hashable, Sendable {
        /// The O(1) facts (lengths, selection and marked range in bounds) and the units
        /// the last edit wrote, re-parsed from scratch between the nearest separators
        /// around them (spaces, newlines, punctuation: a placeholder or emoji never spans
        /// one, so a parse from there agrees with the parse of the whole text); when no
        /// separator lies within a few hundred bytes, the stretch is left to the next full
        /// check.
        ///
        /// - Complexity: O(edit + the words around it).
        case lastEdit
        /// Everything: the units equal a parse of the whole text from scratch
        /// (`RichText(parsing:)`), attachments included, and spell the text.
        ///
        /// - Complexity: O(n).
        case full
    }

    /// The editor's invariants that do not hold now, one phrase each (empty when all
    /// hold): what ChatScreen's `invariantViolations()` and the monkey check.
    public func invariantViolations(_ extent: CheckExtent) -> [String] {
        var out: [String] = []
        let n = richText.plainText.utf8.count
        if map.plainLength(in: .utf8) != n {
            out.append("input units are \(map.plainLength(in: .utf8)) bytes, the plain text \(n)")
        }
        if selection.lowerBound < 0 || selection.upperBound > unitCount {
            out.append("input selection \(selection.lowerBound)..<\(selection.upperBound) outside 0...\(unitCount)")
        }
        if let m = markedRange, m.lowerBound < 0 || m.upperBound > unitCount {
            out.append("input marked range \(m.lowerBound)..<\(m.upperBound) outside 0...\(unitCount)")
        }
        switch extent {
        case .full:
            // A parse keeps its text, so plain -> rich -> plain is the identity exactly
            // when the parse's units are the editor's (which then spell the text: their
            // lengths add up to it, checked above).
            let reparsed = RichText(parsing: richText.plainText, catalog: catalog)
            if reparsed != richText {
                out.append("input attachments differ from a parse of the whole text")
            } else if let k = Self.firstDifference(reparsed.units[...], map.units[...]) {
                out.append("input plain -> rich -> plain is not the identity: unit \(k) differs from a parse of the whole text")
            }
        case .lastEdit:
            out += lastEditViolations()
        }
        return out
    }

    private static func firstDifference(_ x: ArraySlice<RichUnit>, _ y: ArraySlice<RichUnit>) -> Int? {
        var i = x.startIndex, j = y.startIndex, k = 0
        while i < x.endIndex && j < y.endIndex {
            if x[i] != y[j] { return k }
            i += 1; j += 1; k += 1
        }
        return x.count == y.count ? nil : k
    }

    /// A byte no placeholder, emoji or grapheme cluster reaches across from either
    /// side: ASCII, not a placeholder body byte (letters, digits, `_`, `-`), not `[`
    /// or `]`, and not where the scanner looks for an emoji (`#`, `*`).
    /// `classes` is the catalog's `unicodeIndex.byteClasses`, read once per check: an
    /// unoptimised build copies the catalog's index on every access, which made the walk
    /// below cost thousands of instructions per byte.
    private static func isSeparator(_ b: UInt8, _ classes: [UInt8]) -> Bool {
        b < 0x80 && b != 0x0D && !PlaceholderScanner.isBodyASCII(b) && b != 0x5B && b != 0x5D
            && classes[Int(b)] == ByteClass.plain
    }

    private func lastEditViolations() -> [String] {
        let t = richText.plainText
        return t.utf8.withContiguousStorageIfAvailable { buf in lastEditViolations(buf) }
            ?? Array(t.utf8).withUnsafeBufferPointer { lastEditViolations($0) }
    }

    private func lastEditViolations(_ buf: UnsafeBufferPointer<UInt8>) -> [String] {
        let n = buf.count
        let w = lastSplice.clamped(to: 0..<unitCount)
        let reach = 4 * lookahead
        let classes = catalog.unicodeIndex.byteClasses
        // Walk out from the edited units to unit boundaries next to a separator.
        var u0 = w.lowerBound
        while u0 > 0 {
            let p = map.plainOffset(ofUnit: u0, in: .utf8)
            if Self.isSeparator(buf[p - 1], classes) { break }
            if map.plainOffset(ofUnit: w.lowerBound, in: .utf8) - p > reach { return [] }
            u0 -= 1
        }
        var u1 = w.upperBound
        while u1 < unitCount {
            let p = map.plainOffset(ofUnit: u1, in: .utf8)
            if Self.isSeparator(buf[p], classes) { break }
            if p - map.plainOffset(ofUnit: w.upperBound, in: .utf8) > reach { return [] }
            u1 += 1
        }
        let p0 = map.plainOffset(ofUnit: u0, in: .utf8), p1 = map.plainOffset(ofUnit: u1, in: .utf8)
        guard p1 <= n else { return [] }
        let piece = String(decoding: UnsafeBufferPointer(rebasing: buf[p0..<p1]), as: UTF8.self)
        let units = map.units[u0..<u1]
        if units.map({ $0.plainText }).joined() != piece {
            return ["input units \(u0)..<\(u1) do not spell their plain text"]
        }
        if let k = Self.firstDifference(UnitMap(RichText(parsing: piece, catalog: catalog)).units[...], units) {
            return ["input unit \(u0 + k) differs from a parse of its neighbourhood"]
        }
        return []
    }
}
