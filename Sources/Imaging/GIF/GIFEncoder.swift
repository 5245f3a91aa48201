/// Writes GIF89a files from RGBA frames.
///
/// Colours: a pixel with alpha below `alphaThreshold` is transparent; all others are
/// opaque (their alpha is dropped). When all frames together have at most 256 colours
/// (255 if any pixel is transparent) they share one exact global palette, so decoding
/// gives back exactly the frames' pixels (transparent ones as 0,0,0,0). Otherwise each
/// frame gets a local palette: exact when that frame allows it, else median cut
/// (`ColorQuantizer`) with nearest-colour mapping, deterministic.
///
/// Frames of an animation with transparency cover the whole canvas and are disposed to
/// the background, so each starts from a clear canvas. Opaque animations keep each
/// frame and, after the first, store only the rectangle that changed (`optimizeFrames`;
/// an unchanged frame stores one pixel, to keep its delay).
public enum GIFEncoder {
    /// One frame to encode: the whole canvas as it should look, and how long it shows.
    public struct Frame: Sendable {
        /// The frame's pixels; every frame of one GIF has the same size.
        public var image: Image
        /// Delay in centiseconds (GIF's unit).
        public var delayCentiseconds: Int
        /// - Parameters:
        ///   - image: The frame's pixels.
        ///   - delayCentiseconds: Its display time, 0 to 65535 centiseconds.
        public init(image: Image, delayCentiseconds: Int) {
            self.image = image
            self.delayCentiseconds = delayCentiseconds
        }
    }

    /// Why frames cannot be written as a GIF (checked before anything is encoded).
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The frame list is empty.
        case noFrames
        /// Frame `index` is not the size of frame 0.
        case frameSizeMismatch(index: Int)
        /// A side is past GIF's 16-bit limit of 65535.
        case tooLarge(width: Int, height: Int)
        /// Frame `index`'s delay is outside 0...65535 centiseconds.
        case delayOutOfRange(index: Int)
        /// The message a user sees, naming the frame at fault.
        public var description: String {
            switch self {
            case .noFrames: return "no frames to encode"
            case .frameSizeMismatch(let i): return "frame \(i) differs in size from frame 0"
            case .tooLarge(let w, let h): return "\(w)x\(h) exceeds GIF's 65535x65535"
            case .delayOutOfRange(let i): return "frame \(i): delay must be 0 to 65535 centiseconds"
            }
        }
    }

    /// Encodes `frames` (same size). `.once` writes no NETSCAPE2.0 block (play once);
    /// `.forever` writes 0; `.times(n)` writes n. `interlaced` stores rows in GIF's
    /// four-pass order. `optimizeFrames`: when no frame has a transparent pixel, frames
    /// after the first store only the bounding box of the pixels that changed (kept
    /// disposal), which is what makes recordings of UI runs small.
    ///
    /// - Parameters:
    ///   - frames: The frames, all the same size.
    ///   - loopCount: How often it plays; forever by default.
    ///   - alphaThreshold: Alpha below this is transparent; at or above, opaque.
    ///   - interlaced: Whether rows are stored in GIF's four-pass order.
    ///   - optimizeFrames: Whether opaque frames after the first store only what changed.
    /// - Returns: The GIF file's bytes.
    /// - Throws: `Failure` for no frames, mismatched sizes, a side past 65535 or a bad delay.
    /// - Complexity: O(pixels of all frames), plus median cut for frames with more than
    ///   256 colours.
    public static func encode(_ frames: [Frame], loopCount: LoopCount = .forever, alphaThreshold: UInt8 = 128,
                              interlaced: Bool = false, optimizeFrames: Bool = true) throws(Failure) -> [UInt8] {
        guard let first = frames.first else { throw Failure.noFrames }
        let w = first.image.width, h = first.image.height
        guard w <= 65535, h <= 65535 else { throw Failure.tooLarge(width: w, height: h) }
        for (i, f) in frames.enumerated() {
            guard f.image.width == w, f.image.height == h else { throw Failure.frameSizeMismatch(index: i) }
            guard (0...65535).contains(f.delayCentiseconds) else { throw Failure.delayOutOfRange(index: i) }
        }
        // Colours of every frame (0xRRGGBB), with transparency marked separately.
        var anyTransparent = false
        var frameColors: [[UInt32]] = []
        var frameHasTransparency: [Bool] = []
        for f in frames {
            var colors = [UInt32](repeating: 0, count: w * h)
            var transparent = false
            f.image.pixels.withUnsafeBufferPointer { p in
                for i in 0..<(w * h) {
                    if p[i * 4 + 3] < alphaThreshold {
                        colors[i] = GIFEncoder.transparentMarker
                        transparent = true
                    } else {
                        colors[i] = UInt32(p[i * 4]) << 16 | UInt32(p[i * 4 + 1]) << 8 | UInt32(p[i * 4 + 2])
                    }
                }
            }
            anyTransparent = anyTransparent || transparent
            frameColors.append(colors)
            frameHasTransparency.append(transparent)
        }

        var out: [UInt8] = Array("GIF89a".utf8)
        out += le16(w) + le16(h)
        // Global palette if exact for all frames.
        var distinct = Set<UInt32>()
        var globalOK = true
        outer: for colors in frameColors {
            for c in colors where c != transparentMarker {
                if distinct.insert(c).inserted && distinct.count > (anyTransparent ? 255 : 256) {
                    globalOK = false
                    break outer
                }
            }
        }
        var global: [UInt32] = []
        if globalOK {
            global = distinct.sorted()
            let (table, bits) = paletteTable(global)
            out += [0x80 | UInt8(bits - 1) << 4 | UInt8(bits - 1), 0, 0]
            out += table
        } else {
            out += [0, 0, 0]
        }
        if loopCount != .once {
            out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + le16(min(loopCount.storedValue, 65535)) + [0]
        }

        var lzw = LZWEncoder()
        var previousShown: [UInt32]? = nil
        for (fi, f) in frames.enumerated() {
            let colors = frameColors[fi]
            let palette: [UInt32]
            if globalOK {
                palette = global
            } else {
                let opaque = colors.filter { $0 != transparentMarker }
                palette = ColorQuantizer.palette(histogram: ColorQuantizer.histogram(opaque),
                                                 maxColors: frameHasTransparency[fi] ? 255 : 256)
            }
            let transparentIndex = frameHasTransparency[fi] ? palette.count : nil
            var lookup: [UInt32: UInt8] = [:]
            for (i, c) in palette.enumerated() { lookup[c] = UInt8(i) }
            var indices = [UInt8](repeating: 0, count: w * h)
            for i in 0..<(w * h) {
                let c = colors[i]
                if c == transparentMarker {
                    indices[i] = UInt8(transparentIndex!)
                } else if let k = lookup[c] {
                    indices[i] = k
                } else {
                    let k = UInt8(ColorQuantizer.nearest(c, in: palette))
                    lookup[c] = k
                    indices[i] = k
                }
            }
            // Opaque animations: after the first frame, store only the rectangle that
            // changed (the rest of the canvas is kept from the frame before).
            var rect = PixelRect(x: 0, y: 0, width: w, height: h)
            if optimizeFrames && !anyTransparent {
                let shown = indices.map { palette[Int($0)] }
                if let prev = previousShown {
                    rect = changedRect(prev, shown, width: w, height: h)
                    var cropped = [UInt8](repeating: 0, count: rect.area)
                    for y in 0..<rect.height {
                        let s = (rect.y + y) * w + rect.x
                        cropped[(y * rect.width)..<(y * rect.width + rect.width)] = indices[s..<(s + rect.width)]
                    }
                    indices = cropped
                }
                previousShown = shown
            }
            // Graphic Control Extension.
            let disposal: UInt8 = frameHasTransparency[fi] ? 2 : 1
            out += [0x21, 0xF9, 4, disposal << 2 | (transparentIndex != nil ? 1 : 0)]
            out += le16(f.delayCentiseconds) + [UInt8(transparentIndex ?? 0), 0]
            // Image descriptor (+ local palette).
            out += [0x2C] + le16(rect.x) + le16(rect.y) + le16(rect.width) + le16(rect.height)
            let interlaceFlag: UInt8 = interlaced ? 0x40 : 0
            if interlaced {
                let rw = rect.width, rh = rect.height
                var stored = [UInt8](repeating: 0, count: rw * rh)
                for n in 0..<rh {
                    let row = GIFImage.interlacedRow(n, height: rh)
                    stored[(n * rw)..<(n * rw + rw)] = indices[(row * rw)..<(row * rw + rw)]
                }
                indices = stored
            }
            let bits: Int
            if globalOK {
                out.append(interlaceFlag)
                bits = paletteTable(global).bits
            } else {
                let entries = palette + (transparentIndex != nil ? [0] : [])
                let (table, b) = paletteTable(entries)
                out.append(0x80 | interlaceFlag | UInt8(b - 1))
                out += table
                bits = b
            }
            let minCode = max(2, bits)
            out.append(UInt8(minCode))
            out += lzw.encode(indices, minCodeSize: minCode)
        }
        out.append(0x3B)
        return out
    }

    /// The bounding box of the pixels that differ (1 x 1 at the origin when none do).
    static func changedRect(_ a: [UInt32], _ b: [UInt32], width w: Int, height h: Int) -> PixelRect {
        var x0 = w, y0 = h, x1 = -1, y1 = -1
        for y in 0..<h {
            let row = y * w
            var x = 0
            while x < w {
                if a[row + x] != b[row + x] {
                    x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
                }
                x += 1
            }
        }
        guard x1 >= 0 else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
        return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    /// Not a 24-bit colour: marks transparent pixels.
    static let transparentMarker: UInt32 = 0x0100_0000

    /// A colour table padded to a power of two (at least 2 entries), with its bit count.
    /// In the global table, one extra slot after the colours serves as transparent index.
    static func paletteTable(_ colors: [UInt32]) -> (table: [UInt8], bits: Int) {
        var bits = 1
        while 1 << bits < colors.count + 1 && bits < 8 { bits += 1 }
        if colors.count == 256 { bits = 8 }
        var t = [UInt8](repeating: 0, count: 3 << bits)
        for (i, c) in colors.enumerated() {
            t[i * 3] = UInt8(c >> 16 & 0xFF); t[i * 3 + 1] = UInt8(c >> 8 & 0xFF); t[i * 3 + 2] = UInt8(c & 0xFF)
        }
        return (t, bits)
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
}
