import Imaging

/// Encodes one frame for `emojisim image frames`.
enum ImageFileEncoding {
    struct Unsupported: Error, CustomStringConvertible {
        var format: String
        var description: String { "no \(format) encoder in this build" }
    }

    static func encode(_ image: Image, format: String) throws -> [UInt8] {
        switch format {
        case "ppm":
            // P6 drops alpha: composite over black, as viewers of the framebuffer format do.
            var out = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
            out.reserveCapacity(out.count + image.width * image.height * 3)
            for i in stride(from: 0, to: image.pixels.count, by: 4) {
                let a = Int(image.pixels[i + 3])
                for c in 0..<3 { out.append(UInt8((Int(image.pixels[i + c]) * a + 127) / 255)) }
            }
            return out
        default:
            throw Unsupported(format: format)
        }
    }
}
