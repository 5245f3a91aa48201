/// What an image file's header says, read without decoding anything: the format, the
/// canvas size and, where the header states it, the frame count. What `catalog check`
/// and the catalog importers check an image by (issue 26 items 4 and 5: a 35-byte GIF
/// declaring a 10000x10000 canvas cost 400 MB and half a second to decode; its header
/// says so in ten bytes).
///
/// Read: PNG (and APNG) the signature, the IHDR chunk (its length, type and CRC) and,
/// walking chunk headers only up to the first IDAT, `acTL`'s frame count; GIF the
/// signature and the logical screen descriptor (GIF does not state a frame count); PNM
/// the magic and the width and height fields. O(chunks before IDAT) for PNG, O(1)
/// otherwise: no decompression, no pixel buffer.
public struct ImageHeader: Hashable, Sendable, CustomStringConvertible {
    /// The format, from the magic bytes.
    public var format: ImageFormat
    /// Canvas width in pixels, as declared.
    public var width: Int
    /// Canvas height in pixels, as declared.
    public var height: Int
    /// Frames the header declares: APNG's `acTL` count, 1 for a plain PNG or a PNM; nil
    /// for GIF (only a walk of its blocks can tell).
    public var frameCount: Int?

    /// A header as given (tests and the probe build them).
    ///
    /// - Parameters:
    ///   - format: The format.
    ///   - width: The declared canvas width.
    ///   - height: The declared canvas height.
    ///   - frameCount: The declared frame count, nil when the format does not state one.
    public init(format: ImageFormat, width: Int, height: Int, frameCount: Int?) {
        self.format = format; self.width = width; self.height = height; self.frameCount = frameCount
    }

    /// `PNG 64x64`, `APNG 100x100, 8 frames`, `GIF 100x100`.
    public var description: String {
        let name = format == .png && (frameCount ?? 1) > 1 ? "APNG" : format.description
        return "\(name) \(width)x\(height)" + ((frameCount ?? 1) > 1 ? ", \(frameCount!) frames" : "")
    }

    /// Why a header could not be read.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file has no bytes.
        case empty
        /// The magic bytes are none of GIF, PNG or Netpbm; the first (up to) eight are kept.
        case unrecognizedFormat(firstBytes: [UInt8])
        /// The header is cut short or malformed at `offset`.
        case malformed(ImageFormat, offset: Int, reason: String)

        /// The message a user sees, with the byte offset for a malformed header.
        public var description: String {
            switch self {
            case .empty: return "empty file (0 bytes)"
            case .unrecognizedFormat(let b):
                let hex = b.map { x in let s = String(x, radix: 16); return x < 16 ? "0" + s : s }.joined(separator: " ")
                return "not a GIF, PNG or PPM file (first bytes: \(hex))"
            case .malformed(let f, let offset, let reason): return "\(f) header: \(reason) (at byte \(offset))"
            }
        }
    }

    /// Reads the header of `bytes`.
    ///
    /// - Parameter bytes: The file's bytes (only the header is read).
    /// - Returns: The declared format, size and frame count.
    /// - Throws: `Failure` when the format is unknown or its header is cut short or wrong.
    /// - Complexity: O(1), or O(chunks before the first IDAT) for PNG.
    public static func probe(_ bytes: [UInt8]) throws(Failure) -> ImageHeader {
        guard !bytes.isEmpty else { throw .empty }
        guard let format = ImageFormat.sniff(bytes) else { throw .unrecognizedFormat(firstBytes: Array(bytes.prefix(8))) }
        switch format {
        case .gif:
            // "GIF89a", then the logical screen width and height, little-endian.
            guard bytes.count >= 10 else { throw .malformed(.gif, offset: bytes.count, reason: "the file ends inside the screen descriptor") }
            return ImageHeader(format: .gif, width: Int(bytes[6]) | Int(bytes[7]) << 8,
                               height: Int(bytes[8]) | Int(bytes[9]) << 8, frameCount: nil)
        case .png:
            return try png(bytes)
        case .ppm:
            var r = PNMCodec.Reader(bytes: bytes)
            r.pos = 2
            do throws(PNMError) {
                let w = try r.number("width"), h = try r.number("height")
                return ImageHeader(format: .ppm, width: w, height: h, frameCount: 1)
            } catch {
                throw .malformed(.ppm, offset: r.pos, reason: error.description)
            }
        }
    }

    static func png(_ b: [UInt8]) throws(Failure) -> ImageHeader {
        func be32(_ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }
        func type(_ at: Int) -> [UInt8] { Array(b[at..<at + 4]) }
        guard b.count >= 33 else { throw .malformed(.png, offset: b.count, reason: "the file ends inside the IHDR chunk") }
        guard be32(8) == 13, type(12) == Array("IHDR".utf8) else {
            throw .malformed(.png, offset: 8, reason: "the first chunk is not a 13-byte IHDR")
        }
        guard CRC32.checksum(Array(b[12..<29])) == UInt32(be32(29)) else {
            throw .malformed(.png, offset: 29, reason: "IHDR checksum mismatch")
        }
        let width = be32(16), height = be32(20)
        // acTL, when present, precedes the first IDAT: walk chunk headers to there.
        var at = 33, frames = 1
        while at + 8 <= b.count {
            let length = be32(at), kind = type(at + 4)
            if kind == Array("IDAT".utf8) || kind == Array("IEND".utf8) { break }
            if kind == Array("acTL".utf8), length == 8, at + 12 <= b.count { frames = be32(at + 8); break }
            guard length <= b.count - at - 12 else { break } // a cut-off chunk: the decoder says more
            at += 12 + length
        }
        return ImageHeader(format: .png, width: width, height: height, frameCount: frames)
    }

    /// nil when the canvas is within `limits` (width, height, pixels), else why not.
    ///
    /// - Parameter limits: The limits to check against (`ImageLimits.emoji` for a catalog).
    /// - Returns: nil, or a message such as `canvas 10000x10000 exceeds max width 4096`.
    public func violation(of limits: ImageLimits) -> String? {
        limits.violation(width: width, height: height).map { "canvas \(width)x\(height) exceeds \($0)" }
    }
}
