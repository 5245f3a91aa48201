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
    /// The framebuffer's width in pixels (points x scale).
    public let width: Int
    /// The framebuffer's height in pixels.
    public let height: Int
    /// Changing the options (font, scale, ...) forgets the cached glyphs.
    public var options: PixelRenderOptions { didSet { glyphs = GlyphCache() } }
    /// The framebuffer: what the last render drew, opaque.
    public private(set) var image: Image
    /// Scaled images kept between renders (see `ScaledImageCache`).
    private var cache = ScaledImageCache()
    /// Shadow masks, glyph spans and icon masks kept between renders (see
    /// `ShadowMaskCache`, `GlyphCache`, `IconMaskCache`).
    private var shadowMasks = ShadowMaskCache()
    private var glyphs = GlyphCache()
    private var iconMasks = IconMaskCache()

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
                guard let base = words.baseAddress else { return }
                Target.fillWords(base, v, count: words.count)
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

    /// Redraws only `regions` (pixel rects, e.g. `PixelDamage.regions` between the list
    /// the canvas holds and `list`): each is cleared to the theme background and `list`
    /// drawn clipped to it. Inside a region the pixels are those `render(list)` gives
    /// (clipping never changes a pixel's coverage, only which pixels are visited);
    /// outside, the canvas keeps what it held.
    ///
    /// - Complexity: O(items + pixels of the regions).
    public mutating func render(_ list: DisplayList, in regions: [PixelRect]) {
        let c = options.theme.color(.background)
        let bg = Self.pack(Color(r: c.r, g: c.g, b: c.b, a: 255))
        for region in regions {
            let r = region.clipped(toWidth: width, height: height)
            guard !r.isEmpty else { continue }
            let w = width
            image.pixels.withUnsafeMutableBytes { raw in
                raw.withMemoryRebound(to: UInt32.self) { words in
                    guard let base = words.baseAddress else { return }
                    for y in r.y..<r.maxY { Target.fillWords(base + y * w + r.x, bg, count: r.width) }
                }
            }
            draw(list, clip: PixelClip(x0: r.x, y0: r.y, x1: r.maxX, y1: r.maxY), cull: true)
        }
    }

    /// Draws the list over what the canvas holds.
    public mutating func draw(_ list: DisplayList) {
        draw(list, clip: PixelClip(x0: 0, y0: 0, x1: width, y1: height))
    }

    mutating func draw(_ list: DisplayList, clip: PixelClip, cull: Bool = false) {
        let opts = options
        let w = width, h = height
        var cache = self.cache
        var masks = shadowMasks, glyphs = self.glyphs, icons = iconMasks
        // Moved out, so the caches are not copied on write.
        self.cache = ScaledImageCache(); shadowMasks = ShadowMaskCache(); self.glyphs = GlyphCache()
        iconMasks = IconMaskCache()
        image.pixels.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress, w > 0, h > 0 else { return }
            var t = Target(p: base, width: w, height: h, scale: Double(opts.scale), iscale: opts.scale,
                           options: opts, cache: cache)
            t.clip = clip
            swap(&t.shadowMasks, &masks); swap(&t.glyphs, &glyphs); swap(&t.iconMasks, &icons)
            t.run(list, cull: cull)
            cache = t.cache
            swap(&t.shadowMasks, &masks); swap(&t.glyphs, &glyphs); swap(&t.iconMasks, &icons)
        }
        self.cache = cache
        shadowMasks = masks; self.glyphs = glyphs; iconMasks = icons
    }
}
