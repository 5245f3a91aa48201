/// The IHDR fields of a PNG (and, for APNG frames, the frame size with the same format).
public struct PNGHeader: Sendable, Equatable {
    /// IHDR's colour type: which samples a pixel has (the raw value is the stored byte).
    public enum ColorType: Int, Sendable {
        /// 0: one grey sample (bit depths 1, 2, 4, 8, 16).
        case grayscale = 0
        /// 2: red, green, blue (8 or 16 bits each).
        case rgb = 2
        /// 3: an index into PLTE (bit depths 1 to 8), alpha from tRNS.
        case palette = 3
        /// 4: grey and alpha (8 or 16 bits each).
        case grayscaleAlpha = 4
        /// 6: red, green, blue and alpha (8 or 16 bits each).
        case rgba = 6

        /// Samples per pixel.
        public var channels: Int {
            switch self {
            case .grayscale, .palette: 1
            case .grayscaleAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// Width in pixels (1 to 2^31 - 1 in a valid file).
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16, as the colour type allows.
    public var bitDepth: Int
    /// Which samples a pixel has.
    public var colorType: ColorType
    /// Adam7 interlacing (seven passes) rather than rows in order.
    public var interlaced: Bool

    /// A header as given; the decoder validates the combination, this does not.
    ///
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - bitDepth: Bits per sample.
    ///   - colorType: The colour type.
    ///   - interlaced: Whether rows are stored in Adam7 order.
    public init(width: Int, height: Int, bitDepth: Int, colorType: ColorType, interlaced: Bool) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.interlaced = interlaced
    }

    var bitsPerPixel: Int { bitDepth * colorType.channels }
    /// The filter's "bpp": bytes per complete pixel, at least 1.
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    func rowBytes(width w: Int) -> Int { (w * bitsPerPixel + 7) / 8 }

    /// Bytes of filtered scanline data (filter byte included) for the whole image,
    /// summed over the Adam7 passes when interlaced.
    func filteredDataSize() -> Int {
        if !interlaced { return height * (1 + rowBytes(width: width)) }
        var total = 0
        for pass in Adam7.passes {
            let (w, h) = pass.size(width: width, height: height)
            if w > 0 && h > 0 { total += h * (1 + rowBytes(width: w)) }
        }
        return total
    }
}

/// The seven Adam7 passes: origin and step in each direction.
enum Adam7 {
    struct Pass {
        let x0, y0, dx, dy: Int
        func size(width: Int, height: Int) -> (Int, Int) {
            ((width - x0 + dx - 1) / dx, (height - y0 + dy - 1) / dy)
        }
    }
    static let passes: [Pass] = [
        Pass(x0: 0, y0: 0, dx: 8, dy: 8), Pass(x0: 4, y0: 0, dx: 8, dy: 8),
        Pass(x0: 0, y0: 4, dx: 4, dy: 8), Pass(x0: 2, y0: 0, dx: 4, dy: 4),
        Pass(x0: 0, y0: 2, dx: 2, dy: 4), Pass(x0: 1, y0: 0, dx: 2, dy: 2),
        Pass(x0: 0, y0: 1, dx: 1, dy: 2),
    ]
}
