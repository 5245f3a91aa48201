import Imaging
import SimCore

/// Images: scaled, cached and composited source-over.
extension Target {
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
                if o == 255 {
                    // Full opacity (nearly every emoji): an opaque run of source pixels
                    // (premultiplied with alpha 255, the alpha byte already 255) is its own
                    // result and is copied; transparent pixels leave the destination;
                    // only translucent runs (the edge) blend.
                    let rx0 = Int32(x0 - dx0), rx1 = Int32(x1 - dx0)
                    scaled.runs.withUnsafeBufferPointer { runs in
                        for y in y0..<y1 {
                            let sy = y - dy0
                            let srow = sy * dw, drow = y * width + dx0
                            for k in Int(scaled.rows[sy].lowerBound)..<Int(scaled.rows[sy].upperBound) {
                                let r = runs[k]
                                let a = Int(max(r.a, rx0)), b = Int(min(r.b, rx1))
                                guard b > a else { continue }
                                if r.opaque {
                                    Self.copyWords(dst + drow + a, from: src.baseAddress! + srow + a, count: b - a)
                                } else {
                                    for x in a..<b {
                                        let s = UInt32(littleEndian: src[srow + x])
                                        dst[drow + x] = Self.overPremultiplied(s, UInt32(littleEndian: dst[drow + x])).littleEndian
                                    }
                                }
                            }
                        }
                    }
                    return
                }
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
                            let packed = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16
                            dst[di] = Self.over(packed, a, UInt32(littleEndian: dst[di])).littleEndian
                        }
                        di += 1
                    }
                }
            }
        }
    }

    /// `over(s, alpha of s, d)` for a premultiplied `s` whose colour bytes are at most its
    /// alpha (as `ScaledImage` makes them): then no channel can pass 255, so the
    /// destination's channels are scaled at once, red and blue in the 16-bit lanes of one
    /// word and green apart (as `mix`), with `div255`'s rounding, and the source added
    /// without a carry between bytes (the same bytes as `over`, PixelCanvasCacheTests).
    @inline(__always) static func overPremultiplied(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let lanes: UInt32 = 0x00FF_00FF
        let inv = 255 &- (s >> 24)
        let t = (d & lanes) &* inv &+ 0x0080_0080
        let q = ((t &+ ((t >> 8) & lanes)) >> 8) & lanes
        let u = ((d >> 8) & 0xFF) &* inv &+ 0x80
        return ((q | ((u &+ (u >> 8)) >> 8) << 8) &+ (s & 0x00FF_FFFF)) | 0xFF00_0000
    }

    /// Premultiplied source-over of `s` (colour bytes 0...2, alpha `a` in 1...254) onto
    /// the opaque `d`: each channel min(255, src + round(dst * (255 - a) / 255)), alpha 255.
    @inline(__always) static func over(_ s: UInt32, _ a: Int, _ d: UInt32) -> UInt32 {
        let inv = 255 - a
        let nr = min(255, Int(s & 0xFF) + div255(Int(d & 0xFF) * inv))
        let ng = min(255, Int((s >> 8) & 0xFF) + div255(Int((d >> 8) & 0xFF) * inv))
        let nb = min(255, Int((s >> 16) & 0xFF) + div255(Int((d >> 16) & 0xFF) * inv))
        return UInt32(nr) | UInt32(ng) << 8 | UInt32(nb) << 16 | 0xFF00_0000
    }
}
