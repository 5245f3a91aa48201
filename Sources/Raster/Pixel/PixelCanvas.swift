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
    /// Changing the options (font, scale, ...) forgets the cached glyphs.
    public var options: PixelRenderOptions { didSet { glyphs = GlyphCache() } }
    public private(set) var image: Image
    /// Scaled images kept between renders (see `ScaledImageCache`).
    private var cache = ScaledImageCache()
    /// Shadow masks and glyph spans kept between renders (see `ShadowMaskCache`, `GlyphCache`).
    private var shadowMasks = ShadowMaskCache()
    private var glyphs = GlyphCache()

    /// A canvas for `size` points at `options.scale`, filled with the theme's background.
    /// The pixel size is the point size times the scale, rounded up, capped at 4096 a side.
    public init(size: Size, options: PixelRenderOptions = PixelRenderOptions()) {
        let s = Double(options.scale)
        func px(_ v: Double) -> Int {
            let p = (v * s).rounded(.up)
            return p.isFinite ? Int(p.clamped(to: 0...4096)) : 0
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
        // A list that starts by filling the whole canvas opaquely (its background)
        // paints every pixel itself; clearing first would only be overwritten.
        if case .fillRect(let r, let role)? = list.items.first?.command, options.theme.color(role).a == 255,
           r.minX <= 0, r.minY <= 0, r.maxX * Double(options.scale) >= Double(width),
           r.maxY * Double(options.scale) >= Double(height) {
            draw(list)
            return
        }
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
        var cache = self.cache
        var masks = shadowMasks, glyphs = self.glyphs
        // Moved out, so the caches are not copied on write.
        self.cache = ScaledImageCache(); shadowMasks = ShadowMaskCache(); self.glyphs = GlyphCache()
        image.pixels.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress, w > 0, h > 0 else { return }
            var t = Target(p: base, width: w, height: h, scale: Double(opts.scale), iscale: opts.scale,
                           options: opts, cache: cache)
            swap(&t.shadowMasks, &masks); swap(&t.glyphs, &glyphs)
            t.run(list)
            cache = t.cache
            swap(&t.shadowMasks, &masks); swap(&t.glyphs, &glyphs)
        }
        self.cache = cache
        shadowMasks = masks; self.glyphs = glyphs
    }
}

/// A rounded rect in pixels with its softened edge: coverage per pixel from the signed
/// distance at the pixel centre, and per row the spans where no distance is needed.
struct RoundRectShape {
    let mx: Double, my: Double, hw: Double, hh: Double, r: Double, softness: Double
    /// Unclipped pixel bounds (half-open) of every pixel with coverage > 0.
    let x0: Int, y0: Int, x1: Int, y1: Int

    init?(_ rect: Rect, radius: Double, softness: Double, scale: Double) {
        let ax = rect.minX * scale, ay = rect.minY * scale, bx = rect.maxX * scale, by = rect.maxY * scale
        guard bx > ax, by > ay, ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite,
              abs(ax) < 1e6, abs(ay) < 1e6, abs(bx) < 1e6, abs(by) < 1e6 else { return nil }
        hw = (bx - ax) / 2; hh = (by - ay) / 2; mx = (ax + bx) / 2; my = (ay + by) / 2
        r = radius.isNaN ? 0 : max(0, min(radius * scale, min(hw, hh)))
        self.softness = softness.isFinite ? max(1, min(softness, 1e5)) : 1
        let reach = softness / 2 + 1
        x0 = Int((ax - reach).rounded(.down)); x1 = Int((bx + reach).rounded(.up))
        y0 = Int((ay - reach).rounded(.down)); y1 = Int((by + reach).rounded(.up))
    }

    @inline(__always) func coverage(_ x: Int, _ y: Int) -> Int {
        Target.coverage(Target.sdRoundRect(Double(x) + 0.5, Double(y) + 0.5, mx, my, hw, hh, r), softness)
    }

    /// Row spans: coverage is 0 outside lo..<hi and `midCoverage` in fa..<fb.
    struct Row {
        var lo: Int, hi: Int, fa: Int, fb: Int, midCoverage: Int
        /// A row of the straight vertical section: every such row has the same spans
        /// and the same coverage at each x (it depends on x only).
        var straight: Bool
    }

    /// Per row (q as in `sdRoundRect`): pixels with qx >= tOut have coverage 0
    /// (d >= softness/2); in a row inside vertically, pixels with qx <= tMid have 255;
    /// in any other row pixels with qx <= min(qy, 0) share d = qy - r. One pixel of
    /// margin keeps the shortcuts away from rounding at the boundaries, so the result
    /// equals a per-pixel evaluation exactly (PixelCanvasShapePropertyTests).
    @inline(__always) func row(_ y: Int) -> Row? {
        let sh = softness / 2
        let inner = r - sh, outer = r + sh
        let cy = Double(y) + 0.5
        let qy = abs(cy - my) - hh + r
        if qy >= outer { return nil }
        let tOut: Double = qy <= 0 ? outer : (outer * outer - qy * qy).squareRoot()
        var tMid: Double, mid: Int
        let straight = qy <= min(0, inner)
        if straight {
            tMid = inner; mid = 255
        } else if qy > 0 && qy <= inner {
            tMid = (inner * inner - qy * qy).squareRoot(); mid = 255
        } else {
            tMid = min(qy, 0); mid = Target.coverage(qy - r, softness)
        }
        let halfOut = hw - r + tOut + 1
        let lo = max(x0, Int((mx - halfOut - 0.5).rounded(.down)))
        let hi = min(x1, Int((mx + halfOut - 0.5).rounded(.up)) + 1)
        guard hi > lo else { return nil }
        let halfMid = hw - r + tMid - (mid == 255 ? 1 : 0)
        var fa = hi, fb = hi
        if halfMid > 0 {
            fa = max(lo, Int((mx - halfMid - 0.5).rounded(.up)))
            fb = min(hi, Int((mx + halfMid - 0.5).rounded(.down)) + 1)
            if fb <= fa { fa = hi; fb = hi }
        }
        return Row(lo: lo, hi: hi, fa: fa, fb: fb, midCoverage: mid, straight: straight)
    }
}

/// Pixels a..<b of a row at one coverage.
struct CoverageRun {
    var a: Int, b: Int, coverage: Int
}

/// Up to eight sorted positions without a heap allocation (the shadow's row breaks).
struct Marks {
    private var v: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    subscript(i: Int) -> Int {
        get { withUnsafeBytes(of: v) { $0.load(fromByteOffset: i * MemoryLayout<Int>.stride, as: Int.self) } }
        set { withUnsafeMutableBytes(of: &v) { $0.storeBytes(of: newValue, toByteOffset: i * MemoryLayout<Int>.stride, as: Int.self) } }
    }

    /// Inserts `x` in order when it lies in lo...hi.
    mutating func insert(_ x: Int, _ lo: Int, _ hi: Int) {
        guard x >= lo && x <= hi && count < 8 else { return }
        var i = count
        while i > 0 && self[i - 1] > x { self[i] = self[i - 1]; i -= 1 }
        self[i] = x
        count += 1
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
    var cache: ScaledImageCache
    var shadowMasks = ShadowMaskCache()
    var glyphs = GlyphCache()

    init(p: UnsafeMutablePointer<UInt8>, width: Int, height: Int, scale: Double, iscale: Int, options: PixelRenderOptions,
         cache: ScaledImageCache) {
        self.p = p; self.width = width; self.height = height; self.scale = scale; self.iscale = iscale
        self.options = options
        self.cache = cache
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
            shadow(r, radius: radius, offset: offset, blur: blur, color: theme.color(role))
        case .caret(let r, let role):
            shape(r, radius: 0, softness: 1, color: theme.color(role))
        case .selection(let r, let role):
            shape(r, radius: 0, softness: 1, color: theme.color(role))
        case .text(let layout, let origin, let role):
            text(layout, origin: origin, color: theme.color(role), theme: theme)
        case .image(let ref, let frame):
            if let img = options.images.image(ref.name, ref.frameIndex ?? 0) {
                blit(img, name: ref.name, frameIndex: ref.frameIndex ?? 0, into: frame)
            } else {
                missingImage(frame, code: ref.displayCode, theme: theme)
            }
        case .icon(let icon, let frame, let role):
            self.icon(icon, frame: frame, color: theme.color(role))
        case .pushClip, .popClip, .pushOpacity, .popOpacity:
            break
        }
    }

    // MARK: - Blending

    /// Finite and small enough to convert to Int pixel indices after margins: geometry
    /// from untrusted input outside this is not drawn (never a trap).
    @inline(__always) static func sane(_ v: Double) -> Bool { v.isFinite && abs(v) < 1e6 }

    /// round(x / 255) for 0 <= x <= 65025, exactly, without a division.
    @inline(__always) static func div255(_ x: Int) -> Int {
        let t = x + 128
        return (t + (t >> 8)) >> 8
    }

    /// Blends `c` at alpha `a` (0...255, already including coverage) into pixel i:
    /// out = round((c * a + dst * (255 - a)) / 255) a channel.
    @inline(__always) func blend(_ i: Int, _ c: Color, _ a: Int) {
        if a >= 255 {
            p[i] = c.r; p[i + 1] = c.g; p[i + 2] = c.b; p[i + 3] = 255
            return
        }
        if a <= 0 { return }
        let ia = 255 - a
        p[i] = UInt8(Self.div255(Int(c.r) * a + Int(p[i]) * ia))
        p[i + 1] = UInt8(Self.div255(Int(c.g) * a + Int(p[i + 1]) * ia))
        p[i + 2] = UInt8(Self.div255(Int(c.b) * a + Int(p[i + 2]) * ia))
        p[i + 3] = 255
    }

    /// The alpha of colour `c` at coverage `cov` (0...255) and the current opacity.
    @inline(__always) func alpha(_ c: Color, _ cov: Int) -> Int {
        (Int(c.a) * cov * opacity + 32512) / 65025
    }

    /// Fills pixels x0..<x1 of row y at one alpha (clipped by the caller). A translucent
    /// span blends the three channels at once in 16-bit lanes of a 64-bit word (the same
    /// rounding as `blend`).
    @inline(__always) func span(_ y: Int, _ x0: Int, _ x1: Int, _ c: Color, _ a: Int) {
        guard x1 > x0, a > 0 else { return }
        let n = x1 - x0
        if a >= 255 {
            let v = PixelCanvas.pack(Color(r: c.r, g: c.g, b: c.b, a: 255))
            (p + (y * width + x0) * 4).withMemoryRebound(to: UInt32.self, capacity: n) { words in
                words.update(repeating: v, count: n)
            }
            return
        }
        let lanes: UInt64 = 0x0000_00FF_00FF_00FF
        let src = (UInt64(c.r) | UInt64(c.g) << 16 | UInt64(c.b) << 32) &* UInt64(a) &+ 0x0000_0080_0080_0080
        let ia = UInt64(255 - a)
        (p + (y * width + x0) * 4).withMemoryRebound(to: UInt32.self, capacity: n) { words in
            for k in 0..<n {
                let d = UInt32(littleEndian: words[k])
                let dv = UInt64(d & 0xFF) | UInt64((d >> 8) & 0xFF) << 16 | UInt64((d >> 16) & 0xFF) << 32
                let t = src &+ dv &* ia
                let q = ((t &+ ((t >> 8) & lanes)) >> 8) & lanes
                let out = UInt32(q & 0xFF) | UInt32((q >> 16) & 0xFF) << 8 | UInt32((q >> 32) & 0xFF) << 16 | 0xFF00_0000
                words[k] = out.littleEndian
            }
        }
    }

    @inline(__always) static func coverage(_ d: Double, _ softness: Double) -> Int {
        let v = softness == 1 ? 0.5 - d : 0.5 - d / softness
        if !(v > 0) { return 0 } // also NaN from degenerate input
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
    /// pixels (1: antialiasing). Interior spans are filled directly.
    func shape(_ rect: Rect, radius: Double, softness: Double, color: Color) {
        guard let g = RoundRectShape(rect, radius: radius, softness: softness, scale: scale) else { return }
        let fullAlpha = alpha(color, 255)
        if fullAlpha == 0 { return }
        for y in max(clip.y0, g.y0)..<max(max(clip.y0, g.y0), min(clip.y1, g.y1)) {
            guard let row = g.row(y) else { continue }
            let lo = max(clip.x0, row.lo), hi = min(clip.x1, row.hi)
            guard hi > lo else { continue }
            var fa = max(lo, row.fa), fb = min(hi, row.fb)
            if fb <= fa { fa = hi; fb = hi }
            var x = lo
            while x < hi {
                if x == fa {
                    let cov = row.midCoverage
                    if cov > 0 { span(y, fa, fb, color, cov == 255 ? fullAlpha : alpha(color, cov)) }
                    x = fb
                    continue
                }
                let cov = g.coverage(x, y)
                if cov > 0 { blend((y * width + x) * 4, color, alpha(color, cov)) }
                x += 1
            }
        }
    }

    /// A drop shadow: the rounded rect moved by `offset`, softened over `blur` points,
    /// drawn only outside the casting rect (as CSS box-shadow), so an opaque view on
    /// top hides nothing and no work is spent under it. Shapes with exactly
    /// translatable geometry (see `ShadowMask`) are computed once into a cached mask
    /// and replayed; the pixels are the same either way.
    mutating func shadow(_ rect: Rect, radius: Double, offset: Point, blur: Double, color: Color) {
        let moved = rect.offsetBy(dx: offset.x, dy: offset.y)
        let softness = max(1, blur * scale)
        if alpha(color, 255) == 0 { return }
        guard let key = ShadowMask.Key(shape: (moved.minX * scale, moved.minY * scale, moved.maxX * scale, moved.maxY * scale),
                                       cut: (rect.minX * scale, rect.minY * scale, rect.maxX * scale, rect.maxY * scale),
                                       radius: radius * scale, softness: softness) else {
            return shadowDirect(rect, radius: radius, offset: offset, blur: blur, color: color)
        }
        let mask: ShadowMask
        if let hit = shadowMasks.lookup(key) {
            mask = hit
        } else if let built = Self.buildShadowMask(key, radius: radius * scale, softness: softness) {
            mask = built
            shadowMasks.store(key, built)
        } else {
            return shadowDirect(rect, radius: radius, offset: offset, blur: blur, color: color)
        }
        let ax = key.anchorX, ay = key.anchorY
        let ly0 = max(mask.y0, clip.y0 - ay), ly1 = min(mask.y0 + mask.rows.count, clip.y1 - ay)
        guard ly1 > ly0 else { return }
        let cx0 = clip.x0 - ax, cx1 = clip.x1 - ax
        mask.runs.withUnsafeBufferPointer { runs in
            for ly in ly0..<ly1 {
                let range = mask.rows[ly - mask.y0]
                let y = ly + ay
                for k in Int(range.lowerBound)..<Int(range.upperBound) {
                    let r = runs[k]
                    let a = max(r.a, cx0), b = min(r.b, cx1)
                    guard b > a else { continue }
                    if b - a == 1 {
                        blend((y * width + a + ax) * 4, color, alpha(color, r.coverage))
                    } else {
                        span(y, a + ax, b + ax, color, alpha(color, r.coverage))
                    }
                }
            }
        }
    }

    /// The mask for `key`: every row of the shape in the anchored frame, unclipped.
    /// Nil when it would hold more than `ShadowMask.maxRuns` runs.
    static func buildShadowMask(_ key: ShadowMask.Key, radius: Double, softness: Double) -> ShadowMask? {
        guard let g = RoundRectShape(key.local(key.shape), radius: radius, softness: softness, scale: 1) else { return nil }
        let cut = RoundRectShape(key.local(key.cut), radius: radius, softness: 1, scale: 1)
        guard g.y1 > g.y0, g.y1 - g.y0 <= 8192, g.x1 - g.x0 <= 8192 else { return nil }
        var rows: [Range<Int32>] = []
        rows.reserveCapacity(g.y1 - g.y0)
        var runs: [CoverageRun] = []
        var row = [CoverageRun]()
        var straight: Range<Int32>?
        for y in g.y0..<g.y1 {
            guard let shapeRow = g.row(y), shapeRow.hi > shapeRow.lo else {
                rows.append(Int32(runs.count)..<Int32(runs.count))
                continue
            }
            let cutRow = cut?.row(y)
            let isStraight = shapeRow.straight && (cutRow?.straight ?? false)
            if isStraight, let shared = straight {
                rows.append(shared)
                continue
            }
            row.removeAll(keepingCapacity: true)
            shadowRuns(g, shapeRow, cut, cutRow, y: y, lo: shapeRow.lo, hi: shapeRow.hi, into: &row)
            let range = Int32(runs.count)..<Int32(runs.count + row.count)
            runs += row
            if runs.count > ShadowMask.maxRuns { return nil }
            rows.append(range)
            if isStraight { straight = range }
        }
        return ShadowMask(y0: g.y0, rows: rows, runs: runs)
    }

    /// The shadow for geometry a mask cannot be built for, row by row.
    func shadowDirect(_ rect: Rect, radius: Double, offset: Point, blur: Double, color: Color) {
        guard let g = RoundRectShape(rect.offsetBy(dx: offset.x, dy: offset.y), radius: radius,
                                     softness: max(1, blur * scale), scale: scale) else { return }
        let cut = RoundRectShape(rect, radius: radius, softness: 1, scale: scale)
        var runs: [CoverageRun] = []
        var straightRuns: [CoverageRun]?
        for y in max(clip.y0, g.y0)..<max(max(clip.y0, g.y0), min(clip.y1, g.y1)) {
            guard let row = g.row(y) else { continue }
            let lo = max(clip.x0, row.lo), hi = min(clip.x1, row.hi)
            guard hi > lo else { continue }
            let cutRow = cut?.row(y)
            // Rows of the straight section (of both shapes) are all alike: their runs
            // are computed once and replayed.
            let straight = row.straight && (cutRow?.straight ?? false)
            if straight, let runs = straightRuns {
                apply(runs, y: y, color: color)
                continue
            }
            runs.removeAll(keepingCapacity: true)
            Self.shadowRuns(g, row, cut, cutRow, y: y, lo: lo, hi: hi, into: &runs)
            apply(runs, y: y, color: color)
            if straight { straightRuns = runs }
        }
    }

    /// The shadow's coverage runs of row y within lo..<hi: the row is split where either
    /// coverage changes between constant and per-pixel; a segment where both are
    /// constant is one run, elsewhere one run a pixel. Coverage is the shadow's times
    /// what the casting rect leaves uncovered.
    static func shadowRuns(_ g: RoundRectShape, _ row: RoundRectShape.Row, _ cut: RoundRectShape?,
                           _ cutRow: RoundRectShape.Row?, y: Int, lo: Int, hi: Int, into runs: inout [CoverageRun]) {
        var marks = Marks()
        marks.insert(lo, lo, hi); marks.insert(hi, lo, hi)
        marks.insert(row.fa, lo, hi); marks.insert(row.fb, lo, hi)
        if let c = cutRow {
            marks.insert(c.lo, lo, hi); marks.insert(c.hi, lo, hi)
            marks.insert(c.fa, lo, hi); marks.insert(c.fb, lo, hi)
        }
        var k = 0
        while k + 1 < marks.count {
            let a = marks[k], b = marks[k + 1]
            k += 1
            guard b > a else { continue }
            let shadowConst = a >= row.fa && b <= row.fb
            var cutConst = true, cutCov = 0
            if let c = cutRow, a < c.hi && b > c.lo {
                if a >= c.fa && b <= c.fb { cutCov = c.midCoverage } else { cutConst = false }
            }
            if shadowConst && cutConst {
                let cov = div255(row.midCoverage * (255 - cutCov))
                if cov > 0 { runs.append(CoverageRun(a: a, b: b, coverage: cov)) }
                continue
            }
            for x in a..<b {
                var cov = shadowConst ? row.midCoverage : g.coverage(x, y)
                if cov == 0 { continue }
                let cc = cutConst ? cutCov : cut!.coverage(x, y)
                cov = div255(cov * (255 - cc))
                if cov > 0 { runs.append(CoverageRun(a: x, b: x + 1, coverage: cov)) }
            }
        }
    }

    /// Paints coverage runs on row y.
    func apply(_ runs: [CoverageRun], y: Int, color: Color) {
        for r in runs {
            if r.b - r.a == 1 {
                blend((y * width + r.a) * 4, color, alpha(color, r.coverage))
            } else {
                span(y, r.a, r.b, color, alpha(color, r.coverage))
            }
        }
    }

    /// The ellipse inscribed in `rect`: exact distance for circles, a scaled distance
    /// for ellipses.
    func ellipse(_ rect: Rect, color: Color) {
        let x0 = rect.minX * scale, y0 = rect.minY * scale, x1 = rect.maxX * scale, y1 = rect.maxY * scale
        guard x1 > x0, y1 > y0, Self.sane(x0), Self.sane(y0), Self.sane(x1), Self.sane(y1) else { return }
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
        let lw = min(1e5, max(0, lineWidth * scale))
        guard x1 > x0, y1 > y0, lw > 0, Self.sane(x0), Self.sane(y0), Self.sane(x1), Self.sane(y1) else { return }
        let hw = (x1 - x0) / 2, hh = (y1 - y0) / 2, mx = (x0 + x1) / 2, my = (y0 + y1) / 2
        let r = radius.isNaN ? 0 : max(0, min(radius * scale, min(hw, hh)))
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
        // Horizontal and vertical lines (separators) are rectangles: filled as spans.
        let halfPoints = max(0.5 / scale, lineWidth / 2)
        if a.y == b.y && a.x != b.x {
            shape(Rect(x: min(a.x, b.x), y: a.y - halfPoints, width: abs(b.x - a.x), height: 2 * halfPoints),
                  radius: 0, softness: 1, color: color)
            return
        }
        if a.x == b.x && a.y != b.y {
            shape(Rect(x: a.x - halfPoints, y: min(a.y, b.y), width: 2 * halfPoints, height: abs(b.y - a.y)),
                  radius: 0, softness: 1, color: color)
            return
        }
        let ax = a.x * scale, ay = a.y * scale, bx = b.x * scale, by = b.y * scale
        let hw = min(1e5, max(0.5, lineWidth.isNaN ? 0 : lineWidth * scale / 2))
        guard Self.sane(ax), Self.sane(ay), Self.sane(bx), Self.sane(by) else { return }
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

    mutating func text(_ layout: TextLayout, origin: Point, color: Color, theme: Theme) {
        let a = alpha(color, 255)
        for line in layout.lines {
            line.glyphs.withUnsafeBufferPointer { glyphs in
                guard let base = glyphs.baseAddress else { return }
                for i in 0..<glyphs.count {
                    let g = base + i
                    let frame = g.pointee.frame.offsetBy(dx: origin.x, dy: origin.y)
                    let cp = g.pointee.codePoint
                    if cp != 0 {
                        // A character or the ellipsis: its first scalar from the font.
                        drawGlyph(cp, boxWidth: g.pointee.width == .wide ? 16 : 8, x: px(frame.minX), y: px(frame.minY),
                                  color: color, alpha: a)
                        continue
                    }
                    guard case .emoji(let e) = g.pointee.content else { continue }
                    if let name = e.imageName, let img = options.images.image(name, 0) {
                        blit(img, name: name, frameIndex: 0, into: frame)
                    } else if let glyphText = e.glyph, let first = glyphText.unicodeScalars.first {
                        drawGlyph(first.value, boxWidth: 16, x: px(frame.minX), y: px(frame.midY - 8), color: color, alpha: a)
                    } else {
                        placeholder(frame, theme: theme)
                    }
                }
            }
        }
    }

    /// Each set font pixel becomes a scale x scale block: the runs of set bits of the
    /// glyph's rows (from `glyphs`, found once per glyph) are filled on each of their
    /// `scale` pixel rows; opaque runs are stored words, translucent ones `span`s.
    mutating func drawGlyph(_ codePoint: UInt32, boxWidth: Int, x: Int, y: Int, color: Color, alpha a: Int) {
        let range = glyphs.lookup(codePoint, boxWidth: boxWidth, font: options.font)
        let s = iscale
        let opaque = a >= 255 ? PixelCanvas.pack(Color(r: color.r, g: color.g, b: color.b, a: 255)) : nil
        let c = clip, w = width
        glyphs.runs.withUnsafeBufferPointer { runs in
            p.withMemoryRebound(to: UInt32.self, capacity: width * height) { words in
                for k in range {
                    let run = runs[k]
                    let py0 = y + Int(run & 0xFF) * s
                    let py = max(py0, c.y0), pyEnd = min(py0 + s, c.y1)
                    guard pyEnd > py else { continue }
                    let sx0 = max(c.x0, x + Int((run >> 8) & 0xFF) * s), sx1 = min(c.x1, x + Int(run >> 16) * s)
                    guard sx1 > sx0 else { continue }
                    for yy in py..<pyEnd {
                        if let v = opaque {
                            (words + yy * w + sx0).update(repeating: v, count: sx1 - sx0)
                        } else {
                            span(yy, sx0, sx1, color, a)
                        }
                    }
                }
            }
        }
    }

    // MARK: - Images

    /// The stand-in for an image the provider does not have (see `missingImage`).
    func placeholder(_ frame: Rect, theme: Theme, code: String? = nil) {
        missingImage(frame, code: code, theme: theme)
    }

    /// Draws `img` fitted into `frame` by its content (see `fitted`): scaled once (see
    /// `ScaledImage`, cached by the canvas), then composited source-over with the
    /// current opacity.
    mutating func blit(_ img: Image, name: String, frameIndex: Int, into frame: Rect) {
        guard let (crop, dx0, dy0, dw, dh) = fitted(img, name: name, into: frame) else { return }
        let dx1 = dx0 + dw, dy1 = dy0 + dh
        let x0 = max(clip.x0, dx0), x1 = min(clip.x1, dx1), y0 = max(clip.y0, dy0), y1 = min(clip.y1, dy1)
        guard x1 > x0, y1 > y0 else { return }
        let key = ScaledImage.Key(name: name, frameIndex: frameIndex, width: dw, height: dh, crop: crop)
        let scaled: ScaledImage
        if let hit = cache.lookup(key, source: img) {
            scaled = hit
        } else {
            scaled = ScaledImage(img, crop: crop, width: dw, height: dh)
            cache.store(key, scaled)
        }
        let o = opacity
        scaled.premultiplied.withUnsafeBufferPointer { src in
            (p).withMemoryRebound(to: UInt32.self, capacity: width * height) { dst in
                for y in y0..<y1 {
                    var si = (y - dy0) * dw + (x0 - dx0)
                    var di = y * width + x0
                    for _ in x0..<x1 {
                        let s = UInt32(littleEndian: src[si])
                        si += 1
                        var a = Int(s >> 24)
                        if a == 0 { di += 1; continue }
                        var r = Int(s & 0xFF), g = Int((s >> 8) & 0xFF), b = Int((s >> 16) & 0xFF)
                        if o < 255 {
                            a = Self.div255(a * o); r = Self.div255(r * o); g = Self.div255(g * o); b = Self.div255(b * o)
                        }
                        if a == 255 {
                            dst[di] = (UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000).littleEndian
                        } else {
                            let d = UInt32(littleEndian: dst[di])
                            let inv = 255 - a
                            let nr = min(255, r + Self.div255(Int(d & 0xFF) * inv))
                            let ng = min(255, g + Self.div255(Int((d >> 8) & 0xFF) * inv))
                            let nb = min(255, b + Self.div255(Int((d >> 16) & 0xFF) * inv))
                            dst[di] = (UInt32(nr) | UInt32(ng) << 8 | UInt32(nb) << 16 | 0xFF00_0000).littleEndian
                        }
                        di += 1
                    }
                }
            }
        }
    }
}
