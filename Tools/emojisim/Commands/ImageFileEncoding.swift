import Imaging

/// Encodes one frame for `emojisim image frames`.
enum ImageFileEncoding {
    static func encode(_ image: Image, format: String) -> [UInt8] {
        switch format {
        case "ppm":
            // P6 has no alpha: composite over black, as a framebuffer shows it.
            var flat = image
            for i in stride(from: 0, to: flat.pixels.count, by: 4) where flat.pixels[i + 3] != 255 {
                let a = Int(flat.pixels[i + 3])
                for c in 0..<3 { flat.pixels[i + c] = UInt8((Int(flat.pixels[i + c]) * a + 127) / 255) }
                flat.pixels[i + 3] = 255
            }
            return PNMCodec.encode(flat, as: .ppmBinary)
        default:
            return PNGEncoder().encode(image)
        }
    }
}
