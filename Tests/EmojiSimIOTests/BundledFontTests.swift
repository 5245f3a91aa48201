import EmojiSimIO
import Foundation
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
        #expect(font.glyph(for: 0x1F600)?.width == 16)      // 😀 (plane 1, from Unifont Upper)
        #expect(font.glyph(for: 0xE000) == nil)             // private use is not in the subset
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

    /// Every character the CharGrid prints itself (icons, page dots, outlines, caret,
    /// selection) and every Unicode emoji of the bundled catalog has a real glyph, so a
    /// grid drawn with the font (the HTML report's "rendered" grids) shows no hex boxes.
    @Test func everyCharacterTheGridPrintsHasAGlyph() throws {
        let font = try BundledFont.unifont()
        var missing: [String] = []
        func need(_ text: String, _ why: String) {
            for s in text.unicodeScalars where CharacterWidth.of(s) != .zero && !font.contains(s.value) {
                missing.append("U+\(String(s.value, radix: 16, uppercase: true)) (\(why))")
            }
        }
        for icon in Icon.allCases { need(icon.gridText, "Icon.\(icon.rawValue).gridText") }
        need("●○▏░╭╮╰╯─│┌┐└┘", "CharGrid outlines, dots, caret, selection")
        need("☺➤⌫●○😄", "issue 27's list")
        let unicode = try ScenarioAssets.load(.unicode(path: nil), relativeTo: URL(fileURLWithPath: "/"))
        var checked = 0
        for e in unicode.catalog.emojis {
            // The grid prints the cluster; the font draws its first scalar. Private-use
            // codes (the bundled stickers' file names, f056...) are not characters.
            guard let first = e.code.unicodeScalars.first, e.code.count == 1, first.value >= 0x80,
                  !(0xE000...0xF8FF).contains(first.value) else { continue }
            if !font.contains(first.value) {
                missing.append("U+\(String(first.value, radix: 16, uppercase: true)) (\(e.code))")
            }
            checked += 1
        }
        #expect(checked > 300)
        #expect(missing.isEmpty, "no glyph for: \(missing.prefix(20).joined(separator: ", "))")
    }

    @Test func glyphsFitTheBoxTheLayoutGives() throws {
        let font = try BundledFont.unifont()
        // ➤ is narrow in the layout but 16 pixels wide in Unifont: squeezed into 8.
        let send = try #require(font.glyph(for: 0x27A4))
        #expect(send.width == 16)
        let fitted = send.fitted(to: 8)
        #expect(fitted.width == 8)
        for y in 0..<16 {
            for x in 0..<8 {
                #expect(fitted.pixel(x: x, y: y) == (send.pixel(x: 2 * x, y: y) || send.pixel(x: 2 * x + 1, y: y)))
            }
        }
        // A narrow glyph in a wide box is centred; same-width glyphs are unchanged.
        let a = try #require(font.glyph(for: 0x41))
        #expect(a.fitted(to: 16).pixel(x: 4 + 1, y: 10) == a.pixel(x: 1, y: 10))
        #expect(a.fitted(to: 16).width == 16)
        #expect(a.fitted(to: 8) == a)
    }
}
