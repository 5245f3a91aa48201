import EmojiSimIO
import Raster
import Testing

@Suite struct BundledFontTests {
    @Test func shippedSubsetLoadsWithNarrowAndWideGlyphs() throws {
        let font = try BundledFont.unifont()
        #expect(font.glyphCount > 21_000)
        #expect(font.glyph(for: 0x41)?.width == 8)          // A
        #expect(font.glyph(for: 0x4E2D)?.width == 16)       // 中
        #expect(font.glyph(for: 0x2500)?.width == 8)        // ─
        #expect(font.glyph(for: 0xFF01)?.width == 16)       // ！
        #expect(font.glyph(for: 0x1F600) == nil)            // emoji are not in the subset
        // 'A' has ink, the space has none.
        #expect(font.glyph(for: 0x41)!.rows != .init())
        #expect(font.glyph(for: 0x20)!.rows == .init())
    }

    @Test func everyWideGlyphMatchesTheLayoutWidthTable() throws {
        let font = try BundledFont.unifont()
        // The layout's width table and the font agree on the shipped CJK block.
        for cp in stride(from: UInt32(0x4E00), through: 0x9FFF, by: 97) {
            let g = try #require(font.glyph(for: cp))
            #expect(g.width == 16)
            #expect(CharacterWidth.of(Unicode.Scalar(cp)!) == .wide)
        }
        for cp in UInt32(0x20)...0x7E {
            #expect(font.glyph(for: cp)?.width == 8)
        }
    }
}
