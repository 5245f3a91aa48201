import EmojiSimTesting
import Imaging
import Raster
import SimCore
import Testing

/// Reference renders of the rasterizers' primitives and of text layout, in
/// Snapshots/RasterSnapshotTests/ (CharGrid text, style layer, tree dump, PNG).
@Suite struct RasterSnapshotTests {
    /// Deterministic stand-ins for emoji images: 64 x 64 discs, hue from the name.
    static var images: ImageProvider { ImageProvider { name, frame in
        if name.hasPrefix("missing") { return nil } // drawn as the placeholder
        var h: UInt32 = 2_166_136_261
        for b in name.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        var img = Image(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let dx = x - 32, dy = y - 32
                let d2 = dx * dx + dy * dy
                guard d2 < 30 * 30 else { continue }
                let eye = (abs(dx + 10) < 4 || abs(dx - 10) < 4) && abs(dy + 8) < 5
                let mouth = dy > 8 && dy < 13 && abs(dx) < 14
                if eye || mouth {
                    img[x, y] = (60, 40, 20, 255)
                } else {
                    img[x, y] = (UInt8(truncatingIfNeeded: h), UInt8(truncatingIfNeeded: h >> 8 &+ UInt32(frame * 40)),
                                 UInt8(truncatingIfNeeded: h >> 16), 255)
                }
            }
        }
        return img
    } }

    static var config: RenderConfiguration { RenderConfiguration(scale: 2, images: images) }

    /// A bordered card holding `layout` at (8, 16): one cell inside the border, so the
    /// CharGrid shows the box around the text.
    static func card(_ layout: TextLayout, width: Double, caret: Int? = nil, selection: Range<Int>? = nil) -> DisplayList {
        var list = DisplayList(width: width + 16, height: max(16, layout.size.height) + 32)
        list.fill(list.bounds, .surface, view: "Card")
        list.border(list.bounds.insetBy(dx: 0.5, dy: 0.5), width: 1, radius: 4, .border)
        let origin = Point(x: 8, y: 16)
        if let selection {
            for r in layout.selectionRects(for: selection) { list.append(.selection(r.offsetBy(dx: 8, dy: 16), .selection)) }
        }
        list.text(layout, at: origin, .text, view: "Label")
        if let caret { list.append(.caret(layout.caretRect(at: caret).offsetBy(dx: 8, dy: 16), .caret)) }
        return list
    }

    static func primitives() -> DisplayList {
        var l = DisplayList(width: 192, height: 128)
        l.fill(l.bounds, .background, view: "Root")
        l.fill(Rect(x: 8, y: 8, width: 48, height: 32), .accent, label: "fill")
        l.shadow(Rect(x: 72, y: 8, width: 48, height: 32), radius: 8, offset: Point(x: 0, y: 2), blur: 4)
        l.roundedRect(Rect(x: 72, y: 8, width: 48, height: 32), radius: 8, .bubbleIncoming, label: "rounded")
        l.border(Rect(x: 136, y: 8, width: 48, height: 32), width: 2, radius: 6, .border, label: "border")
        l.circle(Rect(x: 8, y: 56, width: 32, height: 32), .pageIndicatorCurrent, label: "circle")
        l.circle(Rect(x: 48, y: 60, width: 40, height: 24), .destructive, label: "ellipse")
        l.circle(Rect(x: 96, y: 68, width: 8, height: 8), .pageIndicator)
        l.line(from: Point(x: 8, y: 104), to: Point(x: 184, y: 104), width: 1, .separator)
        l.line(from: Point(x: 112, y: 56), to: Point(x: 184, y: 96), width: 2, .text)
        l.clipped(to: Rect(x: 120, y: 48, width: 32, height: 16), view: "Clip") { l in
            l.fill(Rect(x: 112, y: 40, width: 64, height: 64), .bubbleOutgoing)
        }
        l.withOpacity(0.5) { l in
            l.roundedRect(Rect(x: 8, y: 92, width: 80, height: 24), radius: 12, .accent, label: "half", state: [.disabled])
        }
        l.image(ImageRef(name: "f056.gif", frameIndex: 1, code: "f056"), in: Rect(x: 136, y: 108, width: 16, height: 16), label: "笑哭")
        l.image(ImageRef(name: "emoji_u1f600.png", glyph: "😀"), in: Rect(x: 160, y: 108, width: 16, height: 16), label: "grinning",
                state: [.highlighted])
        l.image(ImageRef(name: "missing.png", code: "x1"), in: Rect(x: 104, y: 108, width: 16, height: 16))
        return l
    }

    @Test func primitivesInEveryFormat() {
        let list = Self.primitives()
        assertSnapshot(of: list, as: .ascii, named: "unicode")
        assertSnapshot(of: list, as: .ascii(.ascii), named: "strict")
        assertSnapshot(of: list, as: .asciiStyled, named: "styled")
        assertSnapshot(of: list, as: .tree, named: "list")
        assertSnapshot(of: list, as: .png(Self.config), named: "light")
        assertSnapshot(of: list, as: .png(RenderConfiguration(scale: 1, theme: .dark, images: Self.images)), named: "dark@1x")
        assertSnapshot(of: list, as: .png(RenderConfiguration(scale: 3, images: Self.images)), named: "light@3x")
    }

    static let latin = "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs: well-known, re-usable, 3.1415!"
    static let cjk = "今天天气很好，我们一起去公园散步吧。「你好」他说：“明天见！”"
    static let mixed = "Hello 世界! 我们在 Swift 6 里写了一个 emoji 模拟器, it works 很好。"

    @Test(arguments: [80.0, 136.0, 200.0])
    func latinWrapping(width: Double) {
        let card = Self.card(TextLayout(Self.latin, maxWidth: width), width: width)
        assertSnapshot(of: card, as: .ascii, named: "w\(Int(width))")
        assertSnapshot(of: card, as: .png(Self.config), named: "w\(Int(width))")
    }

    @Test(arguments: [80.0, 136.0, 200.0])
    func cjkWrapping(width: Double) {
        let card = Self.card(TextLayout(Self.cjk, maxWidth: width), width: width)
        assertSnapshot(of: card, as: .ascii, named: "w\(Int(width))")
        assertSnapshot(of: card, as: .png(Self.config), named: "w\(Int(width))")
    }

    @Test func mixedScripts() {
        let card = Self.card(TextLayout(Self.mixed, maxWidth: 160), width: 160, caret: 9, selection: 0..<5)
        assertSnapshot(of: card, as: .asciiStyled, named: "styled")
        assertSnapshot(of: card, as: .png(Self.config), named: "light")
        assertSnapshot(of: card, as: .png(RenderConfiguration(scale: 2, theme: .dark, images: Self.images)), named: "dark")
    }

    static let emojiRuns: [InlineRun] = [
        .text("Dinner at 7? "), .emoji(code: "f056", imageName: "f056.gif", label: "笑哭"),
        .emoji(code: "f056", imageName: "f056.gif", label: "笑哭"), .text(" 好的"),
        .emoji(code: "微笑", imageName: "emoji_u1f642.png", label: "smile"), .text(" see you "),
        .emoji(code: "😀", imageName: "emoji_u1f600.png", label: "grinning", glyph: "😀"),
        .emoji(code: "f057", imageName: "f057.gif", label: "哈哈"), .text(" 🇯🇵 ❤️ 1️⃣ done."),
    ]

    @Test func inlineEmoji() {
        let card = Self.card(TextLayout(Self.emojiRuns, maxWidth: 136), width: 136)
        assertSnapshot(of: card, as: .ascii, named: "unicode")
        assertSnapshot(of: card, as: .ascii(.ascii), named: "strict")
        assertSnapshot(of: card, as: .tree, named: "list")
        assertSnapshot(of: card, as: .png(Self.config), named: "light")
        let big = TextLayout(Self.emojiRuns, maxWidth: 136, metrics: FontMetrics.unifont16.withEmojiSize(Size(width: 24, height: 24)))
        assertSnapshot(of: Self.card(big, width: 136), as: .png(Self.config), named: "emoji24")
    }

    @Test func ellipsis() {
        let latin = Self.card(TextLayout(Self.latin, maxWidth: 136, maxLines: 2), width: 136)
        let cjk = Self.card(TextLayout(Self.cjk, maxWidth: 136, maxLines: 1), width: 136)
        let emoji = Self.card(TextLayout(Self.emojiRuns, maxWidth: 136, maxLines: 2), width: 136)
        assertSnapshot(of: latin, as: .ascii, named: "latin")
        assertSnapshot(of: cjk, as: .ascii, named: "cjk")
        assertSnapshot(of: emoji, as: .ascii, named: "emoji")
        assertSnapshot(of: latin, as: .png(Self.config), named: "latin")
        assertSnapshot(of: emoji, as: .png(Self.config), named: "emoji")
    }

    @Test func hardNewlinesAndLongWords() {
        let card = Self.card(TextLayout("first line\n\nsupercalifragilisticexpialidocious\n末尾", maxWidth: 96), width: 96,
                             caret: 12)
        assertSnapshot(of: card, as: .asciiStyled, named: "styled")
        assertSnapshot(of: card, as: .png(Self.config), named: "light")
    }

    @Test func sameListTwiceGivesIdenticalBytes() {
        let a = PixelCanvas.render(Self.primitives(), options: PixelRenderOptions(scale: 2, font: Self.config.font, images: Self.images))
        let b = PixelCanvas.render(Self.primitives(), options: PixelRenderOptions(scale: 2, font: Self.config.font, images: Self.images))
        #expect(SnapshotImageCodec.encodePNG(a) == SnapshotImageCodec.encodePNG(b))
        #expect(CharGrid(Self.primitives(), options: .styled).text == CharGrid(Self.primitives(), options: .styled).text)
    }
}
