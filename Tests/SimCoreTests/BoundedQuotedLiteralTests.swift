import Testing
import SimCore

/// Trace lines quote texts through `boundedQuotedLiteral`: short texts exactly as
/// `quotedLiteral`, long ones as head, `…(+N chars)…`, tail in one literal.
@Suite struct BoundedQuotedLiteralTests {
    @Test func shortTextsAreQuotedAsBefore() {
        for s in ["", "hello world", "say \"hi\"\n\t\\", "[笑哭]好的", String(repeating: "é", count: 200),
                  String(repeating: "👨‍👩‍👧", count: 200)] {
            #expect(boundedQuotedLiteral(s) == quotedLiteral(s))
        }
    }

    @Test func aLongTextKeepsItsHeadAndTailAroundTheCountLeftOut() {
        let head = String(repeating: "头", count: 160), tail = String(repeating: "t", count: 40)
        let middle = String(repeating: "m", count: 9_800)
        let q = boundedQuotedLiteral(head + middle + tail)
        #expect(q == "\"" + head + "…(+9800 chars)…" + tail + "\"")
        // One character over the limit is cut too: the limit is the longest text kept whole.
        let over = String(repeating: "a", count: 201)
        #expect(boundedQuotedLiteral(over) == "\"" + String(repeating: "a", count: 160) + "…(+1 chars)…"
                + String(repeating: "a", count: 40) + "\"")
    }

    @Test func charactersAreNeverSplitAndEscapesStayWhole() {
        // Grapheme clusters count as one character each; escapes apply to head and tail.
        let family = "👨‍👩‍👧"
        let s = String(repeating: family, count: 300) + "\n\"end\""
        let q = boundedQuotedLiteral(s)
        #expect(q.hasPrefix("\"" + String(repeating: family, count: 160) + "…(+106 chars)…"))
        #expect(q.hasSuffix(String(repeating: family, count: 34) + "\\n\\\"end\\\"\""))
        #expect(boundedQuotedLiteral(s, characterCount: s.count) == q)
    }

    @Test func theLimitIsAParameter() {
        let s = String(repeating: "x", count: 30)
        #expect(boundedQuotedLiteral(s, limit: 10) == "\"xxxxxxxx…(+20 chars)…xx\"")
        #expect(boundedQuotedLiteral(s, limit: 30) == quotedLiteral(s))
    }
}

/// `quotedLiteral` copies UTF-8 bytes; it spells everything as the scalar-by-scalar
/// definition does.
@Suite struct QuotedLiteralTests {
    static func reference(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if u.value < 0x20 || u.value == 0x7F {
                    out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    @Test func spellsEveryTextAsTheScalarDefinition() {
        let alphabet: [String] = ["a", " ", "\"", "\\", "\n", "\r\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}",
                                  "é", "e\u{301}", "好", "[笑哭]", "👨‍👩‍👧", "\u{2028}", "\u{FEFF}"]
        var rng = SeededRandom(seed: 7)
        for _ in 0..<500 {
            var s = ""
            for _ in 0..<rng.int(in: 0...24) { s += alphabet[rng.int(in: 0..<alphabet.count)] }
            #expect(quotedLiteral(s) == Self.reference(s))
        }
        #expect(quotedLiteral("") == "\"\"")
        #expect(quotedLiteral("a\u{0}b\u{1F}") == "\"a\\u{0}b\\u{1F}\"")
    }
}
