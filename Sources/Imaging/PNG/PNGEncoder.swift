/// Encodes an RGBA8 `Image` as a PNG that any reader accepts: 8-bit RGB when every
/// pixel is opaque (or `.rgb` is asked for), else 8-bit RGBA; per-row adaptive filter
/// choice (the filter with the least sum of absolute byte values, as libpng does; see
/// `PNGFilter.choose`);
/// real deflate (`Deflate`, LZ77 + dynamic Huffman). Decoding the result with
/// `PNGDecoder` gives back exactly the input (or the input with alpha 255 for `.rgb`).
public struct PNGEncoder: Sendable {
    /// Which IHDR colour type to write.
    public enum ColorMode: Sendable {
        /// RGB when every pixel is opaque, else RGBA.
        case automatic
        /// 8-bit RGB; alpha is dropped.
        case rgb
        /// 8-bit RGBA always.
        case rgba
    }

    /// Which colour type `encode` writes.
    public var colorMode: ColorMode
    /// zlib level, 0 (stored) to 9.
    public var compressionLevel: Int

    /// - Parameters:
    ///   - colorMode: The colour type (`.automatic`).
    ///   - compressionLevel: The deflate level, 0 to 9 (6).
    public init(colorMode: ColorMode = .automatic, compressionLevel: Int = 6) {
        self.colorMode = colorMode
        self.compressionLevel = compressionLevel
    }

    /// - Parameter image: The pixels.
    /// - Returns: A PNG file: IHDR, IDAT chunks, IEND.
    /// - Complexity: O(pixels x 5 filters + deflate).
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
        Deflate.zlib(filteredScanlines(image, rgba: rgba), level: level)
    }

    /// The scanlines, each its filter type and filtered bytes (see `PNGFilter.choose`).
    static func filteredScanlines(_ image: Image, rgba: Bool) -> [UInt8] {
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
        return filtered
    }
}

/// The forward PNG filters, for the encoders.
enum PNGFilter {
    /// Writes the filter type and the filtered row `cur` into `dst` (1 + count bytes),
    /// choosing the filter by a cheap score, ties to the lower type:
    /// - on a photo-like row, the least sum of absolute signed outputs over all five
    ///   filters (libpng's heuristic);
    /// - on a flat row (at least a quarter of its pixels repeat their left neighbour,
    ///   as on drawn UI screens), 64 a non-zero output byte plus that sum, and no
    ///   Average. There the sum alone misleads: Average's halved residuals score lower
    ///   yet repeat less, and a row with fewer but larger residuals deflates better
    ///   (together 1.3% smaller on the snapshot references; photo rows are never that
    ///   flat, and Average keeps them 3-5% smaller).
    /// A score of 0 cannot be beaten, so the search stops there. O(count) a filter tried.
    static func choose(cur: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>, count n: Int, bpp: Int,
                       scratch: UnsafeMutablePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>) {
        let flat = flatRow(cur, count: n, bpp: bpp)
        var best = apply(0, cur: cur, prev: prev, count: n, bpp: bpp, into: dst + 1, weighNonZero: flat)
        dst[0] = 0
        if best == 0 { return }
        for f in 1...4 where !(f == 3 && flat) {
            let score = apply(UInt8(f), cur: cur, prev: prev, count: n, bpp: bpp, into: scratch, weighNonZero: flat)
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
        } else if bpp == 3 {
            // Two loads a pixel (2 + 1 bytes): never past the row's end.
            let raw = UnsafeRawPointer(row)
            for x in 1..<pixels {
                let i = 3 * x
                let equal = raw.loadUnaligned(fromByteOffset: i, as: UInt16.self) == raw.loadUnaligned(fromByteOffset: i - 3, as: UInt16.self)
                    && row[i + 2] == row[i - 1]
                same &+= equal ? 1 : 0
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
    /// outputs as signed bytes' magnitudes, plus 64 a non-zero byte if `weighNonZero`
    /// (the selection heuristic). Filtering and scoring share one loop per filter (no
    /// per-byte switch; 32-bit sums over slices of at most 64 KiB, which cannot
    /// overflow).
    static func apply(_ filter: UInt8, cur: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>, count n: Int, bpp: Int,
                      into out: UnsafeMutablePointer<UInt8>, weighNonZero: Bool = false) -> Int {
        let weight: UInt32 = weighNonZero ? 64 : 0
        @inline(__always) func cost(_ v: UInt8) -> UInt32 { UInt32(v < 128 ? v : 0 &- v) &+ (v != 0 ? weight : 0) }
        // The first `bpp` bytes have no left neighbour (a = c = 0).
        let lead = min(bpp, n)
        var score = 0
        var start = 0
        while start < n {
            let end = min(n, start + 65536)
            var sum: UInt32 = 0
            let from = max(start, lead), leadEnd = max(start, min(end, lead))
            switch filter {
            case 0:
                for i in start..<end { let v = cur[i]; out[i] = v; sum &+= cost(v) }
            case 1:
                for i in start..<leadEnd { let v = cur[i]; out[i] = v; sum &+= cost(v) }
                if from < end { for i in from..<end { let v = cur[i] &- cur[i - bpp]; out[i] = v; sum &+= cost(v) } }
            case 2:
                for i in start..<end { let v = cur[i] &- prev[i]; out[i] = v; sum &+= cost(v) }
            case 3:
                for i in start..<leadEnd { let v = cur[i] &- prev[i] >> 1; out[i] = v; sum &+= cost(v) }
                if from < end {
                    for i in from..<end {
                        let avg = UInt8(truncatingIfNeeded: (UInt16(cur[i - bpp]) &+ UInt16(prev[i])) >> 1)
                        let v = cur[i] &- avg
                        out[i] = v; sum &+= cost(v)
                    }
                }
            default:
                for i in start..<leadEnd { let v = cur[i] &- prev[i]; out[i] = v; sum &+= cost(v) }
                if from < end {
                    for i in from..<end {
                        let p = PNGUnfilter.predictor(Int(cur[i - bpp]), Int(prev[i]), Int(prev[i - bpp]))
                        let v = cur[i] &- UInt8(truncatingIfNeeded: p)
                        out[i] = v; sum &+= cost(v)
                    }
                }
            }
            score += Int(sum)
            start = end
        }
        return score
    }
}
