import Testing
@testable import Raster

/// The fast paths a long text's layout takes agree exactly with the Unicode checks
/// they replace.
@Suite struct TextLayoutFastPathTests {
    @Test func whitespaceAgreesWithCharacterIsWhitespace() {
        // Every scalar of the BMP alone, before a combining mark, and after one (its own
        // cluster when it starts the string), plus the planes' first scalars.
        var scalars = Array(0..<0xD800) + Array(0xE000..<0x10000)
        scalars += [0x10000, 0x1F600, 0x20000, 0xE0001, 0x10FFFF]
        for v in scalars {
            guard let u = Unicode.Scalar(UInt32(v)) else { continue }
            for s in [String(u), String(u) + "\u{301}"] {
                for c in s {
                    #expect(TextLayout.isWhitespace(c) == c.isWhitespace, "U+\(String(v, radix: 16))")
                }
            }
        }
        for c: Character in ["\r\n", "\u{301}", "👨‍👩‍👧", "🇨🇳"] {
            #expect(TextLayout.isWhitespace(c) == c.isWhitespace)
        }
    }

    @Test func newlinesAgreeWithTheCharactersTheyStandFor() {
        var scalars = Array(0..<0x3000)
        scalars += [0x2028, 0x2029, 0x85, 0xE2, 0x3000]
        for v in scalars {
            guard let u = Unicode.Scalar(UInt32(v)) else { continue }
            let c = Character(u)
            let slow = c == "\n" || c == "\r\n" || c == "\r" || c == "\u{2028}" || c == "\u{2029}" || c == "\u{85}"
            #expect((TextLayout.Pieces.mayBeNewline(c.utf8.first) && TextLayout.Pieces.isNewline(c)) == slow)
        }
        let crlf: Character = "\r\n"
        #expect(TextLayout.Pieces.mayBeNewline(crlf.utf8.first) && TextLayout.Pieces.isNewline(crlf))
    }
}
