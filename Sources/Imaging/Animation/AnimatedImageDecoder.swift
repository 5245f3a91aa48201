/// Turns file bytes into an `AnimatedImage`, choosing the decoder by magic bytes.
/// Only metadata is read here; pixels are decoded when a frame is asked for.
public enum AnimatedImageDecoder {
    /// Errors of the format dispatch itself (each decoder has its own typed errors).
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file has no bytes.
        case empty
        /// The magic bytes are none of GIF, PNG or Netpbm; the first (up to) eight are kept for the message.
        case unrecognizedFormat(firstBytes: [UInt8])
        /// The format's own decoder refused the file (its message says where).
        case gif(GIFError)
        /// The PNG decoder refused the file.
        case png(PNGError)
        /// The Netpbm decoder refused the file.
        case pnm(PNMError)
        /// The message a user sees; the decoders' own messages carry the byte offset.
        public var description: String {
            switch self {
            case .empty: return "empty file (0 bytes)"
            case .gif(let e): return e.description
            case .png(let e): return e.description
            case .pnm(let e): return e.description
            case .unrecognizedFormat(let b):
                let hex = b.map { x in let s = String(x, radix: 16); return x < 16 ? "0" + s : s }.joined(separator: " ")
                return "not a GIF, PNG or PPM file (first bytes: \(hex))"
            }
        }
    }

    /// Sniffs the format and reads the metadata.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - name: A resource name or path for messages.
    ///   - limits: Size, frame and decoding limits checked before anything is allocated.
    /// - Returns: The image, its pixels not yet decoded.
    /// - Throws: `Failure` for an empty or unrecognised file, or the decoder's own refusal.
    /// - Complexity: O(file size / 255) for GIF (no LZW).
    public static func decode(_ bytes: [UInt8], name: String = "", limits: ImageLimits = .default) throws(Failure) -> AnimatedImage {
        guard !bytes.isEmpty else { throw Failure.empty }
        guard let format = ImageFormat.sniff(bytes) else {
            throw Failure.unrecognizedFormat(firstBytes: Array(bytes.prefix(8)))
        }
        switch format {
        case .gif:
            do throws(GIFError) {
                return AnimatedImage(source: try GIFImage(bytes: bytes, limits: limits), name: name)
            } catch { throw .gif(error) }
        case .png:
            do throws(PNGError) {
                return AnimatedImage(source: try APNGImage(bytes: bytes, limits: limits), name: name)
            } catch { throw .png(error) }
        case .ppm:
            do throws(PNMError) {
                return AnimatedImage(source: StillImageSource(try PNMCodec(limits: limits).decode(bytes), formatName: "PPM"), name: name)
            } catch { throw .pnm(error) }
        }
    }
}
