/// Encodes an RGBA8 `Image` as a PNG that any reader accepts: 8-bit RGB when every
/// pixel is opaque (or `.rgb` is asked for), else 8-bit RGBA; per-row adaptive filter
/// choice (the filter with the least sum of absolute byte values, as libpng does);
/// real deflate (`Deflate`, LZ77 + dynamic Huffman). Decoding the result with
/// `PNGDecoder` gives back exactly the input (or the input with alpha 255 for `.rgb`).
/// Time O(pixels x 5 filters + deflate).
public struct PNGEncoder: Sendable {
    public enum ColorMode: Sendable { case automatic, rgb, rgba }

    public var colorMode: ColorMode
    /// zlib level, 0 (stored) to 9.
    public var compressionLevel: Int

    public init(colorMode: ColorMode = .automatic, compressionLevel: Int = 6) {
        self.colorMode = colorMode
        self.compressionLevel = compressionLevel
    }

    public func encode(_ image: Image) -> [UInt8] {
        let rgba = useRGBA(image)
        var w = PNGChunkWriter()
        w.append("IHDR", Self.ihdr(width: image.width, height: image.height, rgba: rgba))
        Self.appendIDAT(&w, "IDAT", prefix: [], Self.compressedData(image, rgba: rgba, level: compressionLevel))
        w.append("IEND", [])
        return w.bytes
    }

    func useRGBA(_ image: Image) -> Bool {
        switch colorMode {
        case .rgb: return false
        case .rgba: return true
        case .automatic:
            return image.pixels.withUnsafeBufferPointer { p in
                var i = 3
                while i < p.count { if p[i] != 255 { return true }; i += 4 }
                return false
            }
        }
    }

    static func ihdr(width: Int, height: Int, rgba: Bool) -> [UInt8] {
        PNGChunkWriter.be32(width) + PNGChunkWriter.be32(height) + [8, rgba ? 6 : 2, 0, 0, 0]
    }

    /// Writes compressed data as chunks of at most 1 MiB (each with `prefix`, for fdAT's
    /// sequence number; the prefix closure gets the chunk index).
    static func appendIDAT(_ w: inout PNGChunkWriter, _ type: StaticString, prefix: @autoclosure () -> [UInt8], _ data: [UInt8]) {
        var p = 0
        repeat {
            let end = min(data.count, p + (1 << 20))
            w.append(type, prefix() + Array(data[p..<end]))
            p = end
        } while p < data.count
    }

    /// Filters each row (adaptive choice) and deflates the scanlines.
    static func compressedData(_ image: Image, rgba: Bool, level: Int) -> [UInt8] {
        let bpp = rgba ? 4 : 3
        let rowBytes = image.width * bpp
        let stride = rowBytes + 1
        var filtered = [UInt8](repeating: 0, count: image.height * stride)
        var raw = [UInt8](repeating: 0, count: 2 * rowBytes) // previous and current raw row
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        image.pixels.withUnsafeBufferPointer { px in
            filtered.withUnsafeMutableBufferPointer { out in
                raw.withUnsafeMutableBufferPointer { rows in
                    candidate.withUnsafeMutableBufferPointer { cand in
                        for y in 0..<image.height {
                            let prev = rows.baseAddress! + (y % 2 == 0 ? rowBytes : 0)
                            let cur = rows.baseAddress! + (y % 2 == 0 ? 0 : rowBytes)
                            if y == 0 { prev.initialize(repeating: 0, count: rowBytes) }
                            let src = px.baseAddress! + y * image.width * 4
                            if rgba {
                                cur.update(from: src, count: rowBytes)
                            } else {
                                for x in 0..<image.width {
                                    cur[3 * x] = src[4 * x]; cur[3 * x + 1] = src[4 * x + 1]; cur[3 * x + 2] = src[4 * x + 2]
                                }
                            }
                            let dst = out.baseAddress! + y * stride
                            var bestScore = Int.max
                            for f in 0...4 {
                                let score = PNGFilter.apply(UInt8(f), cur: cur, prev: prev, count: rowBytes, bpp: bpp, into: cand.baseAddress!)
                                if score < bestScore {
                                    bestScore = score
                                    dst[0] = UInt8(f)
                                    (dst + 1).update(from: cand.baseAddress!, count: rowBytes)
                                }
                            }
                        }
                    }
                }
            }
        }
        return Deflate.zlib(filtered, level: level)
    }
}

/// The forward PNG filters, for the encoders.
enum PNGFilter {
    /// Writes row `cur` filtered with `filter` into `out`; returns the sum of the
    /// outputs as signed bytes' magnitudes (the selection heuristic).
    static func apply(_ filter: UInt8, cur: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>, count n: Int, bpp: Int,
                      into out: UnsafeMutablePointer<UInt8>) -> Int {
        var score = 0
        for i in 0..<n {
            let a = i >= bpp ? Int(cur[i - bpp]) : 0
            let b = Int(prev[i])
            let c = i >= bpp ? Int(prev[i - bpp]) : 0
            let pred: Int
            switch filter {
            case 0: pred = 0
            case 1: pred = a
            case 2: pred = b
            case 3: pred = (a + b) >> 1
            default: pred = PNGUnfilter.predictor(a, b, c)
            }
            let v = UInt8(truncatingIfNeeded: Int(cur[i]) - pred)
            out[i] = v
            score += v < 128 ? Int(v) : 256 - Int(v)
        }
        return score
    }
}
