/// Netpbm PPM (P6 binary, P3 ASCII) and PGM (P5 binary, P2 ASCII) reading and writing.
///
/// Reading: comments (`#` to end of line) and any whitespace between header fields;
/// maxval 1...65535 (two big-endian bytes per binary sample above 255); samples are
/// scaled to 8 bits by rounding (identity for maxval 255); gray becomes r = g = b;
/// alpha is 255. The declared size is checked against `limits` before allocating.
/// Writing: maxval 255; PPM drops alpha; PGM writes Rec. 601 luma (exact for gray
/// pixels, so gray images round-trip).
public struct PNMCodec: Sendable {
    /// Checked against the declared size before the pixels are allocated.
    public var limits: ImageLimits

    /// - Parameter limits: Size limits for `decode`.
    public init(limits: ImageLimits = .default) { self.limits = limits }

    /// The four Netpbm variants `encode` writes.
    public enum Format: Sendable {
        /// P6: binary RGB.
        case ppmBinary
        /// P3: decimal RGB, one pixel a line.
        case ppmASCII
        /// P5: binary grey (Rec. 601 luma).
        case pgmBinary
        /// P2: decimal grey.
        case pgmASCII
    }

    /// Reads a P2, P3, P5 or P6 file.
    ///
    /// - Parameter bytes: The file.
    /// - Returns: The image, samples scaled to 8 bits, alpha 255.
    /// - Throws: `PNMError` with line, column and byte offset.
    /// - Complexity: O(file size).
    public func decode(_ bytes: [UInt8]) throws(PNMError) -> Image {
        var r = Reader(bytes: bytes)
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P") else {
            throw .badMagic(found: String(decoding: bytes.prefix(2), as: UTF8.self))
        }
        let kind = bytes[1]
        let channels: Int, binary: Bool
        switch kind {
        case UInt8(ascii: "6"): (channels, binary) = (3, true)
        case UInt8(ascii: "3"): (channels, binary) = (3, false)
        case UInt8(ascii: "5"): (channels, binary) = (1, true)
        case UInt8(ascii: "2"): (channels, binary) = (1, false)
        default: throw .badMagic(found: String(decoding: bytes.prefix(2), as: UTF8.self))
        }
        r.pos = 2
        let width = try r.number("width")
        let height = try r.number("height")
        let maxvalAt = r.skipToDigit(from: r.pos)
        let maxval = try r.number("maxval")
        if maxval < 1 || maxval > 65535 {
            let (l, c) = r.lineColumn(of: maxvalAt)
            throw .invalidMaxval(maxval, line: l, column: c, offset: maxvalAt)
        }
        if width == 0 || height == 0 { throw .invalidSize(width: width, height: height) }
        if let limit = limits.violation(width: width, height: height) {
            throw .tooLarge(width: width, height: height, limit: limit)
        }
        let samples = width * height * channels
        var values = [Int](repeating: 0, count: 0)
        if binary {
            // Exactly one whitespace byte separates maxval from the raster.
            r.pos += 1
            let bytesPerSample = maxval > 255 ? 2 : 1
            let needed = samples * bytesPerSample
            if r.pos + needed > bytes.count {
                let (l, c) = r.lineColumn(of: bytes.count)
                throw .unexpectedEnd(what: "raster (\(needed) bytes)", line: l, column: c, offset: bytes.count)
            }
            if maxval == 255 {
                return Self.image(width: width, height: height, channels: channels) { i in bytes[r.pos + i] }
            }
            values.reserveCapacity(samples)
            for i in 0..<samples {
                let v = bytesPerSample == 1 ? Int(bytes[r.pos + i])
                    : Int(bytes[r.pos + 2 * i]) << 8 | Int(bytes[r.pos + 2 * i + 1])
                if v > maxval {
                    let o = r.pos + i * bytesPerSample
                    let (l, c) = r.lineColumn(of: o)
                    throw .sampleOutOfRange(v, maxval: maxval, line: l, column: c, offset: o)
                }
                values.append(v)
            }
        } else {
            values.reserveCapacity(samples)
            for i in 0..<samples {
                let at = r.pos
                let v = try r.number("sample \(i)")
                if v > maxval {
                    let o = r.skipToDigit(from: at)
                    let (l, c) = r.lineColumn(of: o)
                    throw .sampleOutOfRange(v, maxval: maxval, line: l, column: c, offset: o)
                }
                values.append(v)
            }
        }
        return Self.image(width: width, height: height, channels: channels) { i in
            UInt8((values[i] * 255 + maxval / 2) / maxval)
        }
    }

    private static func image(width: Int, height: Int, channels: Int, sample: (Int) -> UInt8) -> Image {
        var img = Image(width: width, height: height)
        img.pixels.withUnsafeMutableBufferPointer { p in
            for k in 0..<(width * height) {
                if channels == 3 {
                    p[4 * k] = sample(3 * k); p[4 * k + 1] = sample(3 * k + 1); p[4 * k + 2] = sample(3 * k + 2)
                } else {
                    let g = sample(k)
                    p[4 * k] = g; p[4 * k + 1] = g; p[4 * k + 2] = g
                }
                p[4 * k + 3] = 255
            }
        }
        return img
    }

    /// Encodes with maxval 255.
    ///
    /// - Parameters:
    ///   - image: The pixels (alpha is dropped).
    ///   - format: Which variant to write.
    /// - Returns: The file's bytes.
    /// - Complexity: O(pixels).
    public static func encode(_ image: Image, as format: Format) -> [UInt8] {
        let gray = format == .pgmBinary || format == .pgmASCII
        let magic: String = switch format {
        case .ppmBinary: "P6"
        case .ppmASCII: "P3"
        case .pgmBinary: "P5"
        case .pgmASCII: "P2"
        }
        var out = Array("\(magic)\n\(image.width) \(image.height)\n255\n".utf8)
        let p = image.pixels
        var line = 0
        for k in 0..<(image.width * image.height) {
            let r = Int(p[4 * k]), g = Int(p[4 * k + 1]), b = Int(p[4 * k + 2])
            let samples = gray ? [(299 * r + 587 * g + 114 * b + 500) / 1000] : [r, g, b]
            for s in samples {
                switch format {
                case .ppmBinary, .pgmBinary:
                    out.append(UInt8(s))
                case .ppmASCII, .pgmASCII:
                    // Lines stay under 70 characters, as the format asks.
                    let text = String(s)
                    if line + text.count + 1 > 69 { out.append(10); line = 0 }
                    if line > 0 { out.append(32); line += 1 }
                    out.append(contentsOf: text.utf8)
                    line += text.count
                }
            }
        }
        if format == .ppmASCII || format == .pgmASCII { out.append(10) }
        return out
    }

    /// Header/ASCII tokeniser with line/column reporting.
    struct Reader {
        let bytes: [UInt8]
        var pos = 0

        mutating func skipSpaceAndComments() {
            while pos < bytes.count {
                let b = bytes[pos]
                if b == UInt8(ascii: "#") {
                    while pos < bytes.count && bytes[pos] != 10 && bytes[pos] != 13 { pos += 1 }
                } else if b == 32 || (b >= 9 && b <= 13) {
                    pos += 1
                } else {
                    return
                }
            }
        }

        func skipToDigit(from p: Int) -> Int {
            var r = Reader(bytes: bytes, pos: p)
            r.skipSpaceAndComments()
            return r.pos
        }

        mutating func number(_ what: String) throws(PNMError) -> Int {
            skipSpaceAndComments()
            let start = pos
            if pos >= bytes.count {
                let (l, c) = lineColumn(of: pos)
                throw .unexpectedEnd(what: what, line: l, column: c, offset: pos)
            }
            var v = 0
            while pos < bytes.count, bytes[pos] >= 48, bytes[pos] <= 57 {
                let d = Int(bytes[pos] - 48)
                // At most Int32.max, checked before multiplying: `1 << 31` (the old bound) is
                // Int.min on a 32-bit Int, so every number failed on wasm32, and v * 10 + d
                // must not overflow there.
                if v > (Int(Int32.max) - d) / 10 {
                    let (l, c) = lineColumn(of: start)
                    throw .invalidNumber(what: what, line: l, column: c, offset: start)
                }
                v = v * 10 + d
                pos += 1
            }
            let next = pos < bytes.count ? bytes[pos] : 32
            if pos == start || !(next == 32 || (next >= 9 && next <= 13) || next == UInt8(ascii: "#")) {
                let (l, c) = lineColumn(of: start)
                throw .invalidNumber(what: what, line: l, column: c, offset: start)
            }
            return v
        }

        /// 1-based line and column of byte `offset`. O(offset); only on errors.
        func lineColumn(of offset: Int) -> (Int, Int) {
            var line = 1, col = 1
            for i in 0..<min(offset, bytes.count) {
                if bytes[i] == 10 { line += 1; col = 1 } else { col += 1 }
            }
            return (line, col)
        }
    }
}
