import Imaging

/// An image, or its `crop` rect (the trimmed content), scaled to a destination size in
/// pixels, premultiplied (RGBA8 packed little-endian in `UInt32`s), ready to composite.
///
/// Bilinear in 8.8 fixed point on premultiplied colour: each destination pixel centre is
/// mapped into the source, its four neighbours weighted (weights sum to 65536),
/// alpha and colour * alpha interpolated and rounded. Integer only: the same bytes
/// everywhere. O(width * height).
struct ScaledImage: Sendable {
    struct Key: Hashable, Sendable {
        var name: String
        var frameIndex: Int
        var width: Int
        var height: Int
        var crop: PixelRect
    }

    let source: Image
    let width: Int
    let height: Int
    let premultiplied: [UInt32]
    /// Per destination row, the range of `runs` covering its visible pixels.
    let rows: [Range<Int32>]
    /// Runs of pixels that are all opaque (alpha 255) or all translucent (1...254),
    /// x relative to the image, in order; transparent pixels are in none.
    let runs: [Run]

    /// Pixels a..<b of a row, all opaque or all translucent.
    struct Run: Sendable {
        var a: Int32, b: Int32
        var opaque: Bool
    }

    /// `crop` must lie inside the image and be non-empty (nil: the whole image).
    init(_ img: Image, crop: PixelRect? = nil, width dw: Int, height dh: Int) {
        source = img
        width = dw
        height = dh
        let c = crop ?? PixelRect(x: 0, y: 0, width: img.width, height: img.height)
        let sw = c.width, sh = c.height, stride = img.width
        var out = [UInt32](repeating: 0, count: dw * dh)
        var xs = [Int](repeating: 0, count: dw), xf = [Int](repeating: 0, count: dw)
        for x in 0..<dw {
            // In Int64: (2x + 1) * sw * 65536 passes Int32.max for a 3x render of a
            // 136-pixel image, which trapped on wasm32 (found by Tools/wasm/compare.sh).
            var u = Int((Int64(2 * x + 1) * Int64(sw) * 65536) / Int64(2 * dw)) - 32768
            u = min(max(u, 0), (sw - 1) * 65536)
            xs[x] = c.x + (u >> 16)
            xf[x] = (u >> 8) & 0xFF
        }
        img.pixels.withUnsafeBufferPointer { src in
            for y in 0..<dh {
                var v = Int((Int64(2 * y + 1) * Int64(sh) * 65536) / Int64(2 * dh)) - 32768
                v = min(max(v, 0), (sh - 1) * 65536)
                let fy = (v >> 8) & 0xFF
                let row0 = (c.y + (v >> 16)) * stride * 4, row1 = (c.y + min((v >> 16) + 1, sh - 1)) * stride * 4
                for x in 0..<dw {
                    let fx = xf[x]
                    let sx = xs[x] * 4, sx1 = min(xs[x] + 1, c.x + sw - 1) * 4
                    let i00 = row0 + sx, i01 = row0 + sx1, i10 = row1 + sx, i11 = row1 + sx1
                    let w00 = (256 - fx) * (256 - fy), w01 = fx * (256 - fy)
                    let w10 = (256 - fx) * fy, w11 = fx * fy
                    let aw00 = Int(src[i00 + 3]) * w00, aw01 = Int(src[i01 + 3]) * w01
                    let aw10 = Int(src[i10 + 3]) * w10, aw11 = Int(src[i11 + 3]) * w11
                    let a = (aw00 + aw01 + aw10 + aw11 + 32768) >> 16
                    if a == 0 { continue }
                    var packed = UInt32(a) << 24
                    for ch in 0..<3 {
                        // colour * alpha / 255, rounded: premultiplied, 0...a.
                        // Up to 255 * 255 * 65536: past Int32.max, so Int64 (wasm32).
                        let pm = Int64(src[i00 + ch]) * Int64(aw00) + Int64(src[i01 + ch]) * Int64(aw01)
                            + Int64(src[i10 + ch]) * Int64(aw10) + Int64(src[i11 + ch]) * Int64(aw11)
                        let v8 = min(a, Int((pm + 8_355_840) / 16_711_680)) // 65536 * 255, +half
                        packed |= UInt32(v8) << UInt32(8 * ch)
                    }
                    out[y * dw + x] = packed.littleEndian
                }
            }
        }
        premultiplied = out
        // The runs, so compositing copies opaque stretches and blends only the edges.
        var rows: [Range<Int32>] = []
        rows.reserveCapacity(dh)
        var runs: [Run] = []
        for y in 0..<dh {
            let start = Int32(runs.count)
            var x = 0
            while x < dw {
                let a = out[y * dw + x].littleEndian >> 24
                if a == 0 { x += 1; continue }
                let opaque = a == 255
                var e = x + 1
                while e < dw {
                    let ae = out[y * dw + e].littleEndian >> 24
                    if ae == 0 || (ae == 255) != opaque { break }
                    e += 1
                }
                runs.append(Run(a: Int32(x), b: Int32(e), opaque: opaque))
                x = e
            }
            rows.append(start..<Int32(runs.count))
        }
        self.rows = rows
        self.runs = runs
    }
}
