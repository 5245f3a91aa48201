import SimCore

/// The drawing state over the framebuffer memory for one `draw` call.
/// Its drawing is split by kind: `Target+Shapes`, `Target+Text`, `Target+Images`,
/// `Target+Icons`, `Target+ContentBox`.
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
    var iconMasks = IconMaskCache()

    init(p: UnsafeMutablePointer<UInt8>, width: Int, height: Int, scale: Double, iscale: Int, options: PixelRenderOptions,
         cache: ScaledImageCache) {
        self.p = p; self.width = width; self.height = height; self.scale = scale; self.iscale = iscale
        self.options = options
        self.cache = cache
        clip = PixelClip(x0: 0, y0: 0, x1: width, y1: height)
    }

    func px(_ v: Double) -> Int { PixelClip.px(v, scale) }

    /// The opacity (0...255) inside `pushOpacity(a)` when `opacity` is outside it.
    static func combinedOpacity(_ opacity: Int, _ a: Double) -> Int {
        let q = Int(((a.isNaN ? 0 : a).clamped(to: 0...1) * 255).rounded())
        return (opacity * q + 127) / 255
    }

    /// `cull`: skip drawing commands whose bounds (`PixelDamage.pixelBounds`, which
    /// contain every pixel a command touches) miss the clip, so a region redraw neither
    /// decodes images nor walks glyphs outside it. Commands that later opaque rects
    /// repaint entirely are skipped too (`Occlusion`). The pixels are the same either way.
    mutating func run(_ list: DisplayList, cull: Bool = false) {
        let theme = options.theme
        let hidden = Occlusion.hiddenItems(in: list, scale: scale, theme: theme, clip: clip, opacity: opacity)
        let outer = clip, outerOpacity = opacity
        Self.walk(list, scale: scale, clip: outer, opacity: outerOpacity, upTo: list.items.count) { i, command, c, o in
            if c.isEmpty || o == 0 { return }
            if let hidden, hidden[i] { return }
            if cull, let b = PixelDamage.pixelBounds(command, scale: scale),
               b.x1 <= c.x0 || b.x0 >= c.x1 || b.y1 <= c.y0 || b.y0 >= c.y1 { return }
            clip = c
            opacity = o
            draw(command, theme: theme)
        }
        clip = outer
        opacity = outerOpacity
    }

    /// Calls `body` with each drawing command of items 0..<end, its index, and the pixel
    /// clip and opacity (0...255) it is drawn at: the list's `pushClip`/`popClip` and
    /// `pushOpacity`/`popOpacity` applied to `clip` and `opacity` (an unmatched pop keeps
    /// the outer value). The one reading of those commands, for drawing and `Occlusion`.
    static func walk(_ list: DisplayList, scale: Double, clip outer: PixelClip, opacity outerOpacity: Int = 255,
                     upTo end: Int, _ body: (Int, DrawCommand, PixelClip, Int) -> Void) {
        var clip = outer
        var clips: [PixelClip] = []
        var opacity = outerOpacity
        var opacities: [Int] = []
        for i in 0..<min(end, list.items.count) {
            let command = list.items[i].command
            switch command {
            case .pushClip(let r):
                clips.append(clip)
                clip = clip.intersecting(r, scale: scale)
            case .popClip:
                if let c = clips.popLast() { clip = c }
            case .pushOpacity(let a):
                opacities.append(opacity)
                opacity = combinedOpacity(opacity, a)
            case .popOpacity:
                if let o = opacities.popLast() { opacity = o }
            default:
                body(i, command, clip, opacity)
            }
        }
    }

    mutating func draw(_ command: DrawCommand, theme: Theme) {
        switch command {
        case .fillRect(let r, let role):
            roundedShape(r, radius: 0, color: theme.color(role))
        case .roundedRect(let r, let radius, let role):
            roundedShape(r, radius: radius, color: theme.color(role))
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
    /// out = round((c * a + dst * (255 - a)) / 255) a channel (see `mix`).
    @inline(__always) func blend(_ i: Int, _ c: Color, _ a: Int) {
        if a >= 255 {
            p[i] = c.r; p[i + 1] = c.g; p[i + 2] = c.b; p[i + 3] = 255
            return
        }
        if a <= 0 { return }
        let (rb, g) = Self.mixSource(c, a)
        (p + i).withMemoryRebound(to: UInt32.self, capacity: 1) { word in
            word.pointee = Self.mix(rb, g, UInt32(littleEndian: word.pointee), UInt32(255 - a)).littleEndian
        }
    }

    /// `mix`'s source terms for colour `c` at alpha `a` (0...255): red and blue times `a`
    /// in the 16-bit lanes of one word, green times `a`, each plus `div255`'s 128.
    @inline(__always) static func mixSource(_ c: Color, _ a: Int) -> (rb: UInt32, g: UInt32) {
        let a = UInt32(a)
        return ((UInt32(c.r) | UInt32(c.b) << 16) &* a &+ 0x0080_0080, UInt32(c.g) &* a &+ 0x80)
    }

    /// The opaque pixel round((c * a + d * ia) / 255) a channel of the pixel `d` (RGBA
    /// bytes of a little-endian word), for the source terms of `mixSource` and ia = 255 - a.
    /// Red and blue share one 32-bit word in 16-bit lanes (a lane's sum stays below
    /// 65,536, so no carry crosses lanes), green is apart: `div255`'s rounding in about
    /// half the instructions of three channels unpacked (a run of translucent pixels in
    /// wasm, which has no SIMD, costs what these take).
    @inline(__always) static func mix(_ rb: UInt32, _ g: UInt32, _ d: UInt32, _ ia: UInt32) -> UInt32 {
        let lanes: UInt32 = 0x00FF_00FF
        let t = rb &+ (d & lanes) &* ia
        let q = ((t &+ ((t >> 8) & lanes)) >> 8) & lanes
        let u = g &+ ((d >> 8) & 0xFF) &* ia
        return q | ((u &+ (u >> 8)) >> 8) << 8 | 0xFF00_0000
    }

    /// The alpha of colour `c` at coverage `cov` (0...255) and the current opacity.
    @inline(__always) func alpha(_ c: Color, _ cov: Int) -> Int {
        (Int(c.a) * cov * opacity + 32512) / 65025
    }

    /// Fills pixels x0..<x1 of row y at one alpha (clipped by the caller). A translucent
    /// span blends each pixel with `mix` (the same rounding as `blend`).
    @inline(__always) func span(_ y: Int, _ x0: Int, _ x1: Int, _ c: Color, _ a: Int) {
        guard x1 > x0, a > 0 else { return }
        let n = x1 - x0
        if a >= 255 {
            let v = PixelCanvas.pack(Color(r: c.r, g: c.g, b: c.b, a: 255))
            (p + (y * width + x0) * 4).withMemoryRebound(to: UInt32.self, capacity: n) { words in
                Self.fillWords(words, v, count: n)
            }
            return
        }
        let (rb, g) = Self.mixSource(c, a)
        let ia = UInt32(255 - a)
        (p + (y * width + x0) * 4).withMemoryRebound(to: UInt32.self, capacity: n) { words in
            for k in 0..<n {
                words[k] = Self.mix(rb, g, UInt32(littleEndian: words[k]), ia).littleEndian
            }
        }
    }

    /// Stores `v` in `count` words from `dst`. In wasm, a run is seeded with up to 64
    /// words, two a store, and then doubled by raw memory copies: a copy is one `memory.copy` (the
    /// engine's memmove) where a store loop runs a word at a time (the module has no
    /// SIMD), which made the full-screen background fill a third of a render under node.
    /// The copies stop doubling at `fillChunkWords`: each later copy reads the same first
    /// 16 KB (in the L1 cache) instead of the half just written (for a full-screen fill,
    /// 2 MB out of cache), which took a 750x1334 fill from 59 to 32 µs under node.
    /// Natively the compiler vectorizes the store loop, which beats the copies (a clear
    /// took 63 instead of 39 µs with them), so it stays.
    @inline(__always) static func fillWords(_ dst: UnsafeMutablePointer<UInt32>, _ v: UInt32, count n: Int) {
        #if !arch(wasm32)
        dst.update(repeating: v, count: n)
        #else
        // Two words a store (wasm stores need no alignment), then copies.
        let raw = UnsafeMutableRawPointer(dst)
        let pair = UInt64(v) | UInt64(v) << 32
        let seed = min(n, 64)
        var k = 0
        while k &+ 1 < seed { raw.storeBytes(of: pair, toByteOffset: k &* 4, as: UInt64.self); k &+= 2 }
        if k < seed { dst[k] = v }
        var filled = seed
        while filled < n {
            let c = min(filled, n &- filled, fillChunkWords)
            (raw + filled &* 4).copyMemory(from: UnsafeRawPointer(raw), byteCount: c &* 4)
            filled &+= c
        }
        #endif
    }

    /// The largest copy `fillWords` makes in wasm (16 KB: the source stays in the L1 cache).
    static let fillChunkWords = 4096

    /// Copies `count` words: one raw memory copy (`memory.copy` in wasm; Embedded
    /// Swift's typed `update(from:count:)` copies there element by element, each
    /// through an outlined call).
    @inline(__always) static func copyWords(_ dst: UnsafeMutablePointer<UInt32>, from src: UnsafePointer<UInt32>,
                                            count n: Int) {
        UnsafeMutableRawPointer(dst).copyMemory(from: UnsafeRawPointer(src), byteCount: n &* 4)
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
}
