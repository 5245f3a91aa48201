/// Writes APNG files: every frame is an fcTL (+ fdAT) with its own rect, delay, dispose
/// and blend ops; frame 0 is also the default image (its data is the IDAT), so plain
/// readers show it. 8-bit RGBA, adaptive filters, real deflate (as `PNGEncoder`).
public struct APNGEncoder: Sendable {
    /// One fcTL frame: pixels, placement on the canvas and the frame's ops.
    public struct Frame: Sendable {
        /// The frame's pixels (its own size; frame 0 must be the canvas's).
        public var image: Image
        /// Left edge on the canvas; the frame must lie inside it.
        public var x: Int
        /// Top edge on the canvas.
        public var y: Int
        /// Stored as `delay_num / delay_den`.
        public var delay: FrameDelay
        /// `dispose_op` (`.unspecified` is written as NONE, like `.keep`).
        public var disposal: FrameDisposal
        /// `blend_op`.
        public var blend: FrameBlend

        /// - Parameters:
        ///   - image: The frame's pixels.
        ///   - x: Left edge on the canvas.
        ///   - y: Top edge on the canvas.
        ///   - delay: Display time (100 ms by default).
        ///   - disposal: What happens to its rect afterwards (`.keep`).
        ///   - blend: How it combines with the canvas (`.source`: it replaces the rect).
        public init(_ image: Image, x: Int = 0, y: Int = 0, delay: FrameDelay = .centiseconds(10),
                    disposal: FrameDisposal = .keep, blend: FrameBlend = .source) {
            self.image = image; self.x = x; self.y = y; self.delay = delay
            self.disposal = disposal; self.blend = blend
        }
    }

    /// The deflate level, 0 (stored) to 9, as zlib's; 6 by default.
    public var compressionLevel: Int

    /// - Parameter compressionLevel: The deflate level, 0 to 9.
    public init(compressionLevel: Int = 6) { self.compressionLevel = compressionLevel }

    /// The canvas is `width x height`; frame 0 must cover it (the APNG rule for a
    /// default image that is also a frame). Frames must lie inside the canvas; a
    /// violation is a programming error and traps (the inputs come from our own recorders).
    ///
    /// - Parameters:
    ///   - width: The canvas width.
    ///   - height: The canvas height.
    ///   - frames: The frames in order; at least one.
    ///   - loopCount: Written as `num_plays` (0 for forever).
    /// - Returns: The APNG file's bytes.
    /// - Complexity: O(pixels of all frames) (deflate's work per byte is bounded by its level).
    public func encode(width: Int, height: Int, frames: [Frame], loopCount: LoopCount) -> [UInt8] {
        precondition(!frames.isEmpty, "an APNG needs a frame")
        precondition(frames[0].x == 0 && frames[0].y == 0 && frames[0].image.width == width && frames[0].image.height == height,
                     "frame 0 must cover the canvas")
        var w = PNGChunkWriter()
        w.append("IHDR", PNGEncoder.ihdr(width: width, height: height, rgba: true))
        w.append("acTL", PNGChunkWriter.be32(frames.count) + PNGChunkWriter.be32(loopCount.storedValue))
        var sequence = 0
        for (i, f) in frames.enumerated() {
            precondition(f.x >= 0 && f.y >= 0 && f.x + f.image.width <= width && f.y + f.image.height <= height,
                         "frame \(i) outside the canvas")
            let dispose: UInt8 = switch f.disposal {
            case .keep, .unspecified: 0
            case .background: 1
            case .previous: 2
            }
            let fctl = PNGChunkWriter.be32(sequence) + PNGChunkWriter.be32(f.image.width) + PNGChunkWriter.be32(f.image.height)
                + PNGChunkWriter.be32(f.x) + PNGChunkWriter.be32(f.y)
                + PNGChunkWriter.be16(f.delay.numerator) + PNGChunkWriter.be16(f.delay.denominator)
                + [dispose, f.blend == .source ? 0 : 1]
            w.append("fcTL", fctl)
            sequence += 1
            let data = PNGEncoder.compressedData(f.image, rgba: true, level: compressionLevel)
            if i == 0 {
                PNGEncoder.appendIDAT(&w, "IDAT", prefix: [], data)
            } else {
                PNGEncoder.appendIDAT(&w, "fdAT", prefix: { defer { sequence += 1 }; return PNGChunkWriter.be32(sequence) }(), data)
            }
        }
        w.append("IEND", [])
        return w.bytes
    }
}
