import Imaging
import SimCore
import Testing
@testable import Raster

/// Icons (both rasterizers, the tree dump), the emoji content box, the missing-image
/// glyph, and the grid's page dots and text over outlines.
@Suite struct IconAndContentBoxTests {
    let theme = Theme(name: "test", colors: [
        .background: Color(hex: 0x000000), .text: Color(hex: 0xFFFFFF), .secondaryText: Color(hex: 0x00FF00),
        .imagePlaceholder: Color(hex: 0x808080), .bubbleOutgoing: Color(hex: 0xFF0000),
    ])

    func render(_ w: Double, _ h: Double, scale: Int = 1, images: ImageProvider = .none,
                _ build: (inout DisplayList) -> Void) -> Image {
        var list = DisplayList(width: w, height: h)
        build(&list)
        return PixelCanvas.render(list, options: PixelRenderOptions(scale: scale, theme: theme, images: images))
    }

    func grid(_ w: Double, _ h: Double, _ options: CharGridOptions = .unicode, _ build: (inout DisplayList) -> Void) -> String {
        var list = DisplayList(width: w, height: h)
        build(&list)
        return CharGrid(list, options: options).text
    }

    /// Pixels of `img` that are not the background.
    func inked(_ img: Image) -> Int {
        var n = 0
        for y in 0..<img.height { for x in 0..<img.width where img[x, y].r != 0 || img[x, y].g != 0 || img[x, y].b != 0 { n += 1 } }
        return n
    }

    @Test(arguments: Icon.allCases)
    func everyIconDrawsInsideItsFrameOnly(icon: Icon) {
        let img = render(48, 48, scale: 2) { l in l.icon(icon, in: Rect(x: 12, y: 12, width: 24, height: 24), .text) }
        let n = inked(img)
        // Something visible, but not a filled square (an icon is never a plain box).
        #expect(n > 40)
        #expect(n < 48 * 48 * 3 / 4 || icon.isTail)
        for y in 0..<img.height {
            for x in 0..<img.width where x < 23 || x > 73 || y < 23 || y > 73 {
                #expect(img[x, y].r == 0, "icon \(icon) painted (\(x), \(y)) outside its frame")
            }
        }
    }

    @Test func iconsAreDistinctFromEachOtherAndTheMissingImage() {
        var seen: [[UInt8]] = []
        for icon in Icon.allCases {
            let img = render(24, 24, scale: 2) { l in l.icon(icon, in: Rect(x: 0, y: 0, width: 24, height: 24), .text) }
            #expect(!seen.contains(img.pixels), "\(icon) draws like another icon")
            seen.append(img.pixels)
        }
        let missing = render(24, 24, scale: 2) { l in l.image(ImageRef(name: "x"), in: Rect(x: 0, y: 0, width: 24, height: 24)) }
        #expect(!seen.contains(missing.pixels))
    }

    @Test func tailsMirrorEachOtherAndFillTheirFrameAtTheRoot() {
        let right = render(10, 14, scale: 2) { l in l.icon(.tailRight, in: Rect(x: 0, y: 0, width: 10, height: 14), .bubbleOutgoing) }
        let left = render(10, 14, scale: 2) { l in l.icon(.tailLeft, in: Rect(x: 0, y: 0, width: 10, height: 14), .bubbleOutgoing) }
        for y in 0..<28 {
            for x in 0..<20 { #expect(right[x, y].r == left[19 - x, y].r) }
        }
        // The root (under the bubble) is full height; the tip is a point-ish end at mid height.
        #expect(right[0, 1].r == 255 && right[0, 26].r == 255)
        #expect(right[18, 14].r > 100 && right[18, 4].r == 0 && right[18, 24].r == 0)
    }

    @Test func iconGridFormsAndTreeDump() {
        let text = grid(64, 16) { l in
            l.icon(.deleteBackward, in: Rect(x: 0, y: 0, width: 16, height: 16), .text)
            l.icon(.recents, in: Rect(x: 16, y: 0, width: 16, height: 16), .secondaryText)
            l.icon(.emoji, in: Rect(x: 32, y: 0, width: 16, height: 16), .text)
            l.icon(.tailLeft, in: Rect(x: 48, y: 0, width: 16, height: 16), .text)
        }
        #expect(text == " ⌫ ◷ ☺\n")
        let ascii = grid(64, 16, .ascii) { l in
            l.icon(.deleteBackward, in: Rect(x: 0, y: 0, width: 16, height: 16), .text)
            l.icon(.keyboard, in: Rect(x: 24, y: 0, width: 16, height: 16), .text)
        }
        #expect(ascii == "<x Aa\n")
        var list = DisplayList(width: 40, height: 40)
        list.icon(.recents, in: Rect(x: 8, y: 8, width: 24, height: 24), .secondaryText, label: "Recents", view: "tabs")
        #expect(list.treeDump == "DisplayList 40x40\nicon [8,8 24x24] recents secondaryText view=tabs label=\"Recents\"\n")
        #expect(list.items[0].command.translated(dx: 2, dy: 3).bounds == Rect(x: 10, y: 11, width: 24, height: 24))
    }

    @Test func missingImageWritesItsCodeInABox() {
        let font = try! BitmapFont(parsingHex: Array("0041:0000000018242442427E424242420000\n".utf8))
        var list = DisplayList(width: 40, height: 40)
        list.image(ImageRef(name: "a.png", code: "A"), in: Rect(x: 0, y: 0, width: 40, height: 40))
        let withCode = PixelCanvas.render(list, options: PixelRenderOptions(scale: 2, theme: theme, font: font))
        var empty = DisplayList(width: 40, height: 40)
        empty.image(ImageRef(name: "a.png", code: " "), in: Rect(x: 0, y: 0, width: 40, height: 40))
        let without = PixelCanvas.render(empty, options: PixelRenderOptions(scale: 2, theme: theme, font: font))
        // The code's ink (secondaryText green) in the middle, the fill around it.
        var green = 0
        for y in 20..<60 { for x in 20..<60 where withCode[x, y].g == 255 && withCode[x, y].r == 0 { green += 1 } }
        #expect(green > 20)
        #expect(withCode[10, 40].r == 128 && withCode.pixels != without.pixels)
        // Unicode codes are written as hex.
        #expect(Target.missingImageText("😀") == Array("1F600".unicodeScalars.map(\.value)))
        #expect(Target.missingImageText("f056") == Array("f056".unicodeScalars.map(\.value)))
    }

    /// A missing emoji's code is written whole, one scalar a row, in small hex digits
    /// that fit a 1x panel cell: never "1F46" on one row and "8" on the next.
    @Test func missingImageCodesNeverWrapMidNumber() {
        #expect(Target.missingImageHexCodes("👨‍👩‍👧‍👦") == [[1, 15, 4, 6, 8], [1, 15, 4, 6, 9], [1, 15, 4, 6, 7], [1, 15, 4, 6, 6]])
        #expect(Target.missingImageHexCodes("❤️‍🔥") == [[2, 7, 6, 4], [1, 15, 5, 2, 5]])
        #expect(Target.missingImageHexCodes("f056") == nil)
        let img = render(34, 34) { l in l.image(ImageRef(name: "family.png", code: "👨‍👩‍👧‍👦"), in: Rect(x: 0, y: 0, width: 34, height: 34)) }
        // Bands of rows with ink inside the border: one per code, each as wide as five digits.
        var bands: [(top: Int, minX: Int, maxX: Int)] = []
        var inBand = false
        for y in 3..<31 {
            let xs = (6..<28).filter { img[$0, y].g == 255 && img[$0, y].r == 0 }
            if xs.isEmpty { inBand = false; continue }
            if !inBand { bands.append((y, xs.min()!, xs.max()!)); inBand = true }
            bands[bands.count - 1].minX = min(bands[bands.count - 1].minX, xs.min()!)
            bands[bands.count - 1].maxX = max(bands[bands.count - 1].maxX, xs.max()!)
        }
        #expect(bands.count == 4)
        for b in bands { #expect(b.maxX - b.minX + 1 >= 5 * 4 - 2) }
        // Too many codes for the rows: the last row says how many are left out.
        let small = render(22, 22) { l in l.image(ImageRef(name: "family.png", code: "👨‍👩‍👧‍👦"), in: Rect(x: 0, y: 0, width: 22, height: 22)) }
        #expect(small.pixels != img.pixels)
        // Too narrow for one code: a cross, no digits.
        let tiny = render(12, 12) { l in l.image(ImageRef(name: "family.png", code: "👨"), in: Rect(x: 0, y: 0, width: 12, height: 12)) }
        #expect(inked(tiny) > 0)
    }

    /// An opaque square of `side` pixels at (x, y) on a transparent canvas.
    func square(canvas: Int, x: Int, y: Int, side: Int) -> Image {
        var img = Image(width: canvas, height: canvas)
        for yy in y..<(y + side) { for xx in x..<(x + side) { img[xx, yy] = (255, 255, 255, 255) } }
        return img
    }

    @Test func imagesAreFittedByTheirContentNotTheirCanvas() {
        // The same 20 px content with no margin and with wide margins: same render.
        let tight = square(canvas: 20, x: 0, y: 0, side: 20)
        let loose = square(canvas: 64, x: 30, y: 4, side: 20)
        let provider = ImageProvider.table(["tight": tight, "loose": loose])
        let a = render(30, 30, images: provider) { l in l.image(ImageRef(name: "tight"), in: Rect(x: 0, y: 0, width: 30, height: 30)) }
        let b = render(30, 30, images: provider) { l in l.image(ImageRef(name: "loose"), in: Rect(x: 0, y: 0, width: 30, height: 30)) }
        #expect(a.pixels == b.pixels)
        #expect(inked(a) == 900)
        // A wide content box fits by its width, centred vertically.
        var wide = Image(width: 40, height: 40)
        for y in 10..<20 { for x in 0..<40 { wide[x, y] = (255, 255, 255, 255) } }
        let w = render(20, 20, images: .table(["w": wide])) { l in l.image(ImageRef(name: "w"), in: Rect(x: 0, y: 0, width: 20, height: 20)) }
        #expect(inked(w) == 20 * 5 && w[10, 7].r == 255 && w[10, 6].r == 0 && w[10, 12].r == 0)
        // Fully transparent: nothing drawn (not a placeholder: the image exists).
        let clear = render(20, 20, images: .table(["c": Image(width: 8, height: 8)])) { l in
            l.image(ImageRef(name: "c"), in: Rect(x: 0, y: 0, width: 20, height: 20))
        }
        #expect(inked(clear) == 0)
    }

    @Test func animatedFramesShareOneContentBox() {
        // Frame 0 is small and frame 1 large: trimmed by the provider's union, both frames
        // keep one scale (frame 1's square fills the box; frame 0's is a quarter of it).
        let frames = [square(canvas: 40, x: 10, y: 10, side: 10), square(canvas: 40, x: 10, y: 10, side: 20)]
        let provider = ImageProvider({ _, i in frames[min(i, 1)] },
                                     contentBounds: { _ in PixelRect(x: 10, y: 10, width: 20, height: 20) })
        func at(_ i: Int) -> Image {
            render(20, 20, images: provider) { l in l.image(ImageRef(name: "g", frameIndex: i), in: Rect(x: 0, y: 0, width: 20, height: 20)) }
        }
        #expect(inked(at(1)) == 400)
        #expect(inked(at(0)) == 100)
        // Without the provider's bounds the canvas trims by frame 0 for every frame.
        let noBounds = ImageProvider { _, i in frames[min(i, 1)] }
        let f0 = render(20, 20, images: noBounds) { l in l.image(ImageRef(name: "g", frameIndex: 0), in: Rect(x: 0, y: 0, width: 20, height: 20)) }
        #expect(inked(f0) == 400)
    }

    @Test func contentBoundsOfAnImage() {
        #expect(square(canvas: 16, x: 3, y: 5, side: 4).contentBounds() == PixelRect(x: 3, y: 5, width: 4, height: 4))
        #expect(Image(width: 4, height: 4).contentBounds() == nil)
        var faint = square(canvas: 8, x: 2, y: 2, side: 2)
        faint[7, 7] = (255, 255, 255, 8) // at the threshold: not content
        #expect(faint.contentBounds() == PixelRect(x: 2, y: 2, width: 2, height: 2))
    }

    @Test func pageDotsMarkTheCurrentPage() {
        let dots = { (options: CharGridOptions) in
            self.grid(48, 16, options) { l in
                for i in 0..<3 {
                    l.circle(Rect(x: Double(i) * 16 + 4, y: 4, width: 7, height: 7), i == 1 ? .pageIndicatorCurrent : .pageIndicator,
                             state: i == 1 ? .selected : [])
                }
            }
        }
        #expect(dots(.unicode) == "○ ● ○\n")
        #expect(dots(.ascii) == "o * o\n")
    }

    @Test func textOverAnOutlineClearsTheRuleUnderIt() {
        // A pill two rows tall whose text sits on its bottom row, as the new-messages marker.
        let text = grid(160, 32) { l in
            l.roundedRect(Rect(x: 0, y: 0, width: 160, height: 32), radius: 16, .accent)
            l.text(TextLayout("1 new message"), at: Point(x: 24, y: 16), .accentText)
        }
        #expect(text == "╭──────────────────╮\n╰─ 1 new message ──╯\n")
        // Text inside a box (not on its outline) changes nothing around it.
        let inside = grid(64, 48) { l in
            l.border(Rect(x: 0, y: 0, width: 64, height: 48), .border)
            l.text(TextLayout("ab"), at: Point(x: 16, y: 16))
        }
        #expect(inside == "┌──────┐\n│ ab   │\n└──────┘\n")
    }
}
