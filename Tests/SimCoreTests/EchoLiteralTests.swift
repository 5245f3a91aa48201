import Testing
import SimCore

/// Messages echo untrusted values through `echoLiteral`: quoted and escaped, whole up
/// to `echoByteLimit` bytes, else both ends around the bytes left out (issue 26, item 14).
@Suite struct EchoLiteralTests {
    @Test func shortValuesAreQuotedWhole() {
        for s in ["", "gif", "say \"hi\"", "[笑哭]", String(repeating: "a", count: echoByteLimit)] {
            #expect(echoLiteral(s) == quotedLiteral(s))
        }
        #expect(echoLiteral("gif"[...]) == "\"gif\"")
    }

    @Test func aTenMegabyteValueIsOneShortLine() {
        let value = String(repeating: "gif", count: 3_495_253) + "!"
        let e = echoLiteral(value)
        #expect(e.utf8.count < 120)
        #expect(e.hasPrefix("\"" + String(repeating: "gif", count: 10) + "gi\".."))
        #expect(e.hasSuffix("..\"f" + String(repeating: "gif", count: 10) + "!\""))
        let elided = value.utf8.count - 2 * echoEndCharacters
        #expect(e.contains(".." + String(elided) + ".."))
        // A slice of a large input is echoed without copying it (same result).
        let big = "key=" + value
        #expect(echoLiteral(big.dropFirst(4)) == e)
    }

    @Test func nothingRawReachesTheTerminal() {
        let hostile = "\u{0}\u{1B}[31mred\u{7}\u{9B}2J\u{202E}evil\u{2028}x"
        let e = echoLiteral(hostile)
        #expect(!e.unicodeScalars.contains { isEscapedForDisplay($0) })
        #expect(e == "\"\\u{0}\\u{1B}[31mred\\u{7}\\u{9B}2J\\u{202E}evil\\u{2028}x\"")
        // Escapes are never split by the cut.
        let controls = String(repeating: "\u{1B}", count: 5_000)
        let c = echoLiteral(controls)
        #expect(!c.unicodeScalars.contains { isEscapedForDisplay($0) })
        #expect(c.hasPrefix("\"" + String(repeating: "\\u{1B}", count: echoEndCharacters) + "\".."))
    }

    @Test func displaySafeKeepsLinesAndEscapesTheRest() {
        #expect(displaySafe("plain\nlines") == "plain\nlines")
        #expect(displaySafe("a\u{1B}[2Jb\r\n\u{85}") == "a\\u{1B}[2Jb\\u{D}\n\\u{85}")
        // Unquoted, for a listing's column: quotes and backslashes stay, controls do not.
        #expect(escapedForDisplay("say \"hi\"\\ \u{1B}[31m\n\u{202E}") == "say \"hi\"\\ \\u{1B}[31m\\u{A}\\u{202E}")
        #expect(escapedForDisplay("名字"[...]) == "名字")
    }
}
