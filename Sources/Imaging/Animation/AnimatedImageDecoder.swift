/// Turns file bytes into an `AnimatedImage`, choosing the decoder by magic bytes.
/// Only metadata is read here; pixels are decoded when a frame is asked for.
public enum AnimatedImageDecoder {
    /// Errors of the format dispatch itself (each decoder has its own typed errors).
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case empty
        case unrecognizedFormat(firstBytes: [UInt8])
        public var description: String {
            switch self {
            case .empty: return "empty file (0 bytes)"
            case .unrecognizedFormat(let b):
                let hex = b.map { x in let s = String(x, radix: 16); return x < 16 ? "0" + s : s }.joined(separator: " ")
                return "not a GIF, PNG or PPM file (first bytes: \(hex))"
            }
        }
    }

    /// Sniffs the format and reads the metadata. O(file size / 255) for GIF (no LZW).
    public static func decode(_ bytes: [UInt8], name: String = "", limits: ImageLimits = .default) throws -> AnimatedImage {
        guard !bytes.isEmpty else { throw Failure.empty }
        guard let format = ImageFormat.sniff(bytes) else {
            throw Failure.unrecognizedFormat(firstBytes: Array(bytes.prefix(8)))
        }
        switch format {
        case .gif:
            return AnimatedImage(source: try GIFImage(bytes: bytes, limits: limits), name: name)
        case .png:
            return AnimatedImage(source: try APNGImage(bytes: bytes, limits: limits), name: name)
        case .ppm:
            return AnimatedImage(source: StillImageSource(try PNMCodec(limits: limits).decode(bytes), formatName: "PPM"), name: name)
        }
    }
}
