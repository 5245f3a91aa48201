/// What went wrong in a zlib (RFC 1950) or raw deflate (RFC 1951) stream, and where:
/// `offset` is the byte offset in the compressed input where the problem was found.
public enum ZlibError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 2-byte zlib header is malformed (bad check bits, method other than 8,
    /// window over 32 KiB, or a preset dictionary, which PNG forbids).
    case invalidHeader(String, offset: Int)
    /// Block type 3 (reserved).
    case invalidBlockType(offset: Int)
    /// A stored block whose LEN and NLEN are not complements.
    case storedLengthMismatch(offset: Int)
    /// Dynamic block code lengths that do not form a usable Huffman code.
    case invalidCodeLengths(String, offset: Int)
    /// A bit pattern that is no code, or a literal/length or distance symbol out of range.
    case invalidSymbol(offset: Int)
    /// A back-reference further than the data produced so far.
    case distanceTooFar(distance: Int, available: Int, offset: Int)
    /// The input ended before the final block (or before the Adler-32 trailer).
    case truncated(offset: Int)
    /// The Adler-32 of the output does not match the trailer.
    case checksumMismatch(expected: UInt32, actual: UInt32, offset: Int)
    /// Decompressing would produce more than the allowed number of bytes.
    case outputLimitExceeded(limit: Int)

    /// The message a user sees, ending in the byte offset.
    public var description: String {
        switch self {
        case let .invalidHeader(why, offset): "invalid zlib header (\(why)) at byte \(offset)"
        case let .invalidBlockType(offset): "reserved deflate block type 3 at byte \(offset)"
        case let .storedLengthMismatch(offset): "stored block LEN/NLEN mismatch at byte \(offset)"
        case let .invalidCodeLengths(why, offset): "invalid Huffman code lengths (\(why)) at byte \(offset)"
        case let .invalidSymbol(offset): "invalid Huffman code or symbol at byte \(offset)"
        case let .distanceTooFar(d, avail, offset):
            "back-reference distance \(d) exceeds the \(avail) bytes produced, at byte \(offset)"
        case let .truncated(offset): "compressed data truncated at byte \(offset)"
        case let .checksumMismatch(e, a, offset):
            "Adler-32 mismatch at byte \(offset): stored \(hex8(e)), computed \(hex8(a))"
        case let .outputLimitExceeded(limit): "decompressed data exceeds the limit of \(limit) bytes"
        }
    }
}

/// 8 lowercase hex digits, zero-padded (no Foundation `String(format:)` in the core).
func hex8(_ v: UInt32) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 8 - s.count) + s
}
