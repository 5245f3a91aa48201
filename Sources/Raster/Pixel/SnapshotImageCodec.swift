import Imaging

/// Reads and writes the image files snapshots and `emojisim diff` use (PNG, PPM).
/// Every encode and decode of a rendered image goes through here, so the codec behind
/// it can change (it moves to Imaging's encoder once that lands) without touching callers.
public enum SnapshotImageCodec {
    public enum Format: String, Hashable, Sendable {
        case png, ppm
    }

    /// A decoding failure with the byte offset it was found at.
    public struct DecodeError: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var offset: Int
        public init(_ message: String, offset: Int) { self.message = message; self.offset = offset }
        public var description: String { "\(message) (at byte \(offset))" }
    }

    /// Largest width or height accepted when decoding, and the largest pixel count.
    public static let maxDimension = 16_384
    public static let maxPixels = 64_000_000

    public static func encode(_ image: Image, as format: Format) -> [UInt8] {
        switch format {
        case .png: encodePNG(image)
        case .ppm: encodePPM(image)
        }
    }

    /// The format from the file's signature, nil when it is neither.
    public static func sniff(_ bytes: [UInt8]) -> Format? {
        if bytes.count >= 8 && bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.count >= 2 && bytes[0] == UInt8(ascii: "P") && (bytes[1] == UInt8(ascii: "6") || bytes[1] == UInt8(ascii: "3")) {
            return .ppm
        }
        return nil
    }

    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> Image {
        switch sniff(bytes) {
        case .png: return try decodePNG(bytes)
        case .ppm: return try decodePPM(bytes)
        case nil: throw DecodeError("not a PNG or PPM file", offset: 0)
        }
    }

    // MARK: - PPM

    /// Binary PPM (P6, maxval 255); alpha is dropped (images are composited opaque).
    public static func encodePPM(_ image: Image) -> [UInt8] {
        var out = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        out.reserveCapacity(out.count + image.width * image.height * 3)
        image.pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i < p.count {
                out.append(p[i]); out.append(p[i + 1]); out.append(p[i + 2])
                i += 4
            }
        }
        return out
    }

    /// P6 or P3 with maxval 1...65535 (scaled to 8 bits); comments allowed in the header.
    public static func decodePPM(_ bytes: [UInt8]) throws(DecodeError) -> Image {
        var i = 2
        func skipSpace() {
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "#") {
                    while i < bytes.count && bytes[i] != 0x0A { i += 1 }
                } else if bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
                    i += 1
                } else {
                    return
                }
            }
        }
        func number(_ what: String) throws(DecodeError) -> Int {
            skipSpace()
            let start = i
            var v = 0
            while i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                v = v * 10 + Int(bytes[i] - 0x30)
                if v > 1_000_000 { throw DecodeError("PPM \(what) too large", offset: start) }
                i += 1
            }
            if i == start { throw DecodeError("PPM header: expected the \(what)", offset: start) }
            return v
        }
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") || bytes[1] == UInt8(ascii: "3") else {
            throw DecodeError("not a PPM (P6/P3) file", offset: 0)
        }
        let binary = bytes[1] == UInt8(ascii: "6")
        let w = try number("width"), h = try number("height"), maxval = try number("maxval")
        guard w > 0, h > 0, w <= maxDimension, h <= maxDimension, w * h <= maxPixels else {
            throw DecodeError("PPM size \(w)x\(h) out of range", offset: i)
        }
        guard maxval >= 1 && maxval <= 65535 else { throw DecodeError("PPM maxval \(maxval) out of range", offset: i) }
        var px = [UInt8](repeating: 255, count: w * h * 4)
        if binary {
            i += 1 // the single whitespace after maxval
            let bpp = maxval > 255 ? 2 : 1
            let need = w * h * 3 * bpp
            guard bytes.count - i >= need else {
                throw DecodeError("PPM pixel data truncated: \(bytes.count - i) of \(need) bytes", offset: bytes.count)
            }
            for k in 0..<(w * h) {
                for c in 0..<3 {
                    let v = bpp == 2 ? Int(bytes[i]) << 8 | Int(bytes[i + 1]) : Int(bytes[i])
                    px[k * 4 + c] = UInt8((v * 255 + maxval / 2) / maxval)
                    i += bpp
                }
            }
        } else {
            for k in 0..<(w * h) {
                for c in 0..<3 {
                    let v = try number("sample")
                    guard v <= maxval else { throw DecodeError("PPM sample \(v) above maxval", offset: i) }
                    px[k * 4 + c] = UInt8((v * 255 + maxval / 2) / maxval)
                }
            }
        }
        return Image(width: w, height: h, pixels: px)!
    }

    // MARK: - PNG

    /// RGB PNG (alpha dropped: renders are opaque). Interim encoder: filter None and
    /// stored deflate blocks, until Imaging's compressing encoder is merged.
    public static func encodePNG(_ image: Image) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(image.height * (image.width * 3 + 1))
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<image.height {
                raw.append(0)
                var i = y * image.width * 4
                for _ in 0..<image.width {
                    raw.append(p[i]); raw.append(p[i + 1]); raw.append(p[i + 2])
                    i += 4
                }
            }
        }
        var z: [UInt8] = [0x78, 0x01]
        var pos = 0
        repeat {
            let n = min(65535, raw.count - pos)
            z.append(pos + n == raw.count ? 1 : 0)
            z.append(UInt8(n & 0xFF)); z.append(UInt8(n >> 8))
            z.append(UInt8(~n & 0xFF)); z.append(UInt8((~n >> 8) & 0xFF))
            z.append(contentsOf: raw[pos..<(pos + n)])
            pos += n
        } while pos < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let adler = b << 16 | a
        z.append(contentsOf: [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)])
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        for v in [UInt32(image.width), UInt32(image.height)] {
            ihdr.append(contentsOf: [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)])
        }
        ihdr.append(contentsOf: [8, 2, 0, 0, 0])
        chunk(&out, "IHDR", ihdr)
        chunk(&out, "IDAT", z)
        chunk(&out, "IEND", [])
        return out
    }

    private static func chunk(_ out: inout [UInt8], _ type: String, _ data: [UInt8]) {
        let n = UInt32(data.count)
        out.append(contentsOf: [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)])
        let typeBytes = Array(type.utf8)
        out.append(contentsOf: typeBytes)
        out.append(contentsOf: data)
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in typeBytes + data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        crc = ~crc
        out.append(contentsOf: [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)])
    }

    /// Interim decoder: 8-bit RGB/RGBA PNGs with stored deflate blocks and filter None
    /// (what `encodePNG` writes), until Imaging's decoder is merged.
    public static func decodePNG(_ bytes: [UInt8]) throws(DecodeError) -> Image {
        var i = 8
        var width = 0, height = 0, channels = 3
        var idat: [UInt8] = []
        func u32(_ k: Int) -> Int { Int(bytes[k]) << 24 | Int(bytes[k + 1]) << 16 | Int(bytes[k + 2]) << 8 | Int(bytes[k + 3]) }
        while i + 8 <= bytes.count {
            let n = u32(i)
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            guard n >= 0, i + 12 + n <= bytes.count else { throw DecodeError("PNG chunk \(type) truncated", offset: i) }
            let data = Array(bytes[(i + 8)..<(i + 8 + n)])
            if type == "IHDR" {
                guard n == 13 else { throw DecodeError("PNG IHDR length \(n)", offset: i) }
                width = u32(i + 8); height = u32(i + 12)
                guard data[8] == 8, data[9] == 2 || data[9] == 6, data[12] == 0 else {
                    throw DecodeError("PNG colour type \(data[9]) / depth \(data[8]) / interlace \(data[12]) unsupported", offset: i + 16)
                }
                channels = data[9] == 6 ? 4 : 3
                guard width > 0, height > 0, width <= maxDimension, height <= maxDimension, width * height <= maxPixels else {
                    throw DecodeError("PNG size \(width)x\(height) out of range", offset: i + 8)
                }
            } else if type == "IDAT" {
                idat.append(contentsOf: data)
            } else if type == "IEND" {
                break
            }
            i += 12 + n
        }
        guard width > 0 else { throw DecodeError("PNG without IHDR", offset: 8) }
        var raw: [UInt8] = []
        var k = 2
        var final = false
        while !final {
            guard k + 5 <= idat.count else { throw DecodeError("PNG zlib stream truncated", offset: k) }
            guard idat[k] & 0x06 == 0 else { throw DecodeError("compressed PNG data needs Imaging's decoder", offset: k) }
            final = idat[k] & 1 == 1
            let n = Int(idat[k + 1]) | Int(idat[k + 2]) << 8
            k += 5
            guard k + n <= idat.count else { throw DecodeError("PNG stored block truncated", offset: k) }
            raw.append(contentsOf: idat[k..<(k + n)])
            k += n
        }
        let stride = width * channels + 1
        guard raw.count >= stride * height else { throw DecodeError("PNG image data too short", offset: 0) }
        var px = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            guard raw[y * stride] == 0 else { throw DecodeError("PNG filter \(raw[y * stride]) needs Imaging's decoder", offset: y * stride) }
            for x in 0..<width {
                for c in 0..<channels { px[(y * width + x) * 4 + c] = raw[y * stride + 1 + x * channels + c] }
            }
        }
        return Image(width: width, height: height, pixels: px)!
    }
}
