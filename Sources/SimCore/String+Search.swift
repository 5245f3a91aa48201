/// Substring search without `_StringProcessing` (which Embedded Swift does not ship):
/// the few places of the core that look for one string inside another use these.
///
/// Matching is by `Character` (extended grapheme clusters, compared with canonical
/// equivalence), as the standard library's `contains(_:)` and `firstRange(of:)` on
/// strings do, so host results are unchanged. O(n * m) in characters; the core calls
/// them on short strings (search terms, literals, and the trace lines every `expect
/// trace` and the monkey's checks look through, where an ASCII needle is decided on the
/// bytes: `ByteSearch`).
extension String {
    /// The range of the first occurrence of `needle` at or after `start` (default: the
    /// start), nil if there is none. An empty needle matches at `start`.
    /// - Complexity: O(*n* + *m*) bytes when `needle` is ASCII and either the searched
    ///   part is ASCII too or the needle's bytes do not occur in it; else O(*n* * *m*)
    ///   characters.
    public func firstOccurrence(of needle: String, from start: String.Index? = nil) -> Range<String.Index>? {
        let from = start ?? startIndex
        guard !needle.isEmpty else { return from..<from }
        switch ByteSearch.decide(needle, in: self, from: from) {
        case .found(let r): return r
        case .absent: return nil
        case .undecided: break
        }
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

/// The byte-level answer to a character search, where bytes can give it. Characters
/// compare by canonical equivalence, so bytes decide only what they provably can:
/// - both sides ASCII and the searched part without a carriage return: every character
///   is one byte (CR LF is the one ASCII pair that forms a single character; a needle's
///   CR then matches no byte), and two ASCII characters are equivalent only when equal,
///   so the first byte match is the first character match;
/// - an ASCII needle absent from the bytes: a character equivalent to an ASCII one is
///   that very byte (a combining sequence never composes to ASCII), except the three
///   singletons K (U+212A KELVIN SIGN), ; (U+037E GREEK QUESTION MARK) and `
///   (U+1FEF GREEK VARIA), so a needle without `K`, `;` and `` ` `` that is not among the
///   bytes is not among the characters either.
/// Everything else (a non-ASCII needle, a byte match inside a wider character) is left
/// to the character search.
enum ByteSearch {
    enum Answer {
        case found(Range<String.Index>)
        case absent
        case undecided
    }

    static func decide(_ needle: String, in string: String, from: String.Index) -> Answer {
        var pattern: [UInt8] = []
        pattern.reserveCapacity(needle.utf8.count)
        var bytesDecideAbsence = true
        for b in needle.utf8 {
            if b >= 0x80 { return .undecided }
            if b == 0x4B || b == 0x3B || b == 0x60 { bytesDecideAbsence = false }   // K ; `
            pattern.append(b)
        }
        let hay = Array(string.utf8[from...])
        var exact = true
        for b in hay where b >= 0x80 || b == 13 {
            exact = false
            break
        }
        guard let p = firstIndex(of: pattern, in: hay) else {
            return exact || bytesDecideAbsence ? .absent : .undecided
        }
        guard exact else { return .undecided }
        let lower = string.utf8.index(from, offsetBy: p)
        return .found(lower..<string.utf8.index(lower, offsetBy: pattern.count))
    }

    /// The offset of the first occurrence of `pattern` (not empty) in `bytes`.
    static func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        let m = pattern.count
        guard bytes.count >= m else { return nil }
        let first = pattern[0]
        var p = 0
        while p <= bytes.count - m {
            if bytes[p] == first {
                var k = 1
                while k < m && bytes[p + k] == pattern[k] { k += 1 }
                if k == m { return p }
            }
            p += 1
        }
        return nil
    }
}
