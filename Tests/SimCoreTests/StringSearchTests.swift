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

/// Issue 47 item 12: substring search is linear, whatever the needle and the text (a
/// naive scan costs their product on `aaa…ab` in `aaa…a`).
@Suite struct LinearSearchTests {
    @Test func bytePatternFindsWhatANaiveScanFinds() {
        var rng = SeededRandom(seed: 47)
        for _ in 0..<2_000 {
            let text = (0..<rng.int(in: 0...40)).map { _ in UInt8(rng.int(in: 97...99)) }
            let pattern = (0..<rng.int(in: 0...6)).map { _ in UInt8(rng.int(in: 97...99)) }
            var naive: Int? = pattern.isEmpty ? 0 : nil
            if !pattern.isEmpty && text.count >= pattern.count {
                for p in 0...(text.count - pattern.count) where Array(text[p..<(p + pattern.count)]) == pattern { naive = p; break }
            }
            #expect(BytePattern(pattern).firstOffset(in: text) == naive, "\(text) \(pattern)")
        }
    }

    @Test func theWorstCaseOfANaiveScanReadsEachByteOnce() {
        // 1 MB of "a" and a 10,000-byte "aaa…ab": a naive scan makes ~10^10 comparisons.
        let text = [UInt8](repeating: 0x61, count: 1_000_000)
        let pattern = [UInt8](repeating: 0x61, count: 9_999) + [0x62]
        var reads = 0
        let counted = text.lazy.map { b -> UInt8 in reads += 1; return b }
        #expect(BytePattern(pattern).firstOffset(in: counted) == nil)
        #expect(reads == text.count)
        #expect(BytePattern(pattern).firstOffset(in: text + pattern) == text.count)
    }

    @Test func theCharacterSearchAgreesWithTheDefinition() {
        // Non-ASCII needles take the character path (Knuth-Morris-Pratt over characters):
        // random texts over an alphabet with repeats, equivalent spellings and clusters.
        let alphabet = ["e\u{301}", "\u{E9}", "e", "\u{301}", "é", "好", "👍", "👍🏽", "a"]
        var rng = SeededRandom(seed: 19)
        for _ in 0..<1_500 {
            var text = "", needle = ""
            for _ in 0..<rng.int(in: 0...14) { text += alphabet[rng.int(in: 0..<alphabet.count)] }
            for _ in 0..<rng.int(in: 1...4) { needle += alphabet[rng.int(in: 0..<alphabet.count)] }
            #expect(text.firstOccurrence(of: needle) == StringSearchTests().reference(text, needle, from: text.startIndex),
                    "\(text.debugDescription) \(needle.debugDescription)")
        }
        let e = "e\u{301}"
        let text = String(repeating: e, count: 2_000)
        let needle = String(repeating: e, count: 50) + "x"
        #expect(!text.containsOccurrence(of: needle))
        let both = text + needle
        #expect(both.firstOccurrence(of: needle).map { both.distance(from: both.startIndex, to: $0.lowerBound) } == 2_000)
        // Canonical equivalence still holds: é (U+00E9) matches e + U+0301.
        #expect(("x" + text).containsOccurrence(of: "x\u{E9}\u{E9}"))
    }
}
