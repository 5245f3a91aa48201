import Imaging
import SimCore
import Testing
@testable import Raster

@Suite struct PixelCanvasTests {
    let theme = Theme(name: "test", colors: [
        .background: Color(hex: 0x000000), .accent: Color(hex: 0xFF0000), .text: Color(hex: 0xFFFFFF),
        .imagePlaceholder: Color(hex: 0x808080), .shadow: Color(hex: 0x0000FF, alpha: 255),
    ])

    func render(_ w: Double, _ h: Double, scale: Int = 1, font: BitmapFont = BitmapFont(),
                images: ImageProvider = .none, _ build: (inout DisplayList) -> Void) -> Image {
        var list = DisplayList(width: w, height: h)
        build(&list)
        return PixelCanvas.render(list, options: PixelRenderOptions(scale: scale, theme: theme, font: font, images: images))
    }

    func rgb(_ img: Image, _ x: Int, _ y: Int) -> [UInt8] {
        let p = img[x, y]
        return [p.r, p.g, p.b]
    }

    @Test func sizeFollowsScale() {
        for s in 1...3 {
            let img = render(10.5, 4, scale: s) { _ in }
            #expect(img.width == Int((10.5 * Double(s)).rounded(.up)))
            #expect(img.height == 4 * s)
            #expect(rgb(img, 0, 0) == [0, 0, 0])
            #expect(img[0, 0].a == 255)
        }
    }

    @Test func alignedFillIsExactAndEdgesAreCovered() {
        let img = render(8, 4, scale: 2) { l in l.fill(Rect(x: 1, y: 1, width: 2, height: 2), .accent) }
        for y in 0..<8 {
            for x in 0..<16 {
                let inside = x >= 2 && x < 6 && y >= 2 && y < 6
                #expect(rgb(img, x, y) == (inside ? [255, 0, 0] : [0, 0, 0]), "pixel \(x),\(y)")
            }
        }
        // A half-pixel edge gets half coverage (128 of 255).
        let half = render(4, 1) { l in l.fill(Rect(x: 0.5, y: 0, width: 2, height: 1), .accent) }
        #expect(rgb(half, 0, 0) == [128, 0, 0])
        #expect(rgb(half, 1, 0) == [255, 0, 0])
        #expect(rgb(half, 2, 0) == [128, 0, 0])
        #expect(rgb(half, 3, 0) == [0, 0, 0])
    }

    @Test func roundedRectsAndCirclesAreSymmetricWithSoftEdges() {
        let img = render(20, 20) { l in
            l.roundedRect(Rect(x: 0, y: 0, width: 20, height: 20), radius: 6, .accent)
        }
        #expect(rgb(img, 0, 0) == [0, 0, 0])      // outside the corner
        #expect(rgb(img, 10, 10) == [255, 0, 0])
        #expect(rgb(img, 10, 0) == [255, 0, 0])
        let circle = render(15, 15) { l in l.circle(Rect(x: 0.5, y: 0.5, width: 14, height: 14), .accent) }
        var partial = 0
        for y in 0..<15 {
            for x in 0..<15 {
                #expect(circle[x, y].r == circle[14 - x, y].r && circle[x, y].r == circle[x, 14 - y].r)
                #expect(circle[x, y].r == circle[y, x].r)
                if circle[x, y].r > 0 && circle[x, y].r < 255 { partial += 1 }
            }
        }
        #expect(partial > 8) // antialiased rim
        // Coverage approximates the area: pi * 7^2 = 153.9 pixels.
        var area = 0
        for y in 0..<15 { for x in 0..<15 { area += Int(circle[x, y].r) } }
        #expect(abs(Double(area) / 255 - 153.94) < 1.5)
    }

    @Test func bordersLeaveTheInsideUntouched() {
        let img = render(10, 10) { l in l.border(Rect(x: 0, y: 0, width: 10, height: 10), width: 1, .accent) }
        #expect(rgb(img, 0, 5) == [255, 0, 0])
        #expect(rgb(img, 9, 5) == [255, 0, 0])
        #expect(rgb(img, 5, 0) == [255, 0, 0])
        #expect(rgb(img, 5, 5) == [0, 0, 0])
        #expect(rgb(img, 1, 1) == [0, 0, 0])
    }

    @Test func linesCoverTheirWidth() {
        let img = render(10, 5) { l in l.line(from: Point(x: 0, y: 2.5), to: Point(x: 10, y: 2.5), width: 1, .accent) }
        #expect(rgb(img, 4, 2) == [255, 0, 0])
        #expect(rgb(img, 4, 1) == [0, 0, 0])
        #expect(rgb(img, 4, 3) == [0, 0, 0])
    }

    @Test func opacityClipAndShadow() {
        let img = render(10, 10) { l in
            l.withOpacity(0.5) { l in l.fill(Rect(x: 0, y: 0, width: 10, height: 10), .accent) }
            l.clipped(to: Rect(x: 0, y: 0, width: 5, height: 10)) { l in
                l.fill(Rect(x: 0, y: 5, width: 10, height: 5), .text)
            }
        }
        #expect(rgb(img, 2, 2) == [128, 0, 0])
        #expect(rgb(img, 2, 7) == [255, 255, 255])
        #expect(rgb(img, 7, 7) == [128, 0, 0])
        let shadow = render(30, 30) { l in
            l.shadow(Rect(x: 5, y: 5, width: 20, height: 20), radius: 0, offset: Point(x: 0, y: 0), blur: 4, .shadow)
        }
        #expect(rgb(shadow, 15, 15) == [0, 0, 255])
        #expect(shadow[4, 15].b > 0 && shadow[4, 15].b < 255)   // soft edge
        #expect(shadow[5, 15].b > shadow[4, 15].b)
        #expect(rgb(shadow, 0, 15) == [0, 0, 0])
    }

    @Test func textDrawsFontPixelsScaledAndBoxesForMissingGlyphs() throws {
        let font = try BitmapFont(parsingHex: BitmapFontTests.hex)
        let img = render(8, 16, scale: 2, font: font) { l in l.text(TextLayout("A"), at: .zero) }
        let a = try #require(font.glyph(for: 0x41))
        for y in 0..<32 {
            for x in 0..<16 {
                let on = a.pixel(x: x / 2, y: y / 2)
                #expect(rgb(img, x, y) == (on ? [255, 255, 255] : [0, 0, 0]), "pixel \(x),\(y)")
            }
        }
        // 'B' is not in this font: its box outline is drawn.
        let box = render(8, 16, font: font) { l in l.text(TextLayout("B"), at: .zero) }
        #expect(rgb(box, 0, 0) == [255, 255, 255])
        #expect(rgb(box, 7, 8) == [255, 255, 255])
    }

    @Test func imagesScaleBilinearlyAndBlendSourceOver() {
        var src = Image(width: 2, height: 2)
        src[0, 0] = (255, 0, 0, 255); src[1, 0] = (0, 255, 0, 255)
        src[0, 1] = (0, 0, 255, 255); src[1, 1] = (255, 255, 255, 0)
        let provider = ImageProvider.table(["e.png": src])
        // Same size: exact copy of the opaque pixels, the transparent one shows the background.
        let same = render(2, 2, images: provider) { l in l.image(ImageRef(name: "e.png"), in: Rect(x: 0, y: 0, width: 2, height: 2)) }
        #expect(rgb(same, 0, 0) == [255, 0, 0])
        #expect(rgb(same, 1, 0) == [0, 255, 0])
        #expect(rgb(same, 1, 1) == [0, 0, 0])
        // Doubled: the corners keep their colours, between them colours mix.
        let big = render(4, 4, images: provider) { l in l.image(ImageRef(name: "e.png"), in: Rect(x: 0, y: 0, width: 4, height: 4)) }
        #expect(rgb(big, 0, 0) == [255, 0, 0])
        #expect(rgb(big, 3, 0) == [0, 255, 0])
        let mid = big[1, 0]
        #expect(mid.r > 100 && mid.g > 30 && mid.b == 0)
        // A missing image draws its placeholder.
        let missing = render(4, 4) { l in l.image(ImageRef(name: "nope"), in: Rect(x: 0, y: 0, width: 4, height: 4)) }
        #expect(rgb(missing, 2, 2) == [128, 128, 128])
        // The frame index reaches the provider.
        let frames = ImageProvider { _, frame in
            var i = Image(width: 1, height: 1); i[0, 0] = (UInt8(frame * 10), 0, 0, 255); return i
        }
        let third = render(1, 1, images: frames) { l in l.image(ImageRef(name: "a.gif", frameIndex: 3), in: Rect(x: 0, y: 0, width: 1, height: 1)) }
        #expect(rgb(third, 0, 0) == [30, 0, 0])
    }

    @Test func renderingTwiceGivesIdenticalBytesAndThemesDiffer() {
        let list = DisplayListTests.sample()
        let a = PixelCanvas.render(list, options: PixelRenderOptions(scale: 2, theme: .light))
        let b = PixelCanvas.render(list, options: PixelRenderOptions(scale: 2, theme: .light))
        #expect(a == b)
        #expect(SnapshotImageCodec.encodePNG(a) == SnapshotImageCodec.encodePNG(b))
        let dark = PixelCanvas.render(list, options: PixelRenderOptions(scale: 2, theme: .dark))
        #expect(dark != a)
    }

    @Test func codecsRoundTripAndRejectBadInput() throws {
        let img = PixelCanvas.render(DisplayListTests.sample(), options: PixelRenderOptions(scale: 1))
        #expect(try SnapshotImageCodec.decode(SnapshotImageCodec.encodePPM(img)) == img)
        #expect(try SnapshotImageCodec.decode(SnapshotImageCodec.encodePNG(img)) == img)
        #expect(SnapshotImageCodec.sniff(Array("hello".utf8)) == nil)
        #expect(throws: SnapshotImageCodec.DecodeError.self) { try SnapshotImageCodec.decode(Array("P6\n2 2\n255\n123".utf8)) }
        #expect(throws: SnapshotImageCodec.DecodeError.self) { try SnapshotImageCodec.decode(Array("P6\n99999 99999\n255\n".utf8)) }
        let p3 = try SnapshotImageCodec.decode(Array("P3\n# c\n1 1\n15\n15 0 7\n".utf8))
        #expect(p3[0, 0].r == 255 && p3[0, 0].g == 0 && p3[0, 0].b == 119)
    }
}
