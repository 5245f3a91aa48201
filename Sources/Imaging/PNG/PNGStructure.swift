/// The chunk-level structure of a PNG/APNG file: the header, palette and transparency,
/// and where the compressed image data of the default image and of each APNG frame
/// lie in the file. Parsing checks signature, chunk framing, CRCs, IHDR, chunk order
/// and the limits, but decompresses nothing (O(file size) for the CRCs).
struct PNGStructure {
    var header: PNGHeader
    /// Palette as packed RGBA (tRNS alpha applied), for colour type 3.
    var palette: [UInt32]?
    var grayKey: Int?
    var rgbKey: (Int, Int, Int)?
    /// Byte ranges (in the file) of the IDAT payloads, in order.
    var idat: [Range<Int>] = []
    /// APNG chunks, recorded in file order for the animation parser.
    var apngChunks: [(type: UInt32, data: Range<Int>, offset: Int)] = []
    /// File offset of the first IDAT chunk (an fcTL before it makes the default image
    /// the first animation frame).
    var firstIDATOffset = 0
    /// Whether CRCs were checked (and so whether Adler-32 is checked when inflating).
    var verifyChecksums = true

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    static func fourCC(_ s: StaticString) -> UInt32 {
        let p = s.utf8Start
        return UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
    }
    static let IHDR = fourCC("IHDR"), PLTE = fourCC("PLTE"), IDAT = fourCC("IDAT"), IEND = fourCC("IEND")
    static let tRNS = fourCC("tRNS"), acTL = fourCC("acTL"), fcTL = fourCC("fcTL"), fdAT = fourCC("fdAT")

    static func name(_ t: UInt32) -> String {
        var s = ""
        for shift in [24, 16, 8, 0] {
            let b = UInt8((t >> UInt32(shift)) & 0xff)
            if (b >= 65 && b <= 90) || (b >= 97 && b <= 122) {
                s.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                s += "\\x" + (b < 16 ? "0" : "") + String(b, radix: 16)
            }
        }
        return s
    }

    @inline(__always) static func be32(_ p: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(p[at]) << 24 | UInt32(p[at + 1]) << 16 | UInt32(p[at + 2]) << 8 | UInt32(p[at + 3])
    }

    /// `verifyChecksums: false` skips CRC-32 (and later Adler-32) checks, as browsers do;
    /// the fuzz target uses it so mutations reach the decoder instead of failing CRCs.
    static func parse(_ bytes: UnsafeRawBufferPointer, limits: ImageLimits, verifyChecksums: Bool = true) throws(PNGError) -> PNGStructure {
        for i in 0..<8 {
            guard i < bytes.count else { throw .badSignature(offset: i) }
            if bytes[i] != signature[i] { throw .badSignature(offset: i) }
        }
        var pos = 8
        var result: PNGStructure?
        var rawPalette: [(UInt8, UInt8, UInt8)]?
        var paletteOffset = 0
        var alphas: [UInt8]?
        var idatState = 0 // 0 none yet, 1 in the IDAT run, 2 after it
        var chunkIndex = 0
        while true {
            if pos == bytes.count {
                // No IEND: accepted (browsers do) as long as the image data is there.
                break
            }
            guard pos + 8 <= bytes.count else { throw .truncated(what: "a chunk header", offset: pos) }
            // Checked as UInt32 first: `Int(_:)` of a length over 2^31-1 traps on a 32-bit Int.
            let rawLength = be32(bytes, pos)
            let type = be32(bytes, pos + 4)
            let chunkOffset = pos
            if rawLength > 0x7fff_ffff { throw .invalidChunk("length \(rawLength) over 2^31-1", offset: pos) }
            let length = Int(rawLength)
            for shift in [24, 16, 8, 0] {
                let b = (type >> UInt32(shift)) & 0xff
                if !((b >= 65 && b <= 90) || (b >= 97 && b <= 122)) {
                    throw .invalidChunk("chunk type \(name(type)) is not four letters", offset: pos)
                }
            }
            let dataStart = pos + 8
            guard length <= bytes.count - dataStart - 4 else { // no `dataStart + length`: it can overflow 32 bits
                throw .truncated(what: "the \(name(type)) chunk", offset: bytes.count)
            }
            let stored = be32(bytes, dataStart + length)
            let computed = verifyChecksums
                ? CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[(pos + 4)..<(dataStart + length)])) : stored
            let critical = type & 0x2000_0000 == 0
            let isAPNG = type == acTL || type == fcTL || type == fdAT
            pos = dataStart + length + 4
            if stored != computed {
                if critical || isAPNG {
                    throw .badCRC(chunk: name(type), offset: chunkOffset, stored: stored, computed: computed)
                }
                chunkIndex += 1
                continue // a damaged ancillary chunk is dropped, as libpng does
            }
            let data = dataStart..<(dataStart + length)
            if chunkIndex == 0 && type != IHDR { throw .missingIHDR(found: name(type), offset: chunkOffset) }
            chunkIndex += 1
            if idatState == 1 && type != IDAT { idatState = 2 }
            switch type {
            case IHDR:
                if result != nil { throw .chunkOutOfOrder(chunk: "IHDR", offset: chunkOffset, "second IHDR") }
                result = PNGStructure(header: try parseHeader(bytes, data, offset: chunkOffset, limits: limits))
                result?.verifyChecksums = verifyChecksums
            case PLTE:
                guard let r = result else { break }
                if idatState != 0 { throw .chunkOutOfOrder(chunk: "PLTE", offset: chunkOffset, "after IDAT") }
                if rawPalette != nil { throw .chunkOutOfOrder(chunk: "PLTE", offset: chunkOffset, "second PLTE") }
                if r.header.colorType == .grayscale || r.header.colorType == .grayscaleAlpha { break } // not allowed; ignored
                if length % 3 != 0 || length == 0 || length > 768 {
                    throw .invalidPalette("PLTE length \(length) is not 3 x 1...256", offset: chunkOffset)
                }
                if r.header.colorType == .palette && length / 3 > 1 << r.header.bitDepth {
                    throw .invalidPalette("\(length / 3) entries for bit depth \(r.header.bitDepth)", offset: chunkOffset)
                }
                var p: [(UInt8, UInt8, UInt8)] = []
                p.reserveCapacity(length / 3)
                var i = data.lowerBound
                while i < data.upperBound { p.append((bytes[i], bytes[i + 1], bytes[i + 2])); i += 3 }
                rawPalette = p
                paletteOffset = chunkOffset
            case tRNS:
                guard var r = result, idatState == 0 else { break } // after IDAT: ignored
                switch r.header.colorType {
                case .grayscale:
                    if length != 2 { throw .invalidPalette("tRNS length \(length) for gray (2 expected)", offset: chunkOffset) }
                    r.grayKey = Int(bytes[data.lowerBound]) << 8 | Int(bytes[data.lowerBound + 1])
                case .rgb:
                    if length != 6 { throw .invalidPalette("tRNS length \(length) for RGB (6 expected)", offset: chunkOffset) }
                    let b = data.lowerBound
                    r.rgbKey = (Int(bytes[b]) << 8 | Int(bytes[b + 1]), Int(bytes[b + 2]) << 8 | Int(bytes[b + 3]),
                                Int(bytes[b + 4]) << 8 | Int(bytes[b + 5]))
                case .palette:
                    guard let p = rawPalette else {
                        throw .chunkOutOfOrder(chunk: "tRNS", offset: chunkOffset, "before PLTE")
                    }
                    if length > p.count {
                        throw .invalidPalette("tRNS has \(length) entries for \(p.count) palette colours", offset: chunkOffset)
                    }
                    alphas = Array(UnsafeRawBufferPointer(rebasing: bytes[data]))
                case .grayscaleAlpha, .rgba:
                    break // an alpha channel already; tRNS is not allowed and is ignored
                }
                result = r
            case IDAT:
                if idatState == 2 { break } // a second, separated run: ignored (libpng warns)
                if idatState == 0 { result?.firstIDATOffset = chunkOffset }
                idatState = 1
                result?.idat.append(data)
            case IEND:
                break
            case acTL, fcTL, fdAT:
                result?.apngChunks.append((type, data, chunkOffset))
            default:
                if critical { throw .unknownCriticalChunk(name(type), offset: chunkOffset) }
            }
            if type == IEND { break }
        }
        guard var r = result else { throw .truncated(what: "the file before IHDR", offset: bytes.count) }
        if r.idat.isEmpty { throw .missingImageData }
        if r.header.colorType == .palette {
            guard let p = rawPalette else { throw .invalidPalette("colour type 3 without a PLTE chunk", offset: paletteOffset) }
            r.palette = p.enumerated().map { i, c in
                let a = alphas.map { i < $0.count ? UInt32($0[i]) : 255 } ?? 255
                return UInt32(c.0) | UInt32(c.1) << 8 | UInt32(c.2) << 16 | a << 24
            }
        }
        return r
    }

    static func parseHeader(_ b: UnsafeRawBufferPointer, _ data: Range<Int>, offset: Int, limits: ImageLimits) throws(PNGError) -> PNGHeader {
        guard data.count == 13 else { throw .invalidHeader("length \(data.count), expected 13", offset: offset) }
        let s = data.lowerBound
        let w = Int(clamping: be32(b, s)), h = Int(clamping: be32(b, s + 4)) // clamped: 32-bit Int
        let depth = Int(b[s + 8]), ct = Int(b[s + 9])
        if w == 0 || h == 0 || w > 0x7fff_ffff || h > 0x7fff_ffff {
            throw .invalidHeader("size \(w)x\(h)", offset: offset)
        }
        guard let colorType = PNGHeader.ColorType(rawValue: ct) else { throw .invalidColorType(ct, offset: offset) }
        let allowed: [Int] = switch colorType {
        case .grayscale: [1, 2, 4, 8, 16]
        case .palette: [1, 2, 4, 8]
        default: [8, 16]
        }
        if !allowed.contains(depth) { throw .invalidBitDepth(depth, colorType: ct, offset: offset) }
        if b[s + 10] != 0 { throw .invalidHeader("compression method \(b[s + 10])", offset: offset) }
        if b[s + 11] != 0 { throw .invalidHeader("filter method \(b[s + 11])", offset: offset) }
        if b[s + 12] > 1 { throw .invalidHeader("interlace method \(b[s + 12])", offset: offset) }
        if let limit = limits.violation(width: w, height: h) { throw .tooLarge(width: w, height: h, limit: limit) }
        let header = PNGHeader(width: w, height: h, bitDepth: depth, colorType: colorType, interlaced: b[s + 12] == 1)
        // The scanlines are inflated whole before conversion, so an image costs its
        // filtered data (up to 8 bytes a pixel at 16-bit RGBA) plus the RGBA8 output:
        // refuse here, before a zlib bomb is inflated, when that passes the limit.
        let cost = header.filteredDataSize() + w * h * 4
        if cost > limits.maxDecodedBytes {
            throw .tooLarge(width: w, height: h, limit: "max \(limits.maxDecodedBytes) decoded bytes (this image needs \(cost))")
        }
        return header
    }
}
