/// Image formats recognised by their first bytes (never by file name).
public enum ImageFormat: String, Hashable, Sendable, CustomStringConvertible {
    /// GIF87a or GIF89a.
    case gif
    /// PNG, including APNG (an APNG is a PNG with an `acTL` chunk; the PNG decoder tells).
    case png
    /// Netpbm: P3/P6 pixmaps and P2/P5 greymaps.
    case ppm

    /// The format of `bytes`, or nil when the magic bytes match none.
    ///
    /// - Parameter bytes: The file's bytes (only the first eight are read).
    /// - Returns: The format, or nil.
    /// - Complexity: O(1).
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.count >= 6, bytes[0] == 0x47, bytes[1] == 0x49, bytes[2] == 0x46, bytes[3] == 0x38,
           bytes[4] == 0x37 || bytes[4] == 0x39, bytes[5] == 0x61 {
            return .gif
        }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.count >= 8, Array(bytes[0..<8]) == png { return .png }
        if bytes.count >= 2, bytes[0] == 0x50, [0x32, 0x33, 0x35, 0x36].contains(bytes[1]) { return .ppm }
        return nil
    }

    /// The name in capitals: "GIF", "PNG", "PPM".
    public var description: String { rawValue.uppercased() }
}
