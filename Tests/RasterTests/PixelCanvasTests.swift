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

    @Test func canvasSizeIsBounded() {
        let c = PixelCanvas(size: Size(width: 1e9, height: -5), options: PixelRenderOptions(scale: 3))
        #expect(c.width == 4096 && c.height == 0)
        #expect(PixelCanvas(size: Size(width: .nan, height: 2)).width == 0)
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
        // Drawn only outside the casting rect (as CSS box-shadow), fading outwards.
        #expect(rgb(shadow, 15, 15) == [0, 0, 0])
        #expect(shadow[4, 15].b > 0 && shadow[4, 15].b < 255)
        #expect(shadow[4, 15].b > shadow[3, 15].b)
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
        // A missing image draws its placeholder: a filled box with an outline
        // (PixelCanvasIconTests covers the code written inside).
        let missing = render(8, 8) { l in l.image(ImageRef(name: "nope"), in: Rect(x: 0, y: 0, width: 8, height: 8)) }
        #expect(rgb(missing, 1, 4) == [128, 128, 128])
        #expect(rgb(missing, 4, 0) == [255, 0, 255]) // the outline: secondaryText, the theme's fallback here
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

    @Test func reusedCanvasMatchesAFreshOneAndNeverServesStaleImages() {
        var source = Image(width: 4, height: 4)
        func paint(_ v: UInt8) { for y in 0..<4 { for x in 0..<4 { source[x, y] = (v, 0, 0, 255) } } }
        paint(10)
        var list = DisplayList(width: 10, height: 10)
        list.fill(list.bounds, .background)
        list.image(ImageRef(name: "a"), in: Rect(x: 1, y: 1, width: 2, height: 2))
        list.image(ImageRef(name: "a"), in: Rect(x: 5, y: 5, width: 2, height: 2))
        var canvas = PixelCanvas(size: list.size, options: PixelRenderOptions(scale: 2, theme: theme, images: .table(["a": source])))
        canvas.render(list)
        let first = canvas.image
        #expect(first == render(10, 10, scale: 2, images: .table(["a": source])) { $0 = list })
        #expect(rgb(first, 3, 3) == [10, 0, 0] && rgb(first, 11, 11) == [10, 0, 0])
        // Different pixels under the same name and frame: the cache must not answer.
        paint(99)
        canvas.options.images = .table(["a": source])
        canvas.render(list)
        #expect(rgb(canvas.image, 3, 3) == [99, 0, 0])
        // A list not starting with a full opaque fill still gets its clear.
        var partial = DisplayList(width: 10, height: 10)
        partial.fill(Rect(x: 0, y: 0, width: 5, height: 5), .accent)
        canvas.render(partial)
        #expect(canvas.image == render(10, 10, scale: 2) { $0 = partial })
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

/// The span shortcuts of the shape filler give exactly what a per-pixel evaluation of
/// the signed distance gives, for random rects, radii, softness and scales.
@Suite struct PixelCanvasShapePropertyTests {
    @Test func shortcutsMatchPerPixelEvaluation() {
        var rng = SeededRandom(seed: 7)
        let color = Color(r: 200, g: 100, b: 50, a: 200)
        let theme = Theme(name: "t", colors: [.background: Color(hex: 0x102030), .accent: color, .shadow: color])
        for _ in 0..<150 {
            let scale = rng.int(in: 1...3)
            let w = rng.double(in: 0.5...30), h = rng.double(in: 0.5...30)
            let rect = Rect(x: rng.double(in: -5...20), y: rng.double(in: -5...20), width: w, height: h)
            let radius = rng.int(in: 0...3) == 0 ? 0 : rng.double(in: 0...20)
            let blur = rng.int(in: 0...1) == 0 ? 0 : rng.double(in: 0...6)
            let offset = Point(x: rng.double(in: -3...3), y: rng.double(in: -3...3))
            var list = DisplayList(width: 40, height: 40)
            if blur > 0 {
                list.append(.shadow(rect, radius: radius, offset: offset, blur: blur, .shadow))
            } else {
                list.roundedRect(rect, radius: radius, .accent)
            }
            let img = PixelCanvas.render(list, options: PixelRenderOptions(scale: scale, theme: theme))
            let s = Double(scale)
            /// Coverage of a rounded rect at a pixel, evaluated directly.
            func coverage(_ rect: Rect, _ softness: Double, _ x: Int, _ y: Int) -> Int {
                let x0 = rect.minX * s, y0 = rect.minY * s, x1 = rect.maxX * s, y1 = rect.maxY * s
                let hw = (x1 - x0) / 2, hh = (y1 - y0) / 2, mx = (x0 + x1) / 2, my = (y0 + y1) / 2
                let r = max(0, min(radius * s, min(hw, hh)))
                return Target.coverage(Target.sdRoundRect(Double(x) + 0.5, Double(y) + 0.5, mx, my, hw, hh, r), softness)
            }
            var mismatches = 0
            for y in 0..<img.height {
                for x in 0..<img.width {
                    var cov: Int
                    if blur > 0 {
                        // The shadow shows only outside the casting rect.
                        cov = coverage(rect.offsetBy(dx: offset.x, dy: offset.y), max(1, blur * s), x, y)
                        cov = Target.div255(cov * (255 - coverage(rect, 1, x, y)))
                    } else {
                        cov = coverage(rect, 1, x, y)
                    }
                    let a = (200 * cov * 255 + 32512) / 65025
                    func ch(_ c: UInt8, _ bg: Int) -> UInt8 { UInt8(Target.div255(Int(c) * a + bg * (255 - a))) }
                    let expected = (ch(200, 0x10), ch(100, 0x20), ch(50, 0x30))
                    let got = img[x, y]
                    if (got.r, got.g, got.b) != expected { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "rect \(rect) radius \(radius) blur \(blur) scale \(scale)")
        }
    }
}

/// Degenerate geometry (NaN, infinities, huge or negative sizes) never traps either
/// rasterizer: it is skipped or clamped.
@Suite struct DegenerateGeometryTests {
    @Test func garbageCommandsRenderWithoutTrapping() {
        let values: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, -5, 0, 3.5, 1e7]
        var rng = SeededRandom(seed: 99)
        func v() -> Double { values[rng.int(in: 0...(values.count - 1))] }
        var list = DisplayList(width: 40, height: 40)
        for _ in 0..<300 {
            let r = Rect(x: v(), y: v(), width: v(), height: v())
            switch rng.int(in: 0...9) {
            case 0: list.fill(r, .accent)
            case 1: list.roundedRect(r, radius: v(), .accent)
            case 2: list.border(r, width: v(), radius: v(), .border)
            case 3: list.circle(r, .accent)
            case 4: list.line(from: Point(x: v(), y: v()), to: Point(x: v(), y: v()), width: v(), .text)
            case 5: list.append(.shadow(r, radius: v(), offset: Point(x: v(), y: v()), blur: v(), .shadow))
            case 6: list.text(TextLayout("ab 中", maxWidth: v(), maxLines: 2), at: Point(x: v(), y: v()))
            case 7: list.image(ImageRef(name: "e"), in: r)
            case 8: list.append(.caret(r, .caret)); list.append(.selection(r, .selection))
            default: list.clipped(to: r) { l in l.withOpacity(v()) { l in l.fill(r, .accent) } }
            }
        }
        var src = Image(width: 2, height: 2)
        src[0, 0] = (1, 2, 3, 255)
        let img = PixelCanvas.render(list, options: PixelRenderOptions(scale: 2, images: .table(["e": src])))
        #expect(img.width == 80 && img.height == 80)
        let grid = CharGrid(list, options: .styled)
        #expect(grid.columns == 5 && grid.rows == 3)
        #expect(!list.treeDump.isEmpty)
    }
}
