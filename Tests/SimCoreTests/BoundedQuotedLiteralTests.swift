import Testing
import SimCore

/// Trace lines quote texts through `boundedQuotedLiteral`: texts up to 1,024 bytes
/// exactly as `quotedLiteral`, longer ones as their two quoted ends around `..N..`.
@Suite struct BoundedQuotedLiteralTests {
    @Test func shortTextsAreQuotedAsBefore() {
        for s in ["", "hello world", "say \"hi\"\n\t\\", "[笑哭]好的", String(repeating: "é", count: 512),
                  String(repeating: "a", count: boundedQuoteByteLimit)] {
            #expect(boundedQuotedLiteral(s) == quotedLiteral(s))
        }
    }

    @Test func aLongTextKeepsBothEndsAroundTheBytesLeftOut() {
        let head = String(repeating: "头", count: 100), tail = String(repeating: "t", count: 100)
        let middle = String(repeating: "m", count: 9_800)
        #expect(boundedQuotedLiteral(head + middle + tail) == quotedLiteral(head) + "..9800.." + quotedLiteral(tail))
        // One byte over the limit is cut: the limit is the longest text kept whole.
        let over = String(repeating: "a", count: boundedQuoteByteLimit + 1)
        #expect(boundedQuotedLiteral(over) == quotedLiteral(String(repeating: "a", count: 100)) + "..825.."
                + quotedLiteral(String(repeating: "a", count: 100)))
    }

    @Test func charactersAreNeverSplitAndEscapesStayWhole() {
        // Grapheme clusters count as one character each; the ends are escaped as usual,
        // and N counts the bytes between them.
        let family = "👨‍👩‍👧"
        let s = String(repeating: family, count: 300) + "\n\"end\""
        let q = boundedQuotedLiteral(s)
        #expect(q.hasPrefix(quotedLiteral(String(repeating: family, count: 100)) + ".."))
        let tailText = String(repeating: family, count: 94) + "\n\"end\""
        #expect(q.hasSuffix(".." + quotedLiteral(tailText)))
        let elided = s.utf8.count - 100 * family.utf8.count - tailText.utf8.count
        #expect(q.contains(".." + String(elided) + ".."))
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
                let v = u.value
                let bidi = v == 0x61C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
                if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || bidi {
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
                                  "é", "e\u{301}", "好", "[笑哭]", "👨‍👩‍👧", "\u{2028}", "\u{FEFF}",
                                  "\u{9B}", "\u{A0}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{61C}", "\u{200D}",
                                  "\u{200E}", "\u{2027}", "\u{202F}", "\u{7FF}", "\u{C0}"]
        var rng = SeededRandom(seed: 7)
        for _ in 0..<500 {
            var s = ""
            for _ in 0..<rng.int(in: 0...24) { s += alphabet[rng.int(in: 0..<alphabet.count)] }
            #expect(quotedLiteral(s) == Self.reference(s))
        }
        #expect(quotedLiteral("") == "\"\"")
        #expect(quotedLiteral("a\u{0}b\u{1F}") == "\"a\\u{0}b\\u{1F}\"")
        // C1 controls and bidirectional overrides are escaped too: a terminal acts on
        // U+009B (CSI) and U+202E reverses what a reviewer reads.
        #expect(quotedLiteral("\u{9B}31m\u{202E}txt") == "\"\\u{9B}31m\\u{202E}txt\"")
        #expect(quotedLiteral("\u{A0}\u{200D}é") == "\"\u{A0}\u{200D}é\"")
    }
}

/// Issue 47 item 19: one grapheme cluster can be megabytes (a letter and a million
/// combining accents is one `Character`), so the message cut counts bytes as well as
/// characters, and cuts inside a cluster at a scalar boundary when it must.
@Suite struct MessageCutByBytesTests {
    static let cluster = "a" + String(repeating: "\u{301}", count: 1_000_000)

    @Test func oneHugeClusterIsCutByBytes() {
        let e = echoLiteral(Self.cluster)
        // Each end at most echoEndCharacters * boundedQuoteBytesPerCharacter bytes.
        let endBytes = echoEndCharacters * boundedQuoteBytesPerCharacter
        #expect(e.utf8.count <= 2 * endBytes + 32, "\(e.utf8.count) bytes")
        let head = "a" + String(repeating: "\u{301}", count: (endBytes - 1) / 2)
        #expect(e.hasPrefix(quotedLiteral(head) + ".."))
        #expect(e.hasSuffix(".." + quotedLiteral(String(repeating: "\u{301}", count: endBytes / 2))))
        // N counts the bytes between the ends exactly.
        let elided = Self.cluster.utf8.count - head.utf8.count - endBytes
        // (On the bytes: the tail's first accent joins the quote before it into one
        // character, so a character search would not see the quote.)
        #expect(BytePattern(Array("\"..\(elided)..\"".utf8)).occurs(in: e.utf8))
        let q = boundedQuotedLiteral(Self.cluster)
        #expect(q.utf8.count <= 2 * boundedQuoteEndCharacters * boundedQuoteBytesPerCharacter + 32, "\(q.utf8.count) bytes")
    }

    @Test func clustersOfOrdinaryTextAreKeptWhole() {
        // Many large clusters around one huge one: the ends keep whole characters up to
        // the byte bound, the huge one is cut, and no scalar is split.
        let family = "👨‍👩‍👧"
        let s = String(repeating: family, count: 40) + Self.cluster + String(repeating: "x", count: 40)
        let e = echoLiteral(s)
        #expect(e.hasPrefix(quotedLiteral(String(repeating: family, count: echoEndCharacters)) + ".."))
        #expect(e.hasSuffix(".." + quotedLiteral(String(repeating: "x", count: echoEndCharacters))))
        #expect(e.unicodeScalars.allSatisfy { $0.value != 0xFFFD })
        // A cut by bytes within a run of 2-byte scalars lands on a scalar boundary.
        let accents = String(repeating: "\u{301}", count: 5_000) + "x"
        let a = echoLiteral(accents)
        #expect(a.hasPrefix("\"" + String(repeating: "\u{301}", count: echoEndCharacters * boundedQuoteBytesPerCharacter / 2) + "\".."))
    }
}
