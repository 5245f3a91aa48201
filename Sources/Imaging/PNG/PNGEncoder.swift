/// Encodes an RGBA8 `Image` as a PNG that any reader accepts: 8-bit RGB when every
/// pixel is opaque (or `.rgb` is asked for), else 8-bit RGBA; per-row adaptive filter
/// choice (the filter with the least sum of absolute byte values, as libpng does; see
/// `PNGFilter.choose`);
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
                            PNGFilter.choose(cur: cur, prev: prev, count: rowBytes, bpp: bpp,
                                             scratch: cand.baseAddress!, into: dst)
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
    /// Writes the filter type and the filtered row `cur` into `dst` (1 + count bytes):
    /// the filter with the least sum of absolute signed outputs (libpng's heuristic),
    /// ties to the lower type, except that Average is not tried on a flat row (at least
    /// a quarter of its pixels repeat their left neighbour). On drawn UI screens
    /// Average's halved residuals often score lower yet compress worse, because they
    /// repeat less than Up's or Sub's (1-2% on the snapshot references); photo rows are
    /// never that flat, and keep Average (3-5% smaller there). A score of 0 cannot be
    /// beaten, so the search stops there. O(count) a filter tried.
    static func choose(cur: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>, count n: Int, bpp: Int,
                       scratch: UnsafeMutablePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>) {
        var best = apply(0, cur: cur, prev: prev, count: n, bpp: bpp, into: dst + 1)
        dst[0] = 0
        if best == 0 { return }
        let flat = flatRow(cur, count: n, bpp: bpp)
        for f in 1...4 where !(f == 3 && flat) {
            let score = apply(UInt8(f), cur: cur, prev: prev, count: n, bpp: bpp, into: scratch)
            if score < best {
                best = score
                dst[0] = UInt8(f)
                (dst + 1).update(from: scratch, count: n)
                if best == 0 { return }
            }
        }
    }

    /// Whether at least a quarter of the row's pixels (after the first) equal their left
    /// neighbour. O(count).
    static func flatRow(_ row: UnsafePointer<UInt8>, count n: Int, bpp: Int) -> Bool {
        let pixels = n / bpp
        guard pixels > 1 else { return true }
        var same = 0
        if bpp == 4 {
            let raw = UnsafeRawPointer(row)
            var left = raw.loadUnaligned(as: UInt32.self)
            for x in 1..<pixels {
                let v = raw.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                same &+= v == left ? 1 : 0
                left = v
            }
        } else {
            for x in 1..<pixels {
                let i = x * bpp
                var equal = true
                for k in 0..<bpp where row[i + k] != row[i + k - bpp] { equal = false }
                same &+= equal ? 1 : 0
            }
        }
        return same * 4 >= pixels - 1
    }

    /// Writes row `cur` filtered with `filter` into `out`; returns the sum of the
    /// outputs as signed bytes' magnitudes (the selection heuristic).
    static func apply(_ filter: UInt8, cur: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>, count n: Int, bpp: Int,
                      into out: UnsafeMutablePointer<UInt8>) -> Int {
        // One loop per filter (no per-byte switch); the first `bpp` bytes have no left
        // neighbour (a = c = 0).
        let lead = min(bpp, n)
        switch filter {
        case 0:
            out.update(from: cur, count: n)
        case 1:
            for i in 0..<lead { out[i] = cur[i] }
            for i in lead..<max(lead, n) { out[i] = cur[i] &- cur[i - bpp] }
        case 2:
            for i in 0..<n { out[i] = cur[i] &- prev[i] }
        case 3:
            for i in 0..<lead { out[i] = cur[i] &- prev[i] >> 1 }
            for i in lead..<max(lead, n) {
                out[i] = cur[i] &- UInt8(truncatingIfNeeded: (Int(cur[i - bpp]) + Int(prev[i])) >> 1)
            }
        default:
            for i in 0..<lead { out[i] = cur[i] &- prev[i] }
            for i in lead..<max(lead, n) {
                let p = PNGUnfilter.predictor(Int(cur[i - bpp]), Int(prev[i]), Int(prev[i - bpp]))
                out[i] = cur[i] &- UInt8(truncatingIfNeeded: p)
            }
        }
        var score = 0
        for i in 0..<n { let v = Int(Int8(bitPattern: out[i])); score += v < 0 ? -v : v }
        return score
    }
}
