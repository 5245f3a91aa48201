import Testing
import SimCore

/// `firstOccurrence(of:from:)` decides ASCII needles on the bytes where bytes can
/// (ByteSearch); every answer must be the character search's, canonical equivalence and
/// grapheme clusters included.
@Suite struct StringSearchTests {
    /// The character search by its definition: the first character boundary (from
    /// `start`) where the characters that follow start with the needle's.
    func reference(_ s: String, _ needle: String, from start: String.Index) -> Range<String.Index>? {
        guard !needle.isEmpty else { return start..<start }
        var i = start
        while i != s.endIndex {
            if s[i...].starts(with: needle) { return i..<s.index(i, offsetBy: needle.count) }
            i = s.index(after: i)
        }
        return nil
    }

    static let haystacks = [
        "0.533s panel pageChanged page=3 group=default", "list willDisplay row=12", "",
        "Kelvin \u{212A} and K", "a\u{037E} b; c", "grave \u{1FEF} and `", "cafe\u{301} and cafe",
        "line\r\nnext\rlast\n", "第3秒[笑哭] hello", "flags \u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA} end",
        "family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} x", "e\u{301}e\u{301}e", "aaab aab ab",
    ]
    static let needles = [
        "K", "\u{212A}", ";", "\u{037E}", "`", "cafe", "caf", "e", "\r", "\n", "\r\n", "next", "last\n",
        "hello", "[笑哭]", "秒", "\u{1F1EB}", "\u{1F1F7}\u{1F1E9}", "\u{1F469}", "ab", "aab", "page=3",
        "willDisplay", "zzz", "b;", "s panel", "e\u{301}", "\u{301}",
    ]

    @Test func agreesWithTheCharacterSearchFromEveryBoundary() {
        for s in Self.haystacks {
            var starts = Array(s.indices)
            starts.append(s.endIndex)
            for n in Self.needles {
                for start in starts {
                    #expect(s.firstOccurrence(of: n, from: start) == reference(s, n, from: start),
                            "\(s.debugDescription) \(n.debugDescription) from \(s.distance(from: s.startIndex, to: start))")
                }
            }
        }
    }

    @Test func equivalentCharactersAreFoundWhereTheBytesDiffer() {
        // Each of these must fall through to the character search.
        #expect("a \u{212A} b".containsOccurrence(of: "K"))
        #expect("a\u{037E}".containsOccurrence(of: ";"))
        #expect("\u{1FEF}x".containsOccurrence(of: "`x"))
        // A byte match inside a wider character is none.
        #expect(!"cafe\u{301}".containsOccurrence(of: "cafe"))
        #expect(!"a\r\nb".containsOccurrence(of: "\r"))
        #expect("a\r\nb".containsOccurrence(of: "\r\n"))
    }

    @Test func removingOccurrencesKeepsEverythingElse() {
        #expect("a.b..c...d".removingOccurrences(of: "..") == "a.bc.d")
        #expect("第[笑]二[笑]".removingOccurrences(of: "[笑]") == "第二")
        #expect("cafe\u{301} cafe".removingOccurrences(of: "cafe") == "cafe\u{301} ")
    }
}
