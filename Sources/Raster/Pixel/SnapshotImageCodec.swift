import Imaging

/// Reads and writes the image files snapshots and `emojisim diff` use (PNG, PPM),
/// through Imaging's codecs. Every encode and decode of a rendered image goes through
/// here, so the format choices (opaque RGB, compression level 9) live in one place.
public enum SnapshotImageCodec {
    /// The snapshot image formats; the raw value is the file extension.
    public enum Format: String, Hashable, Sendable {
        /// 8-bit RGB PNG.
        case png
        /// Binary PPM (P6).
        case ppm
    }

    /// A decoding failure: what the codec reported.
    public struct DecodeError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The format and the codec's message, e.g. `PNG: IHDR checksum mismatch at byte 29`.
        public var message: String
        /// A failure with its message.
        public init(_ message: String) { self.message = message }
        /// The message.
        public var description: String { message }
    }

    /// Size limits applied when decoding untrusted files.
    public static let limits = ImageLimits(maxWidth: 16_384, maxHeight: 16_384, maxPixels: 64_000_000, maxFrames: 1)

    /// Encodes a render (opaque: alpha is dropped).
    ///
    /// - Parameters:
    ///   - image: The render.
    ///   - format: PNG or PPM.
    /// - Returns: The file's bytes.
    /// - Complexity: O(pixels), plus deflate for PNG.
    public static func encode(_ image: Image, as format: Format) -> [UInt8] {
        switch format {
        case .png: encodePNG(image)
        case .ppm: encodePPM(image)
        }
    }

    /// The format from the file's signature (PNG; PPM/PGM `P6`, `P3`, `P5`, `P2`), nil
    /// when it is neither.
    public static func sniff(_ bytes: [UInt8]) -> Format? {
        if bytes.count >= 8 && bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.count >= 2 && bytes[0] == UInt8(ascii: "P") && [UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "5"), UInt8(ascii: "6")].contains(bytes[1]) {
            return .ppm
        }
        return nil
    }

    /// Decodes a reference or actual image, by its signature, within `limits`.
    ///
    /// - Parameter bytes: The file's bytes.
    /// - Returns: The pixels.
    /// - Throws: `DecodeError` for an unknown signature or a file the codec refuses.
    /// - Complexity: O(file size + pixels).
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> Image {
        switch sniff(bytes) {
        case .png:
            do { return try PNGDecoder(limits: limits).decode(bytes) } catch { throw DecodeError("PNG: \(error)") }
        case .ppm:
            do { return try PNMCodec(limits: limits).decode(bytes) } catch { throw DecodeError("PPM: \(error)") }
        case nil:
            throw DecodeError("not a PNG or PPM file (unknown signature)")
        }
    }

    /// Binary PPM (P6, maxval 255); alpha is dropped (renders are opaque).
    public static func encodePPM(_ image: Image) -> [UInt8] {
        PNMCodec.encode(image, as: .ppmBinary)
    }

    /// 8-bit RGB PNG, deflate level 9 with adaptive filters (renders are opaque).
    public static func encodePNG(_ image: Image) -> [UInt8] {
        PNGEncoder(colorMode: .rgb, compressionLevel: 9).encode(image)
    }
}
