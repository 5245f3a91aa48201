import Testing
@testable import Raster

@Suite struct BitmapFontTests {
    // Two real Unifont lines: 'A' (8x16) and '中' (16x16).
    static let hex = """
    0041:0000000018242442427E424242420000
    4E2D:01000100010001003FF8210821082108210821083FF821080100010001000100
    """

    @Test func parsesNarrowAndWideGlyphs() throws {
        let font = try BitmapFont(parsingHex: Self.hex)
        #expect(font.glyphCount == 2)
        let a = try #require(font.glyph(for: 0x41))
        #expect(a.width == 8)
        #expect(a.rows[4] == 0x1800)
        #expect(a.pixel(x: 3, y: 4) && a.pixel(x: 4, y: 4) && !a.pixel(x: 2, y: 4))
        let zhong = try #require(font.glyph(for: 0x4E2D))
        #expect(zhong.width == 16)
        #expect(zhong.rows[4] == 0x3FF8)
        #expect(font.glyph(for: 0x42) == nil)
    }

    @Test func unsortedInputIsSortedAndCommentsSkipped() throws {
        let font = try BitmapFont(parsingHex: "# comment\n4E2D:01000100010001003FF8210821082108210821083FF821080100010001000100\r\n\n0041:0000000018242442427E424242420000\n")
        #expect(font.glyph(for: 0x41)?.width == 8)
        #expect(font.glyph(for: 0x4E2D)?.width == 16)
    }

    @Test func errorsNameLineAndColumn() {
        func error(_ text: String) -> BitmapFontError? {
            do { _ = try BitmapFont(parsingHex: text, source: "t.hex"); return nil } catch { return error }
        }
        #expect(error("0041:00\n")?.reason == .badGlyphLength(2))
        #expect(error("0041:00\n")?.line == 1)
        #expect(error("\n0041 0000\n")?.reason == .missingColon)
        #expect(error("\n0041 0000\n")?.line == 2)
        let bad = error("0041:0000000018242442427E42424242000G")
        #expect(bad?.reason == .badHexDigit(UInt8(ascii: "G")))
        #expect(bad?.column == 37)
        #expect(error("41:0000000018242442427E424242420000")?.reason == .badCodePoint)
        #expect(error("FFFFFF:0000000018242442427E424242420000")?.reason == .codePointOutOfRange(0xFFFFFF))
        let dup = error("0041:0000000018242442427E424242420000\n0041:0000000018242442427E424242420000")
        #expect(dup?.reason == .duplicateCodePoint(0x41, firstLine: 1))
        #expect(dup?.line == 2)
        #expect(dup?.description == "t.hex:2:1: U+0041 is defined twice (first on line 1)")
        let long = String(repeating: "0", count: 300)
        #expect(error(long)?.reason == .lineTooLong(limit: 200))
        let limited = try? BitmapFont(parsingHex: Self.hex, limits: .init(maxGlyphs: 1))
        #expect(limited == nil)
    }

    @Test func missingGlyphIsABoxWithItsHexCode() {
        let box = BitmapFont.hexBox(for: 0x1F600, width: 16)
        #expect(box.width == 16)
        #expect(box.rows[0] == 0xFFFF && box.rows[15] == 0xFFFF)
        #expect(box.rows[7] & 0x8001 == 0x8001)
        // "01F600": '0' (top row 111) at x = 4, '1' (010 110 010 010 111) at x = 9, top = 1.
        #expect(box.rows[1] & 0x0E00 == 0x0E00)
        #expect(box.rows[1] & 0x0070 == 0x0020)
        #expect(box.rows[2] & 0x0070 == 0x0060)
        #expect(box.rows[5] & 0x0070 == 0x0070)
        let narrow = BitmapFont().glyphOrBox(for: 0xE9, width: 8)
        #expect(narrow.width == 8)
        #expect(narrow.rows[0] == 0xFF00)
        #expect(BitmapFont.hexBox(for: 0x00E9, width: 8) != BitmapFont.hexBox(for: 0x00EA, width: 8))
    }
}
