/// Substring search without `_StringProcessing` (which Embedded Swift does not ship):
/// the few places of the core that look for one string inside another use these.
///
/// Matching is by `Character` (extended grapheme clusters, compared with canonical
/// equivalence), as the standard library's `contains(_:)` and `firstRange(of:)` on
/// strings do, so host results are unchanged. O(n * m) in characters; the core calls
/// them on short strings (search terms, literals).
extension String {
    /// The range of the first occurrence of `needle` at or after `start` (default: the
    /// start), nil if there is none. An empty needle matches at `start`.
    public func firstOccurrence(of needle: String, from start: String.Index? = nil) -> Range<String.Index>? {
        let from = start ?? startIndex
        guard !needle.isEmpty else { return from..<from }
        let count = needle.count
        var i = from
        while i != endIndex {
            if self[i...].starts(with: needle) { return i..<index(i, offsetBy: count) }
            i = index(after: i)
        }
        return nil
    }

    /// Whether `needle` occurs in the string (an empty needle always does).
    public func containsOccurrence(of needle: String) -> Bool { firstOccurrence(of: needle) != nil }

    /// The string with every non-overlapping occurrence of `needle` removed, left to right.
    public func removingOccurrences(of needle: String) -> String {
        guard !needle.isEmpty else { return self }
        var out = ""
        var from = startIndex
        while let r = firstOccurrence(of: needle, from: from) {
            out += self[from..<r.lowerBound]
            from = r.upperBound
        }
        out += self[from...]
        return out
    }
}
