import Imaging
import SimCore

/// The pixel rasterizer: an opaque RGBA8 framebuffer at 1, 2 or 3 pixels a point.
///
/// - Fills, rounded rects, circles, borders, lines and shadows use deterministic
///   analytic coverage from a signed distance at the pixel centre
///   (coverage = clamp(0.5 - d / softness)), quantized to 0...255; no supersampling,
///   no platform maths beyond IEEE `+ - * / sqrt`, so debug and release give the same bytes.
/// - Blending is integer source-over; opacity brackets multiply the alpha of the
///   commands inside them (not group compositing). Clips are pixel-aligned rects.
/// - Images are scaled bilinearly in 8.8 fixed point with premultiplied alpha.
/// - Text draws the bitmap font's glyphs, each font pixel a `scale` x `scale` block;
///   a glyph the font lacks draws as its hex box.
///
/// Cost: O(pixels covered) a command; shapes do per-pixel distance work only within
/// about one softness of their edge and fill interiors as spans.
public struct PixelCanvas {
    public let width: Int
    public let height: Int
    public var options: PixelRenderOptions
    public private(set) var image: Image

    /// A canvas for `size` points at `options.scale`, filled with the theme's background.
    /// The pixel size is the point size times the scale, rounded up, capped at 8192.
    public init(size: Size, options: PixelRenderOptions = PixelRenderOptions()) {
        let s = Double(options.scale)
        func px(_ v: Double) -> Int {
            let p = (v * s).rounded(.up)
            return p.isFinite ? Int(p.clamped(to: 0...8192)) : 0
        }
        width = px(size.width)
        height = px(size.height)
        self.options = options
        image = Image(width: width, height: height)
        clear(options.theme.color(.background))
    }

    /// Renders a list on a fresh canvas of its size.
    public static func render(_ list: DisplayList, options: PixelRenderOptions = PixelRenderOptions()) -> Image {
        var canvas = PixelCanvas(size: list.size, options: options)
        canvas.draw(list)
        return canvas.image
    }

    /// Fills every pixel with `color` (made opaque): the physical floor of a render.
    public mutating func clear(_ color: Color) {
        let v = Self.pack(Color(r: color.r, g: color.g, b: color.b, a: 255))
        image.pixels.withUnsafeMutableBytes { raw in
            raw.withMemoryRebound(to: UInt32.self) { words in
                words.initialize(repeating: v)
            }
        }
    }

    /// Clears to the theme background, then draws the list.
    public mutating func render(_ list: DisplayList) {
        clear(options.theme.color(.background))
        draw(list)
    }

    @inline(__always) static func pack(_ c: Color) -> UInt32 {
        (UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24).littleEndian
    }

    /// Draws the list over what the canvas holds.
    public mutating func draw(_ list: DisplayList) {
        let opts = options
        let w = width, h = height
        image.pixels.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress, w > 0, h > 0 else { return }
            var t = Target(p: base, width: w, height: h, scale: Double(opts.scale), iscale: opts.scale, options: opts)
            t.run(list)
        }
    }
}

/// Pixel-space clip rect, half-open.
struct PixelClip {
    var x0: Int, y0: Int, x1: Int, y1: Int
    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
}

/// The drawing state over the framebuffer memory for one `draw` call.
struct Target {
    let p: UnsafeMutablePointer<UInt8>
    let width: Int
    let height: Int
    let scale: Double
    let iscale: Int
    let options: PixelRenderOptions
    var clip = PixelClip(x0: 0, y0: 0, x1: 0, y1: 0)
    var opacity = 255

    init(p: UnsafeMutablePointer<UInt8>, width: Int, height: Int, scale: Double, iscale: Int, options: PixelRenderOptions) {
        self.p = p; self.width = width; self.height = height; self.scale = scale; self.iscale = iscale
        self.options = options
        clip = PixelClip(x0: 0, y0: 0, x1: width, y1: height)
    }

    func px(_ v: Double) -> Int {
        let r = (v * scale).rounded()
        return r.isFinite ? Int(r.clamped(to: -100_000...100_000)) : 0
    }

    mutating func run(_ list: DisplayList) {
        var clips: [PixelClip] = []
        var opacities: [Int] = []
        let theme = options.theme
        for item in list.items {
            switch item.command {
            case .pushClip(let r):
                clips.append(clip)
                clip = PixelClip(x0: max(clip.x0, px(r.minX)), y0: max(clip.y0, px(r.minY)),
                                 x1: min(clip.x1, px(r.maxX)), y1: min(clip.y1, px(r.maxY)))
            case .popClip:
                if let c = clips.popLast() { clip = c }
            case .pushOpacity(let a):
                opacities.append(opacity)
                let q = Int(((a.isNaN ? 0 : a).clamped(to: 0...1) * 255).rounded())
                opacity = (opacity * q + 127) / 255
            case .popOpacity:
                if let o = opacities.popLast() { opacity = o }
            default:
                if clip.isEmpty || opacity == 0 { continue }
                draw(item.command, theme: theme)
            }
        }
    }

    mutating func draw(_ command: DrawCommand, theme: Theme) {
        switch command {
        case .fillRect(let r, let role):
            shape(r, radius: 0, softness: 1, color: theme.color(role))
        case .roundedRect(let r, let radius, let role):
            shape(r, radius: radius, softness: 1, color: theme.color(role))
        case .circle(let r, let role):
            ellipse(r, color: theme.color(role))
        case .border(let r, let w, let radius, let role):
            border(r, lineWidth: w, radius: radius, color: theme.color(role))
        case .line(let a, let b, let w, let role):
            line(a, b, lineWidth: w, color: theme.color(role))
        case .shadow(let r, let radius, let offset, let blur, let role):
            shape(r.offsetBy(dx: offset.x, dy: offset.y), radius: radius, softness: max(1, blur * scale),
                  color: theme.color(role))
        case .caret(let r, let role):
            shape(r, radius: 0, softness: 1, color: theme.color(role))
        case .selection(let r, let role):
            shape(r, radius: 0, softness: 1, color: theme.color(role))
        case .text(let layout, let origin, let role):
            text(layout, origin: origin, color: theme.color(role), theme: theme)
        case .image(let ref, let frame):
            if let img = options.images.image(ref.name, ref.frameIndex ?? 0) {
                blit(img, into: frame)
            } else {
                placeholder(frame, theme: theme)
            }
        case .pushClip, .popClip, .pushOpacity, .popOpacity:
            break
        }
    }

    // MARK: - Blending

    /// Blends `c` at alpha `a` (0...255, already including coverage) into pixel i.
    @inline(__always) func blend(_ i: Int, _ c: Color, _ a: Int) {
        if a >= 255 {
            p[i] = c.r; p[i + 1] = c.g; p[i + 2] = c.b; p[i + 3] = 255
            return
        }
        if a <= 0 { return }
        let ia = 255 - a
        p[i] = UInt8((Int(c.r) * a + Int(p[i]) * ia + 127) / 255)
        p[i + 1] = UInt8((Int(c.g) * a + Int(p[i + 1]) * ia + 127) / 255)
        p[i + 2] = UInt8((Int(c.b) * a + Int(p[i + 2]) * ia + 127) / 255)
        p[i + 3] = 255
    }

    /// The alpha of colour `c` at coverage `cov` (0...255) and the current opacity.
    @inline(__always) func alpha(_ c: Color, _ cov: Int) -> Int {
        (Int(c.a) * cov * opacity + 32512) / 65025
    }

    /// Fills pixels x0..<x1 of row y at one alpha (clipped by the caller).
    @inline(__always) func span(_ y: Int, _ x0: Int, _ x1: Int, _ c: Color, _ a: Int) {
        guard x1 > x0, a > 0 else { return }
        if a >= 255 {
            let v = PixelCanvas.pack(Color(r: c.r, g: c.g, b: c.b, a: 255))
            let n = x1 - x0
            (p + (y * width + x0) * 4).withMemoryRebound(to: UInt32.self, capacity: n) { words in
                words.update(repeating: v, count: n)
            }
            return
        }
        var i = (y * width + x0) * 4
        for _ in x0..<x1 {
            blend(i, c, a)
            i += 4
        }
    }

    @inline(__always) static func coverage(_ d: Double, _ softness: Double) -> Int {
        let v = 0.5 - d / softness
        if v <= 0 { return 0 }
        if v >= 1 { return 255 }
        return Int(v * 255 + 0.5)
    }

    /// Signed distance from (x, y) to a rounded rect (centre mx,my; half size hw,hh; radius r).
    @inline(__always) static func sdRoundRect(_ x: Double, _ y: Double, _ mx: Double, _ my: Double,
                                              _ hw: Double, _ hh: Double, _ r: Double) -> Double {
        let qx = abs(x - mx) - hw + r, qy = abs(y - my) - hh + r
        let ox = max(qx, 0), oy = max(qy, 0)
        let outside = (ox > 0 && oy > 0) ? (ox * ox + oy * oy).squareRoot() : max(ox, oy)
        return outside + min(max(qx, qy), 0) - r
    }

    // MARK: - Shapes

    /// A filled rounded rect (radius 0: a rect) whose edge is softened over `softness`
    /// pixels (1: antialiasing; more: a shadow). Interior spans are filled directly.
    func shape(_ rect: Rect, radius: Double, softness: Double, color: Color) {
        let x0 = rect.minX * scale, y0 = rect.minY * scale, x1 = rect.maxX * scale, y1 = rect.maxY * scale
        guard x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let hw = (x1 - x0) / 2, hh = (y1 - y0) / 2, mx = (x0 + x1) / 2, my = (y0 + y1) / 2
        let r = max(0, min(radius * scale, min(hw, hh)))
        let reach = softness / 2 + 1
        let bx0 = max(clip.x0, Int((x0 - reach).rounded(.down))), bx1 = min(clip.x1, Int((x1 + reach).rounded(.up)))
        let by0 = max(clip.y0, Int((y0 - reach).rounded(.down))), by1 = min(clip.y1, Int((y1 + reach).rounded(.up)))
        guard bx1 > bx0, by1 > by0 else { return }
        let fullAlpha = alpha(color, 255)
        if fullAlpha == 0 { return }
        // Full coverage needs d <= -softness/2, guaranteed when qx, qy <= m (see docs).
        let m = min(0, r - softness / 2)
        let inner = hw - r + m
        for y in by0..<by1 {
            let cy = Double(y) + 0.5
            let qy = abs(cy - my) - hh + r
            var fa = bx1, fb = bx1
            if qy <= m && inner > 0 {
                fa = max(bx0, Int((mx - inner - 0.5).rounded(.up)))
                fb = min(bx1, Int((mx + inner - 0.5).rounded(.down)) + 1)
                if fb <= fa { fa = bx1; fb = bx1 }
            }
            var x = bx0
            while x < bx1 {
                if x == fa {
                    span(y, fa, fb, color, fullAlpha)
                    x = fb
                    continue
                }
                let d = Self.sdRoundRect(Double(x) + 0.5, cy, mx, my, hw, hh, r)
                let cov = Self.coverage(d, softness)
                if cov > 0 { blend((y * width + x) * 4, color, alpha(color, cov)) }
                x += 1
            }
        }
    }

    /// The ellipse inscribed in `rect`: exact distance for circles, a scaled distance
    /// for ellipses.
    func ellipse(_ rect: Rect, color: Color) {
        let x0 = rect.minX * scale, y0 = rect.minY * scale, x1 = rect.maxX * scale, y1 = rect.maxY * scale
        guard x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        if abs((x1 - x0) - (y1 - y0)) < 1e-9 {
            shape(rect, radius: rect.width / 2, softness: 1, color: color)
            return
        }
        let rx = (x1 - x0) / 2, ry = (y1 - y0) / 2, mx = (x0 + x1) / 2, my = (y0 + y1) / 2
        let k = min(rx, ry)
        let bx0 = max(clip.x0, Int(x0.rounded(.down)) - 1), bx1 = min(clip.x1, Int(x1.rounded(.up)) + 1)
        let by0 = max(clip.y0, Int(y0.rounded(.down)) - 1), by1 = min(clip.y1, Int(y1.rounded(.up)) + 1)
        guard bx1 > bx0, by1 > by0 else { return }
        for y in by0..<by1 {
            let dy = (Double(y) + 0.5 - my) / ry
            for x in bx0..<bx1 {
                let dx = (Double(x) + 0.5 - mx) / rx
                let d = ((dx * dx + dy * dy).squareRoot() - 1) * k
                let cov = Self.coverage(d, 1)
                if cov > 0 { blend((y * width + x) * 4, color, alpha(color, cov)) }
            }
        }
    }

    /// A stroke `lineWidth` points wide inside the rect's edge: outer shape minus the
    /// inner one (inset by the width, radius reduced by it).
    func border(_ rect: Rect, lineWidth: Double, radius: Double, color: Color) {
        let x0 = rect.minX * scale, y0 = rect.minY * scale, x1 = rect.maxX * scale, y1 = rect.maxY * scale
        let lw = max(0, lineWidth * scale)
        guard x1 > x0, y1 > y0, lw > 0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let hw = (x1 - x0) / 2, hh = (y1 - y0) / 2, mx = (x0 + x1) / 2, my = (y0 + y1) / 2
        let r = max(0, min(radius * scale, min(hw, hh)))
        let ihw = hw - lw, ihh = hh - lw, ir = max(0, r - lw)
        let bx0 = max(clip.x0, Int(x0.rounded(.down)) - 1), bx1 = min(clip.x1, Int(x1.rounded(.up)) + 1)
        let by0 = max(clip.y0, Int(y0.rounded(.down)) - 1), by1 = min(clip.y1, Int(y1.rounded(.up)) + 1)
        guard bx1 > bx0, by1 > by0 else { return }
        // Rows away from the top and bottom only need the left and right bands.
        let band = lw + r + 2
        for y in by0..<by1 {
            let cy = Double(y) + 0.5
            let middle = cy > y0 + band && cy < y1 - band
            let leftEnd = middle ? min(bx1, Int((x0 + band).rounded(.up))) : bx1
            let rightStart = middle ? max(leftEnd, Int((x1 - band).rounded(.down))) : bx1
            var x = bx0
            while x < bx1 {
                if x == leftEnd { x = max(x, rightStart); if x >= bx1 { break } }
                let cx = Double(x) + 0.5
                let outer = Self.coverage(Self.sdRoundRect(cx, cy, mx, my, hw, hh, r), 1)
                var cov = outer
                if outer > 0 && ihw > 0 && ihh > 0 {
                    let innerCov = Self.coverage(Self.sdRoundRect(cx, cy, mx, my, ihw, ihh, ir), 1)
                    cov = max(0, outer - innerCov)
                }
                if cov > 0 { blend((y * width + x) * 4, color, alpha(color, cov)) }
                x += 1
            }
        }
    }

    /// A line segment `lineWidth` points wide with square-free (butt) ends.
    func line(_ a: Point, _ b: Point, lineWidth: Double, color: Color) {
        let ax = a.x * scale, ay = a.y * scale, bx = b.x * scale, by = b.y * scale
        let hw = max(0.5, lineWidth * scale / 2)
        guard ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return }
        let dx = bx - ax, dy = by - ay
        let len2 = dx * dx + dy * dy
        let x0 = max(clip.x0, Int((min(ax, bx) - hw).rounded(.down)) - 1)
        let x1 = min(clip.x1, Int((max(ax, bx) + hw).rounded(.up)) + 1)
        let y0 = max(clip.y0, Int((min(ay, by) - hw).rounded(.down)) - 1)
        let y1 = min(clip.y1, Int((max(ay, by) + hw).rounded(.up)) + 1)
        guard x1 > x0, y1 > y0, len2 > 0 else { return }
        let len = len2.squareRoot()
        let ux = dx / len, uy = dy / len
        for y in y0..<y1 {
            let cy = Double(y) + 0.5 - ay
            for x in x0..<x1 {
                let cx = Double(x) + 0.5 - ax
                let along = cx * ux + cy * uy
                let across = abs(cx * uy - cy * ux)
                // Distance to the rectangle around the segment (butt caps).
                let dAcross = across - hw
                let dAlong = max(-along, along - len)
                let d = max(dAcross, dAlong)
                let cov = Self.coverage(d, 1)
                if cov > 0 { blend((y * width + x) * 4, color, alpha(color, cov)) }
            }
        }
    }

    // MARK: - Text

    func text(_ layout: TextLayout, origin: Point, color: Color, theme: Theme) {
        let a = alpha(color, 255)
        for line in layout.lines {
            for g in line.glyphs {
                let frame = g.frame.offsetBy(dx: origin.x, dy: origin.y)
                switch g.content {
                case .character(let ch):
                    let cp = ch.unicodeScalars.first!.value
                    let glyph = options.font.glyphOrBox(for: cp, width: g.width == .wide ? 16 : 8)
                    drawGlyph(glyph, x: px(frame.minX), y: px(frame.minY), color: color, alpha: a)
                case .ellipsis:
                    let glyph = options.font.glyphOrBox(for: 0x2026, width: 8)
                    drawGlyph(glyph, x: px(frame.minX), y: px(frame.minY), color: color, alpha: a)
                case .emoji(let e):
                    if let name = e.imageName, let img = options.images.image(name, 0) {
                        blit(img, into: frame)
                    } else if let glyphText = e.glyph, let first = glyphText.unicodeScalars.first {
                        let glyph = options.font.glyphOrBox(for: first.value, width: 16)
                        drawGlyph(glyph, x: px(frame.minX), y: px(frame.midY - 8), color: color, alpha: a)
                    } else {
                        placeholder(frame, theme: theme)
                    }
                }
            }
        }
    }

    /// Each set font pixel becomes a scale x scale block.
    func drawGlyph(_ glyph: BitmapFont.Glyph, x: Int, y: Int, color: Color, alpha a: Int) {
        let s = iscale
        for row in 0..<16 {
            let bits = glyph.rows[row]
            if bits == 0 { continue }
            for sy in 0..<s {
                let py = y + row * s + sy
                if py < clip.y0 || py >= clip.y1 { continue }
                var col = 0
                while col < glyph.width {
                    if bits & (0x8000 >> UInt16(col)) == 0 { col += 1; continue }
                    var end = col + 1
                    while end < glyph.width && bits & (0x8000 >> UInt16(end)) != 0 { end += 1 }
                    let sx0 = max(clip.x0, x + col * s), sx1 = min(clip.x1, x + end * s)
                    span(py, sx0, sx1, color, a)
                    col = end
                }
            }
        }
    }

    // MARK: - Images

    /// The stand-in for an image the provider does not have.
    func placeholder(_ frame: Rect, theme: Theme) {
        shape(frame, radius: min(frame.width, frame.height) / 8, softness: 1, color: theme.color(.imagePlaceholder))
    }

    /// Bilinear scaling into `frame`, premultiplied, source-over.
    func blit(_ img: Image, into frame: Rect) {
        let dx0 = px(frame.minX), dy0 = px(frame.minY), dx1 = px(frame.maxX), dy1 = px(frame.maxY)
        let dw = dx1 - dx0, dh = dy1 - dy0
        let sw = img.width, sh = img.height
        guard dw > 0, dh > 0, sw > 0, sh > 0 else { return }
        let x0 = max(clip.x0, dx0), x1 = min(clip.x1, dx1), y0 = max(clip.y0, dy0), y1 = min(clip.y1, dy1)
        guard x1 > x0, y1 > y0 else { return }
        let o = opacity
        img.pixels.withUnsafeBufferPointer { src in
            // Sample positions in 16.16 fixed point: centre of the destination pixel mapped
            // to source space, minus half a pixel.
            var xs = [Int](repeating: 0, count: x1 - x0)
            var xf = [Int](repeating: 0, count: x1 - x0)
            for x in x0..<x1 {
                var u = ((2 * (x - dx0) + 1) * sw * 65536) / (2 * dw) - 32768
                u = min(max(u, 0), (sw - 1) * 65536)
                xs[x - x0] = u >> 16
                xf[x - x0] = (u >> 8) & 0xFF
            }
            for y in y0..<y1 {
                var v = ((2 * (y - dy0) + 1) * sh * 65536) / (2 * dh) - 32768
                v = min(max(v, 0), (sh - 1) * 65536)
                let sy = v >> 16, fy = (v >> 8) & 0xFF
                let sy1 = min(sy + 1, sh - 1)
                var di = (y * width + x0) * 4
                for k in 0..<(x1 - x0) {
                    let sx = xs[k], fx = xf[k]
                    let sx1 = min(sx + 1, sw - 1)
                    let i00 = (sy * sw + sx) * 4, i01 = (sy * sw + sx1) * 4
                    let i10 = (sy1 * sw + sx) * 4, i11 = (sy1 * sw + sx1) * 4
                    let w00 = (256 - fx) * (256 - fy), w01 = fx * (256 - fy)
                    let w10 = (256 - fx) * fy, w11 = fx * fy
                    let a00 = Int(src[i00 + 3]) * w00, a01 = Int(src[i01 + 3]) * w01
                    let a10 = Int(src[i10 + 3]) * w10, a11 = Int(src[i11 + 3]) * w11
                    let aSum = a00 + a01 + a10 + a11 // alpha * 65536
                    if aSum == 0 { di += 4; continue }
                    let aOut = (aSum * o + 65536 * 255 / 2) / (65536 * 255) // 0...255
                    let inv = 255 - aOut
                    let denom = 65536 * 255 * 255
                    for ch in 0..<3 {
                        let c = Int(src[i00 + ch]) * a00 + Int(src[i01 + ch]) * a01
                            + Int(src[i10 + ch]) * a10 + Int(src[i11 + ch]) * a11
                        let premul = (c * o + denom / 2) / denom // premultiplied, 0...255
                        let out = premul + (Int(p[di + ch]) * inv + 127) / 255
                        p[di + ch] = UInt8(min(255, out))
                    }
                    p[di + 3] = 255
                    di += 4
                }
            }
        }
    }
}
