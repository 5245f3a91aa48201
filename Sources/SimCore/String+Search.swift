/// Substring search without `_StringProcessing` (which Embedded Swift does not ship):
/// the few places of the core that look for one string inside another use these.
///
/// Matching is by `Character` (extended grapheme clusters, compared with canonical
/// equivalence), as the standard library's `contains(_:)` and `firstRange(of:)` on
/// strings do, so host results are unchanged. Linear (Knuth-Morris-Pratt, which needs
/// only an equality that is an equivalence, as canonical equivalence is): a hostile
/// 10,000-character search term against a 1 MB keyword costs one pass, not their
/// product. An ASCII needle is decided on the bytes where it can be (`ByteSearch`).
extension String {
    /// The range of the first occurrence of `needle` at or after `start` (default: the
    /// start), nil if there is none. An empty needle matches at `start`.
    /// - Complexity: O(*n* + *m*): bytes when `needle` is ASCII and either the searched
    ///   part is ASCII too or the needle's bytes do not occur in it; else characters.
    public func firstOccurrence(of needle: String, from start: String.Index? = nil) -> Range<String.Index>? {
        TextPattern(needle).firstOccurrence(in: self, from: start)
    }

    /// Whether `needle` occurs in the string (an empty needle always does).
    public func containsOccurrence(of needle: String) -> Bool { firstOccurrence(of: needle) != nil }

    /// The string with every non-overlapping occurrence of `needle` removed, left to right.
    public func removingOccurrences(of needle: String) -> String {
        guard !needle.isEmpty else { return self }
        let pattern = TextPattern(needle)
        var out = ""
        var from = startIndex
        while let r = pattern.firstOccurrence(in: self, from: from) {
            out += self[from..<r.lowerBound]
            from = r.upperBound
        }
        out += self[from...]
        return out
    }
}

/// A needle prepared once for any number of searches (`String.firstOccurrence(of:from:)`
/// prepares one per call): what a scan of many trace lines for one substring uses, so
/// the needle's bytes, characters and failure tables are made once, not once a line.
public struct TextPattern: Sendable {
    /// The text looked for.
    public let needle: String
    /// The needle's bytes, prepared, when it is ASCII (nil otherwise).
    let ascii: BytePattern?
    /// Whether bytes decide absence (an ASCII needle without `K`, `;` or `` ` ``).
    let bytesDecideAbsence: Bool
    let characters: [Character]
    let characterFail: [Int]

    /// Prepares `needle`.
    ///
    /// - Complexity: O(*m*).
    public init(_ needle: String) {
        self.needle = needle
        var bytes: [UInt8] = []
        bytes.reserveCapacity(needle.utf8.count)
        var isASCII = true
        var decides = true
        for b in needle.utf8 {
            if b >= 0x80 { isASCII = false; break }
            if b == 0x4B || b == 0x3B || b == 0x60 { decides = false }   // K ; `
            bytes.append(b)
        }
        ascii = isASCII ? BytePattern(bytes) : nil
        bytesDecideAbsence = decides
        characters = Array(needle)
        characterFail = kmpFailure(characters)
    }

    /// The range of the first occurrence in `text` at or after `start` (default: its
    /// start), as `String.firstOccurrence(of:from:)` defines it.
    ///
    /// - Complexity: O(*n*): bytes where they decide (`ByteSearch`), else characters.
    public func firstOccurrence(in text: String, from start: String.Index? = nil) -> Range<String.Index>? {
        let from = start ?? text.startIndex
        guard !characters.isEmpty else { return from..<from }
        if let ascii {
            switch ByteSearch.decide(ascii, bytesDecideAbsence: bytesDecideAbsence, in: text, from: from) {
            case .found(let r): return r
            case .absent: return nil
            case .undecided: break
            }
        }
        // Knuth-Morris-Pratt over characters: the first position where the characters
        // that follow start with the needle's, as `text[i...].starts(with: needle)` at
        // every boundary would find, in one pass.
        var starts: [String.Index] = []   // start of every character passed, for the match's start
        var matched = 0
        var i = from
        while i != text.endIndex {
            let c = text[i]
            starts.append(i)
            while matched > 0 && characters[matched] != c { matched = characterFail[matched - 1] }
            if characters[matched] == c { matched += 1 }
            i = text.index(after: i)
            if matched == characters.count { return starts[starts.count - matched]..<i }
        }
        return nil
    }

    /// Whether the needle occurs in `text` (an empty needle always does).
    ///
    /// - Complexity: O(*n*).
    public func occurs(in text: String) -> Bool { firstOccurrence(in: text) != nil }
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

    /// The answer for an ASCII needle's prepared bytes, read in place where the string's
    /// bytes are contiguous (a native string), else from a copy.
    static func decide(_ pattern: BytePattern, bytesDecideAbsence: Bool, in string: String, from: String.Index) -> Answer {
        let offset = string.utf8.distance(from: string.startIndex, to: from)
        func answer(_ all: UnsafeBufferPointer<UInt8>) -> Answer {
            let hay = UnsafeBufferPointer(rebasing: all[offset...])
            var exact = true
            for b in hay where b >= 0x80 || b == 13 {
                exact = false
                break
            }
            guard let p = pattern.firstOffset(in: hay) else {
                return exact || bytesDecideAbsence ? .absent : .undecided
            }
            guard exact else { return .undecided }
            let lower = string.utf8.index(from, offsetBy: p)
            return .found(lower..<string.utf8.index(lower, offsetBy: pattern.bytes.count))
        }
        if let a = string.utf8.withContiguousStorageIfAvailable(answer) { return a }
        return Array(string.utf8).withUnsafeBufferPointer(answer)
    }
}

/// The Knuth-Morris-Pratt failure table of `pattern`: entry k is the length of the
/// longest proper prefix of `pattern[0...k]` that is also its suffix.
func kmpFailure<T: Equatable>(_ pattern: [T]) -> [Int] {
    var fail = [Int](repeating: 0, count: pattern.count)
    var k = 0
    var i = 1
    while i < pattern.count {
        while k > 0 && pattern[i] != pattern[k] { k = fail[k - 1] }
        if pattern[i] == pattern[k] { k += 1 }
        fail[i] = k
        i += 1
    }
    return fail
}

/// A byte string prepared once for any number of linear-time searches
/// (Knuth-Morris-Pratt): what catalog search matches its query with, against every
/// code, meaning and keyword. A naive scan costs the text's length times the
/// pattern's on inputs such as `aaa…ab` in `aaa…a`; this costs one pass over the text.
public struct BytePattern: Sendable {
    /// The bytes looked for.
    public let bytes: [UInt8]
    private let fail: [Int]

    /// Prepares `bytes` (which may be empty: it then occurs at offset 0).
    ///
    /// - Complexity: O(*m*).
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        fail = kmpFailure(bytes)
    }

    /// The offset of the first occurrence in `text`, nil if there is none.
    ///
    /// - Parameter text: the bytes searched (an array, a slice, a string's UTF-8 view).
    /// - Complexity: O(*n*), each byte of `text` read once.
    public func firstOffset<C: Collection>(in text: C) -> Int? where C.Element == UInt8 {
        // Contiguous bytes (an array, a native string's UTF-8) take the concrete loop: a
        // generic one called from another module runs through witness tables, 10x slower.
        if let r = text.withContiguousStorageIfAvailable({ firstOffset(inBuffer: $0) }) { return r }
        let m = bytes.count
        guard m > 0 else { return 0 }
        var matched = 0
        var offset = 0
        for b in text {
            while matched > 0 && bytes[matched] != b { matched = fail[matched - 1] }
            if bytes[matched] == b { matched += 1 }
            offset += 1
            if matched == m { return offset - m }
        }
        return nil
    }

    func firstOffset(inBuffer text: UnsafeBufferPointer<UInt8>) -> Int? {
        let m = bytes.count
        guard m > 0 else { return 0 }
        return bytes.withUnsafeBufferPointer { p -> Int? in
            fail.withUnsafeBufferPointer { f -> Int? in
                var matched = 0
                var offset = 0
                for b in text {
                    while matched > 0 && p[matched] != b { matched = f[matched - 1] }
                    if p[matched] == b { matched += 1 }
                    offset += 1
                    if matched == m { return offset - m }
                }
                return nil
            }
        }
    }

    /// Whether the bytes occur in `text`.
    ///
    /// - Complexity: O(*n*).
    public func occurs<C: Collection>(in text: C) -> Bool where C.Element == UInt8 { firstOffset(in: text) != nil }
}
