/// Why a PNG (or APNG) could not be decoded, and where: byte offsets are from the start
/// of the file, chunk names are the 4-letter chunk types.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The first 8 bytes are not the PNG signature (`offset` is the first wrong byte).
    case badSignature(offset: Int)
    /// The file ends inside `what` (a chunk header, chunk data, or before any image data).
    case truncated(what: String, offset: Int)
    /// A chunk's stored CRC-32 does not match its type and data.
    case badCRC(chunk: String, offset: Int, stored: UInt32, computed: UInt32)
    /// The first chunk is not IHDR.
    case missingIHDR(found: String, offset: Int)
    /// An IHDR field is invalid (zero or huge size, unknown method, ...).
    case invalidHeader(String, offset: Int)
    /// A colour type outside 0, 2, 3, 4, 6.
    case invalidColorType(Int, offset: Int)
    /// A bit depth that the colour type does not allow.
    case invalidBitDepth(Int, colorType: Int, offset: Int)
    /// A chunk type that is not four ASCII letters, or a length over 2^31 - 1.
    case invalidChunk(String, offset: Int)
    /// A critical chunk this decoder does not know (the spec says: give up).
    case unknownCriticalChunk(String, offset: Int)
    /// A chunk where the spec does not allow it (a second IHDR, PLTE after IDAT, ...).
    case chunkOutOfOrder(chunk: String, offset: Int, String)
    /// A malformed PLTE or tRNS chunk, or colour type 3 without PLTE.
    case invalidPalette(String, offset: Int)
    /// No IDAT chunk before IEND (or the end of the file).
    case missingImageData
    /// The image is larger than the decoder's limits (checked before allocating).
    case tooLarge(width: Int, height: Int, limit: String)
    /// The concatenated IDAT (or fdAT) data is not a valid zlib stream; `offset` is the
    /// file offset of the offending byte.
    case badZlibStream(ZlibError, offset: Int)
    /// The zlib stream ended before all scanlines were produced.
    case imageDataTooShort(expected: Int, actual: Int)
    /// A scanline filter type over 4.
    case invalidFilter(Int, row: Int, pass: Int)
    /// A malformed APNG chunk (acTL, fcTL, fdAT) or frame sequence.
    case invalidAnimation(String, offset: Int)

    /// The message a user sees, naming the chunk and byte offset.
    public var description: String {
        switch self {
        case let .badSignature(o): "not a PNG file: bad signature at byte \(o)"
        case let .truncated(what, o): "truncated file: ends in \(what) at byte \(o)"
        case let .badCRC(c, o, s, comp):
            "bad CRC in \(c) chunk at byte \(o): stored \(hex8(s)), computed \(hex8(comp))"
        case let .missingIHDR(found, o): "missing IHDR: first chunk is \(found) at byte \(o)"
        case let .invalidHeader(why, o): "invalid IHDR at byte \(o): \(why)"
        case let .invalidColorType(t, o): "invalid colour type \(t) in IHDR at byte \(o)"
        case let .invalidBitDepth(d, t, o): "invalid bit depth \(d) for colour type \(t) in IHDR at byte \(o)"
        case let .invalidChunk(why, o): "invalid chunk at byte \(o): \(why)"
        case let .unknownCriticalChunk(c, o): "unknown critical chunk \(c) at byte \(o)"
        case let .chunkOutOfOrder(c, o, why): "\(c) chunk at byte \(o) out of order: \(why)"
        case let .invalidPalette(why, o): "invalid palette at byte \(o): \(why)"
        case .missingImageData: "no IDAT chunk (missing image data)"
        case let .tooLarge(w, h, limit): "image \(w)x\(h) exceeds the limit \(limit)"
        case let .badZlibStream(e, o): "bad zlib stream in image data at byte \(o): \(e)"
        case let .imageDataTooShort(e, a): "image data too short: \(a) of \(e) bytes"
        case let .invalidFilter(f, row, pass):
            "invalid filter type \(f) on row \(row)" + (pass > 0 ? " of Adam7 pass \(pass)" : "")
        case let .invalidAnimation(why, o): "invalid APNG at byte \(o): \(why)"
        }
    }
}
