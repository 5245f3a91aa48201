/// A GIF that cannot be read (or is read only in part): what is wrong and the byte
/// offset in the file where it was found.
public struct GIFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong; the message text comes from `description`.
    public enum Kind: Hashable, Sendable {
        /// The first six bytes are not `GIF87a` or `GIF89a`.
        case notAGIF
        /// The file ends inside `what` (a header, a palette, an extension, image data).
        case truncated(what: String)
        /// The file has neither an image nor a logical screen to show.
        case noFrames
        /// A byte where a block starts is none of 0x21 (extension), 0x2C (image) or 0x3B (trailer).
        case unknownBlock(introducer: UInt8)
        /// An image's LZW minimum code size is outside 1...8 (see `GIFParser` for why not 12).
        case invalidLZWMinimumCodeSize(Int)
        /// A code that is neither in the table nor the next one to be added.
        case invalidLZWCode(code: Int, tableSize: Int)
        /// The screen or a frame is past `ImageLimits`' width, height or pixel limits.
        case imageTooLarge(width: Int, height: Int)
        /// More frames than `ImageLimits.maxFrames`.
        case tooManyFrames(limit: Int)
        /// Decoding every frame would cost more than `ImageLimits.maxDecodedBytes`.
        case decodedBytesLimit(limit: Int)
    }

    /// What is wrong.
    public var kind: Kind
    /// The byte offset in the file where it was found (the start of the block at fault,
    /// or the file's length when it ends early).
    public var offset: Int

    /// - Parameters:
    ///   - kind: What is wrong.
    ///   - offset: Where, in bytes from the start of the file.
    public init(_ kind: Kind, at offset: Int) { self.kind = kind; self.offset = offset }

    /// One line ending in `at byte N`, e.g. `file ends inside image data at byte 812`.
    public var description: String {
        let what: String
        switch kind {
        case .notAGIF: what = "not a GIF file (no GIF87a/GIF89a signature)"
        case .truncated(let w): what = "file ends inside \(w)"
        case .noFrames: what = "no image in the file"
        case .unknownBlock(let b):
            let h = String(b, radix: 16)
            what = "unknown block introducer 0x\(b < 16 ? "0" + h : h)"
        case .invalidLZWMinimumCodeSize(let n): what = "invalid LZW minimum code size \(n) (must be 1 to 8)"
        case .invalidLZWCode(let c, let t): what = "invalid LZW code \(c) (table has \(t) entries)"
        case .imageTooLarge(let w, let h): what = "image size \(w)x\(h) exceeds the limits"
        case .tooManyFrames(let n): what = "more than \(n) frames"
        case .decodedBytesLimit(let n): what = "frames would decode to more than \(n) bytes"
        }
        return "\(what) at byte \(offset)"
    }
}
