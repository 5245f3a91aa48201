import Imaging
import SimCore
import Testing
@testable import Raster

/// The canvas's shadow-mask, icon-mask and glyph caches are optimisations: these tests hold them
/// to the pixels of the uncached paths, on first use and on reuse.
@Suite struct PixelCanvasCacheTests {
    let theme = Theme(name: "test", colors: [
        .background: Color(hex: 0x204060), .text: Color(hex: 0xFFFFFF),
        .shadow: Color(hex: 0x000000, alpha: 90), .accent: Color(hex: 0xFF8000, alpha: 200),
    ])

    /// Draws with a bare `Target` over a fresh background, so each path can be forced.
    func draw(width: Int, height: Int, scale: Int, clip: PixelClip, opacity: Int = 255,
              _ body: (inout Target) -> Void) -> [UInt8] {
        var image = Image(width: width, height: height)
        let bg = theme.color(.background)
        for y in 0..<height { for x in 0..<width { image[x, y] = (bg.r, bg.g, bg.b, 255) } }
        let options = PixelRenderOptions(scale: scale, theme: theme)
        image.pixels.withUnsafeMutableBufferPointer { buf in
            var t = Target(p: buf.baseAddress!, width: width, height: height, scale: Double(scale), iscale: scale,
                           options: options, cache: ScaledImageCache())
            t.clip = clip
            t.opacity = opacity
            body(&t)
        }
        return image.pixels
    }

    @Test func cachedShadowMasksMatchTheDirectPathAnywhere() {
        var rng = SeededRandom(seed: 19)
        var cached = 0
        for case_ in 0..<120 {
            let scale = 1 + case_ % 3
            // Quarter points: exactly translatable, so the mask path is taken.
            func q(_ range: Int) -> Double { Double(Int(rng.next() % UInt64(range * 4))) / 4 }
            let rect = Rect(x: q(40) - 5, y: q(40) - 5, width: 1 + q(50), height: 1 + q(30))
            let radius = q(12), blur = case_ % 7 == 0 ? 0 : q(6)
            let offset = Point(x: q(4) - 2, y: q(4) - 1)
            let w = 70 * scale, h = 60 * scale
            let clip = case_ % 4 == 0
                ? PixelClip(x0: Int(rng.next() % 30), y0: Int(rng.next() % 30), x1: w - Int(rng.next() % 30), y1: h - 7)
                : PixelClip(x0: 0, y0: 0, x1: w, y1: h)
            let opacity = case_ % 5 == 0 ? 128 : 255
            let color = theme.color(.shadow)
            let direct = draw(width: w, height: h, scale: scale, clip: clip, opacity: opacity) {
                $0.shadowDirect(rect, radius: radius, offset: offset, blur: blur, color: color)
            }
            var masks = ShadowMaskCache()
            // The same shape elsewhere first, so the second draw here replays its mask.
            let moved = rect.offsetBy(dx: 3, dy: -2)
            _ = draw(width: w, height: h, scale: scale, clip: clip) {
                $0.shadow(moved, radius: radius, offset: offset, blur: blur, color: color)
                masks = $0.shadowMasks
            }
            for pass in 0..<2 {
                let viaMask = draw(width: w, height: h, scale: scale, clip: clip, opacity: opacity) {
                    $0.shadowMasks = masks
                    $0.shadow(rect, radius: radius, offset: offset, blur: blur, color: color)
                    masks = $0.shadowMasks
                }
                #expect(viaMask == direct, "case \(case_) pass \(pass): \(rect) r \(radius) blur \(blur) scale \(scale)")
            }
            let s = Double(scale)
            if ShadowMask.Key(shape: (0, 0, 1, 1), cut: (rect.minX * s, rect.minY * s, rect.maxX * s, rect.maxY * s),
                              radius: radius * s, softness: 1) != nil { cached += 1 }
        }
        #expect(cached == 120)
    }

    @Test func cachedShapeMasksMatchTheDirectPathAnywhere() {
        var rng = SeededRandom(seed: 23)
        var masked = 0
        for case_ in 0..<150 {
            let scale = 1 + case_ % 3
            func q(_ range: Int) -> Double { Double(Int(rng.next() % UInt64(range * 4))) / 4 }
            // Fills (radius 0), rounded rects, pills and circles, partly off the canvas.
            let rect = Rect(x: q(40) - 5, y: q(40) - 5, width: 1 + q(50), height: 1 + q(30))
            let radius = case_ % 5 == 0 ? 0 : case_ % 5 == 1 ? min(rect.width, rect.height) / 2 : q(12)
            let w = 70 * scale, h = 60 * scale
            let clip = case_ % 4 == 0
                ? PixelClip(x0: Int(rng.next() % 30), y0: Int(rng.next() % 30), x1: w - Int(rng.next() % 30), y1: h - 7)
                : PixelClip(x0: 0, y0: 0, x1: w, y1: h)
            let opacity = case_ % 6 == 0 ? 128 : 255
            let color = case_ % 2 == 0 ? theme.color(.accent) : theme.color(.text)
            let direct = draw(width: w, height: h, scale: scale, clip: clip, opacity: opacity) {
                $0.shape(rect, radius: radius, softness: 1, color: color)
            }
            var masks = ShadowMaskCache()
            // The same shape elsewhere first, so the second draw here replays its mask.
            let moved = rect.offsetBy(dx: -2, dy: 3)
            _ = draw(width: w, height: h, scale: scale, clip: clip) {
                $0.roundedShape(moved, radius: radius, color: color)
                masks = $0.shadowMasks
            }
            for pass in 0..<2 {
                let viaMask = draw(width: w, height: h, scale: scale, clip: clip, opacity: opacity) {
                    $0.shadowMasks = masks
                    $0.roundedShape(rect, radius: radius, color: color)
                    masks = $0.shadowMasks
                }
                #expect(viaMask == direct, "case \(case_) pass \(pass): \(rect) r \(radius) scale \(scale)")
            }
            let s = Double(scale)
            if ShadowMask.Key(shape: (rect.minX * s, rect.minY * s, rect.maxX * s, rect.maxY * s), cut: nil,
                              radius: radius * s, softness: 1) != nil { masked += 1 }
        }
        #expect(masked == 150)
    }

    @Test func cachedIconMasksMatchTheDirectPathAnywhere() {
        var rng = SeededRandom(seed: 29)
        var onCanvas = 0
        for case_ in 0..<90 {
            let scale = 1 + case_ % 3
            let icon = Icon.allCases[case_ % Icon.allCases.count]
            // Any geometry (the key is the exact frame): sixteenths and odd sizes, partly
            // off the canvas.
            func q(_ range: Int) -> Double { Double(Int(rng.next() % UInt64(range * 16))) / 16 }
            let frame = Rect(x: q(44) - 4, y: q(36) - 4, width: 2 + q(16), height: 2 + q(14))
            let w = 60 * scale, h = 50 * scale
            let clip = case_ % 4 == 0
                ? PixelClip(x0: Int(rng.next() % 30), y0: Int(rng.next() % 30), x1: w - Int(rng.next() % 30), y1: h - 7)
                : PixelClip(x0: 0, y0: 0, x1: w, y1: h)
            let opacity = case_ % 5 == 0 ? 128 : 255
            let color = case_ % 2 == 0 ? theme.color(.accent) : theme.color(.text)
            let s = Double(scale)
            let direct = draw(width: w, height: h, scale: scale, clip: clip, opacity: opacity) {
                let (parts, cuts) = Target.placedParts(icon, x: frame.minX * s, y: frame.minY * s,
                                                       width: frame.width * s, height: frame.height * s)
                $0.fill(parts, cuts: cuts, color: color)
            }
            var masks = IconMaskCache()
            // First draw builds the mask, the second replays it from the cache.
            for pass in 0..<2 {
                let viaMask = draw(width: w, height: h, scale: scale, clip: clip, opacity: opacity) {
                    $0.iconMasks = masks
                    $0.icon(icon, frame: frame, color: color)
                    masks = $0.iconMasks
                }
                #expect(viaMask == direct, "case \(case_) pass \(pass): \(icon.rawValue) \(frame) scale \(scale)")
            }
            // A frame on the canvas always has a mask (one partly off it may have none: then
            // the direct path drew it, as compared above).
            if frame.minX >= 0, frame.minY >= 0, frame.maxX <= 60, frame.maxY <= 50 {
                let key = IconMaskCache.Key(icon: icon, frame: SIMD4((frame.minX * s).bitPattern, (frame.minY * s).bitPattern,
                                                                    (frame.width * s).bitPattern, (frame.height * s).bitPattern))
                #expect(masks.lookup(key) != nil, "case \(case_): \(icon.rawValue) \(frame) was not cached")
                onCanvas += 1
            }
        }
        #expect(onCanvas >= 30)
    }

    @Test func fullWidthFillsMatchTheDirectPath() {
        // A background and bars as wide as the framebuffer: replayed as one store loop.
        let clip = PixelClip(x0: 0, y0: 0, x1: 120, y1: 80)
        for rect in [Rect(x: 0, y: 0, width: 60, height: 40), Rect(x: -3, y: 10, width: 70, height: 7.5),
                     Rect(x: 0, y: 30.25, width: 60, height: 12)] {
            let color = theme.color(.text)
            let direct = draw(width: 120, height: 80, scale: 2, clip: clip) { $0.shape(rect, radius: 0, softness: 1, color: color) }
            var masks = ShadowMaskCache()
            for _ in 0..<2 {
                let viaMask = draw(width: 120, height: 80, scale: 2, clip: clip) {
                    $0.shadowMasks = masks
                    $0.roundedShape(rect, radius: 0, color: color)
                    masks = $0.shadowMasks
                }
                #expect(viaMask == direct, "\(rect)")
            }
        }
    }

    @Test func laneBlendOfPremultipliedPixelsEqualsTheScalarBlend() {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<20_000 {
            let a = Int(rng.next() % 254) + 1
            let r = UInt32(rng.next() % UInt64(a + 1)), g = UInt32(rng.next() % UInt64(a + 1))
            let b = UInt32(rng.next() % UInt64(a + 1))
            let s = r | g << 8 | b << 16 | UInt32(a) << 24
            let d = UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000
            #expect(Target.overPremultiplied(s, d) == Target.over(s, a, d))
        }
    }

    @Test func scaledImageRunsCoverExactlyItsVisiblePixels() {
        var img = Image(width: 9, height: 7)
        var rng = SeededRandom(seed: 11)
        for y in 0..<7 { for x in 0..<9 {
            let pick = rng.next() % 4
            img[x, y] = (200, 100, 50, pick == 0 ? 0 : pick == 1 ? 255 : UInt8(rng.next() % 254 + 1))
        } }
        for (w, h) in [(9, 7), (23, 17), (4, 3)] {
            let scaled = ScaledImage(img, width: w, height: h)
            #expect(scaled.rows.count == h)
            for y in 0..<h {
                var covered = [Bool](repeating: false, count: w)
                var lastEnd: Int32 = -1
                for k in Int(scaled.rows[y].lowerBound)..<Int(scaled.rows[y].upperBound) {
                    let run = scaled.runs[k]
                    #expect(run.a > lastEnd - 1 && run.b > run.a)
                    lastEnd = run.b
                    for x in Int(run.a)..<Int(run.b) {
                        covered[x] = true
                        let alpha = UInt32(littleEndian: scaled.premultiplied[y * w + x]) >> 24
                        #expect((alpha == 255) == run.opaque && alpha != 0)
                    }
                }
                for x in 0..<w where !covered[x] {
                    #expect(UInt32(littleEndian: scaled.premultiplied[y * w + x]) >> 24 == 0)
                }
            }
        }
    }

    @Test func untranslatableGeometryStillDrawsTheSameShadow() {
        let rect = Rect(x: 10.1, y: 7.3, width: 30.7, height: 12.9)
        #expect(ShadowMask.Key(shape: (20.2, 14.6, 81.6, 40.4), cut: (20.2, 14.6, 81.6, 40.4), radius: 4, softness: 6) == nil)
        let color = theme.color(.shadow)
        let clip = PixelClip(x0: 0, y0: 0, x1: 120, y1: 80)
        let a = draw(width: 120, height: 80, scale: 2, clip: clip) {
            $0.shadowDirect(rect, radius: 3, offset: Point(x: 0, y: 1), blur: 3, color: color)
        }
        let b = draw(width: 120, height: 80, scale: 2, clip: clip) {
            $0.shadow(rect, radius: 3, offset: Point(x: 0, y: 1), blur: 3, color: color)
        }
        #expect(a == b)
        #expect(a != draw(width: 120, height: 80, scale: 2, clip: clip) { _ in })
    }

    /// "A" (0x41) and a wide CJK glyph; other characters draw as hex boxes.
    static let hex = "0041:0000000018242442427E424242420000\n"
        + "4E2D:01000100010001003FF8210821082108210821083FF821080100010001000100\n"

    @Test func cachedGlyphsMatchTheFontBitsAtEveryScale() throws {
        let font = try BitmapFont(parsingHex: Array(Self.hex.utf8))
        for scale in 1...3 {
            var canvas = PixelCanvas(size: Size(width: 80, height: 20),
                                     options: PixelRenderOptions(scale: scale, theme: theme, font: font))
            var list = DisplayList(width: 80, height: 20)
            let layout = TextLayout("A中A?")
            let origin = Point(x: 2, y: 1)
            list.text(layout, at: origin, .text)
            #expect(layout.lines.first?.glyphs.count == 4)
            for pass in 0..<2 {
                canvas.render(list)
                let img = canvas.image
                // Each font pixel is a scale x scale block of the text colour exactly.
                for g in layout.lines.first?.glyphs ?? [] {
                    let glyph = font.glyphOrBox(for: g.codePoint, width: g.width == .wide ? 16 : 8)
                    let x0 = Int(((origin.x + g.frame.minX) * Double(scale)).rounded())
                    let y0 = Int(((origin.y + g.frame.minY) * Double(scale)).rounded())
                    for fy in 0..<16 {
                        for fx in 0..<glyph.width {
                            for (dx, dy) in [(0, 0), (scale - 1, scale - 1)] {
                                let p = img[x0 + fx * scale + dx, y0 + fy * scale + dy]
                                let lit = p.r == 255 && p.g == 255 && p.b == 255
                                #expect(lit == glyph.pixel(x: fx, y: fy), "scale \(scale) pass \(pass) U+\(g.codePoint) (\(fx), \(fy))")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func changingTheFontForgetsCachedGlyphs() throws {
        let fontA = try BitmapFont(parsingHex: Array(Self.hex.utf8))
        let fontB = try BitmapFont(parsingHex: Array("0041:000000007E7E7E7E7E7E7E7E00000000\n".utf8))
        var list = DisplayList(width: 40, height: 20)
        list.text(TextLayout("AA"), at: Point(x: 1, y: 1), .text)
        var canvas = PixelCanvas(size: list.size, options: PixelRenderOptions(scale: 2, theme: theme, font: fontA))
        canvas.render(list)
        let withA = canvas.image
        canvas.options.font = fontB
        canvas.render(list)
        #expect(canvas.image == PixelCanvas.render(list, options: PixelRenderOptions(scale: 2, theme: theme, font: fontB)))
        #expect(canvas.image != withA)
    }

    @Test func translucentClippedTextMatchesAFreshCanvas() throws {
        let font = try BitmapFont(parsingHex: Array(Self.hex.utf8))
        var list = DisplayList(width: 60, height: 24)
        list.withOpacity(0.5) { o in
            o.clipped(to: Rect(x: 5, y: 4, width: 20, height: 9)) { l in
                l.text(TextLayout("A中AA"), at: Point(x: 3, y: 1), .accent)
            }
        }
        let options = PixelRenderOptions(scale: 3, theme: theme, font: font)
        var canvas = PixelCanvas(size: list.size, options: options)
        canvas.render(list)
        canvas.render(list)
        let fresh = PixelCanvas.render(list, options: options)
        #expect(canvas.image == fresh)
        // Clipped: nothing outside the clip rect changed.
        let bg = theme.color(.background)
        let outside = fresh[4 * 3 - 1, 6 * 3]
        #expect(outside.r == bg.r && outside.g == bg.g && outside.b == bg.b)
        #expect(fresh != PixelCanvas.render(DisplayList(width: 60, height: 24), options: options))
    }
}
