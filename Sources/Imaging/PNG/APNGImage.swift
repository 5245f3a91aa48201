/// A PNG or APNG as an `AnimatedImageSource`: metadata first, frames decoded and
/// composited on demand.
///
/// Construction parses the chunks only (signature, CRCs, IHDR, acTL, every fcTL, the
/// fdAT sequence numbers), no decompression: O(file size). A PNG without `acTL` is one
/// frame: the default image, as any PNG reader sees it. Broken animation chunks throw
/// `PNGError.invalidAnimation` (`PNGDecoder` still reads such a file's default image). With `acTL`, the frames
/// are the fcTL frames; the IDAT image is frame 0 only when an fcTL precedes it (else it
/// is the hidden default image, shown by plain readers only).
///
/// `frame(at:)` composites per the APNG spec: the canvas starts transparent black;
/// each frame is drawn with its blend op (SOURCE replaces, OVER alpha-composites
/// non-premultiplied), shown, then disposed (NONE keeps, BACKGROUND clears the rect,
/// PREVIOUS restores it; PREVIOUS on the first frame acts as BACKGROUND). The canvas
/// after the last request is kept, so playing forwards costs one frame decode per
/// frame; going backwards restarts from frame 0. Not thread-safe (one simulation
/// thread, per the protocol).
public final class APNGImage: AnimatedImageSource {
    /// IHDR's width: every frame is composited onto a canvas this wide.
    public let canvasWidth: Int
    /// IHDR's height.
    public let canvasHeight: Int
    /// From acTL's `num_plays`; `.once` for a plain PNG.
    public let loopCount: LoopCount
    /// "APNG" when the file animates, else "PNG".
    public let formatName: String
    /// The header of the file (bit depth, colour type, interlace apply to every frame).
    public let header: PNGHeader

    struct Frame {
        var info: AnimationFrameInfo
        var data: [Range<Int>]
    }

    private let bytes: [UInt8]
    private let structure: PNGStructure
    private let frames: [Frame]
    /// The canvas ready for frame `nextIndex` (earlier frames drawn and disposed).
    private var base: Image
    private var nextIndex = 0

    /// Parses the chunks of a PNG or APNG, checksums included.
    ///
    /// - Parameters:
    ///   - bytes: The file.
    ///   - limits: Checked against IHDR and every fcTL before anything is allocated.
    /// - Throws: `PNGError` for a file that is not a valid PNG or has broken APNG chunks.
    /// - Complexity: O(file size); nothing is decompressed.
    public convenience init(bytes: [UInt8], limits: ImageLimits = .default) throws(PNGError) {
        try self.init(bytes: bytes, limits: limits, animated: true)
    }

    /// With `verifyChecksums: false`, CRC-32 and Adler-32 are not checked (see `PNGDecoder`).

    /// With `animated: false` the file is read as a plain PNG (one frame, the default
    /// image) even when it carries APNG chunks.
    ///
    /// - Parameters:
    ///   - bytes: The file.
    ///   - limits: Size and frame limits.
    ///   - animated: Whether APNG chunks make frames.
    ///   - verifyChecksums: Whether CRC-32s and Adler-32s are checked.
    /// - Throws: `PNGError`, naming the chunk and byte offset.
    /// - Complexity: O(file size).
    public init(bytes: [UInt8], limits: ImageLimits = .default, animated: Bool, verifyChecksums: Bool = true) throws(PNGError) {
        let s = try PNGDecoder.withBytes(bytes) { (raw) throws(PNGError) in
            try PNGStructure.parse(raw, limits: limits, verifyChecksums: verifyChecksums)
        }
        self.bytes = bytes
        self.structure = s
        self.header = s.header
        canvasWidth = s.header.width
        canvasHeight = s.header.height
        let hasACTL = s.apngChunks.contains { $0.type == PNGStructure.acTL }
        if animated && hasACTL {
            let (frames, plays) = try Self.parseAnimation(bytes, s, limits: limits)
            if frames.first?.data != s.idat {
                // The IDAT image is hidden (no fcTL before it) and no frame decodes it, but
                // it is still the file's default image: check that it decodes, so a broken
                // file is refused here and not only by plain PNG readers. Bounded like a frame.
                _ = try PNGDecoder.withBytes(bytes) { (raw) throws(PNGError) in
                    try PNGDecoder.decodeImage(raw, ranges: s.idat, header: s.header, structure: s)
                }
            }
            self.frames = frames
            loopCount = LoopCount(storedValue: plays)
            formatName = "APNG"
        } else {
            frames = [Frame(info: AnimationFrameInfo(rect: PixelRect(x: 0, y: 0, width: s.header.width, height: s.header.height),
                                                     delay: .centiseconds(0), disposal: .keep, blend: .source),
                            data: s.idat)]
            loopCount = .once
            formatName = "PNG"
        }
        base = Image(width: 0, height: 0)
    }

    /// The fcTL frames (1 for a plain PNG).
    public var frameCount: Int { frames.count }

    /// Frame `index`'s fcTL: rect, delay, dispose and blend ops.
    public func frameInfo(at index: Int) -> AnimationFrameInfo { frames[index].info }

    /// The canvas after frame `index`, composited per the APNG spec.
    ///
    /// - Parameter index: A frame index in `0..<frameCount`.
    /// - Throws: `AnimationError.frameIndexOutOfRange`, or `.frameDecodingFailed` when the
    ///   frame's zlib data does not decode.
    /// - Complexity: O(frame pixels) for the next frame; going backwards redecodes
    ///   from frame 0, O(index x canvas).
    public func frame(at index: Int) throws(AnimationError) -> Image {
        guard index >= 0 && index < frames.count else {
            throw AnimationError.frameIndexOutOfRange(index: index, frameCount: frames.count)
        }
        if formatName == "PNG" { return try decodedFrame(0) }
        if index < nextIndex || base.width == 0 {
            base = Image(width: canvasWidth, height: canvasHeight)
            nextIndex = 0
        }
        var shown = base
        while nextIndex <= index {
            let f = frames[nextIndex]
            let pixels = try decodedFrame(nextIndex)
            let saved = f.info.disposal == .previous && nextIndex > 0
                ? base.cropped(x: f.info.rect.x, y: f.info.rect.y, width: f.info.rect.width, height: f.info.rect.height) : nil
            Self.draw(pixels, on: &base, at: f.info.rect, blend: f.info.blend)
            shown = base
            switch f.info.disposal {
            case .keep, .unspecified: break
            case .background: Self.clear(&base, f.info.rect)
            case .previous:
                if let saved { Self.draw(saved, on: &base, at: f.info.rect, blend: .source) } else { Self.clear(&base, f.info.rect) }
            }
            nextIndex += 1
        }
        return shown
    }

    /// `decodeFrame` with its error as the sources' common error type.
    private func decodedFrame(_ index: Int) throws(AnimationError) -> Image {
        do throws(PNGError) { return try decodeFrame(index) } catch { throw .frameDecodingFailed(index: index, error) }
    }

    /// The composited canvas kept between frames (what `releaseMemory` frees).
    public var retainedByteCount: Int { base.byteCount }

    /// Drops the kept canvas (a memory warning); the next request restarts at frame 0.
    public func releaseMemory() {
        base = Image(width: 0, height: 0)
        nextIndex = 0
    }

    /// The decoded pixels of one frame (its own rect size), not composited.
    public func decodeFrame(_ index: Int) throws(PNGError) -> Image {
        let f = frames[index]
        var h = header
        h.width = f.info.rect.width
        h.height = f.info.rect.height
        let s = structure
        let data = f.data
        return try PNGDecoder.withBytes(bytes) { (raw) throws(PNGError) in
            try PNGDecoder.decodeImage(raw, ranges: data, header: h, structure: s)
        }
    }

    static func clear(_ img: inout Image, _ r: PixelRect) {
        let w = img.width
        img.pixels.withUnsafeMutableBufferPointer { p in
            for y in r.y..<r.maxY { (p.baseAddress! + (y * w + r.x) * 4).update(repeating: 0, count: r.width * 4) }
        }
    }

    /// Draws `src` at `r` (same size, inside the canvas) with the APNG blend ops.
    static func draw(_ src: Image, on dst: inout Image, at r: PixelRect, blend: FrameBlend) {
        let w = dst.width
        dst.pixels.withUnsafeMutableBufferPointer { dp in
            src.pixels.withUnsafeBufferPointer { sp in
                for y in 0..<r.height {
                    let d = dp.baseAddress! + ((r.y + y) * w + r.x) * 4
                    let s = sp.baseAddress! + y * r.width * 4
                    if blend == .source { d.update(from: s, count: r.width * 4); continue }
                    for x in 0..<r.width {
                        let sa = Int(s[4 * x + 3])
                        if sa == 0 { continue }
                        if sa == 255 { for k in 0..<4 { d[4 * x + k] = s[4 * x + k] }; continue }
                        // The APNG spec's integer OVER for non-premultiplied RGBA.
                        let u = sa * 255
                        let v = (255 - sa) * Int(d[4 * x + 3])
                        let al = u + v
                        for k in 0..<3 { d[4 * x + k] = UInt8((Int(s[4 * x + k]) * u + Int(d[4 * x + k]) * v) / al) }
                        d[4 * x + 3] = UInt8(al / 255)
                    }
                }
            }
        }
    }

    /// Validates acTL / fcTL / fdAT and groups the frame data. O(chunks).
    static func parseAnimation(_ bytes: [UInt8], _ s: PNGStructure, limits: ImageLimits) throws(PNGError) -> ([Frame], Int) {
        // Through UInt32 and clamped: shifting an Int by 24 goes negative on a 32-bit Int.
        func be32(_ at: Int) -> Int {
            Int(clamping: UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3]))
        }
        func be16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        var declaredFrames = 0, plays = 0
        var frames: [Frame] = []
        var expectedSequence = 0
        var sawACTL = false
        var decodedBytes = 0
        var lastFCTLOffset = 0
        var acTLOffset = 8
        for c in s.apngChunks {
            let d = c.data
            switch c.type {
            case PNGStructure.acTL:
                if sawACTL { throw .invalidAnimation("second acTL", offset: c.offset) }
                if c.offset > s.firstIDATOffset { throw .invalidAnimation("acTL after IDAT", offset: c.offset) }
                if d.count != 8 { throw .invalidAnimation("acTL length \(d.count), expected 8", offset: c.offset) }
                sawACTL = true
                acTLOffset = c.offset
                declaredFrames = be32(d.lowerBound)
                plays = be32(d.lowerBound + 4)
                if declaredFrames == 0 { throw .invalidAnimation("acTL declares 0 frames", offset: c.offset) }
                if declaredFrames > limits.maxFrames {
                    throw .invalidAnimation("\(declaredFrames) frames exceed the limit of \(limits.maxFrames)", offset: c.offset)
                }
            case PNGStructure.fcTL:
                if d.count != 26 { throw .invalidAnimation("fcTL length \(d.count), expected 26", offset: c.offset) }
                let seq = be32(d.lowerBound)
                if seq != expectedSequence {
                    throw .invalidAnimation("sequence number \(seq), expected \(expectedSequence)", offset: c.offset)
                }
                expectedSequence += 1
                if let last = frames.last, last.data.isEmpty {
                    throw .invalidAnimation("frame \(frames.count - 1) has no image data", offset: lastFCTLOffset)
                }
                let w = be32(d.lowerBound + 4), h = be32(d.lowerBound + 8)
                let x = be32(d.lowerBound + 12), y = be32(d.lowerBound + 16)
                let num = be16(d.lowerBound + 20), den = be16(d.lowerBound + 22)
                let dispose = Int(bytes[d.lowerBound + 24]), blendOp = Int(bytes[d.lowerBound + 25])
                if w == 0 || h == 0 || w > s.header.width || h > s.header.height
                    || x > s.header.width - w || y > s.header.height - h {
                    throw .invalidAnimation("frame \(w)x\(h)+\(x)+\(y) outside the \(s.header.width)x\(s.header.height) canvas", offset: c.offset)
                }
                if dispose > 2 { throw .invalidAnimation("dispose_op \(dispose)", offset: c.offset) }
                if blendOp > 1 { throw .invalidAnimation("blend_op \(blendOp)", offset: c.offset) }
                let beforeIDAT = c.offset < s.firstIDATOffset
                if beforeIDAT && (x != 0 || y != 0 || w != s.header.width || h != s.header.height) {
                    throw .invalidAnimation("the first frame (the IDAT image) must cover the canvas", offset: c.offset)
                }
                if frames.count >= declaredFrames {
                    throw .invalidAnimation("more fcTL chunks than the \(declaredFrames) frames of acTL", offset: c.offset)
                }
                // Each frame is decoded (w x h) and composited into the whole canvas;
                // overflow-checked for 32-bit Int.
                let (sum, overflow) = decodedBytes.addingReportingOverflow(
                    ImageLimits.frameCost(frameArea: w * h, canvasArea: s.header.width * s.header.height))
                decodedBytes = sum
                if overflow || decodedBytes > limits.maxDecodedBytes {
                    throw .invalidAnimation("frames decode to more than \(limits.maxDecodedBytes) bytes", offset: c.offset)
                }
                let disposal: FrameDisposal = dispose == 0 ? .keep : dispose == 1 ? .background : .previous
                let info = AnimationFrameInfo(rect: PixelRect(x: x, y: y, width: w, height: h),
                                              delay: FrameDelay(numerator: num, denominator: den),
                                              disposal: frames.isEmpty && disposal == .previous ? .background : disposal,
                                              blend: blendOp == 0 ? .source : .over)
                frames.append(Frame(info: info, data: beforeIDAT ? s.idat : []))
                lastFCTLOffset = c.offset
            default: // fdAT
                if d.count < 4 { throw .invalidAnimation("fdAT length \(d.count)", offset: c.offset) }
                let seq = be32(d.lowerBound)
                if seq != expectedSequence {
                    throw .invalidAnimation("sequence number \(seq), expected \(expectedSequence)", offset: c.offset)
                }
                expectedSequence += 1
                guard let last = frames.last, c.offset > s.firstIDATOffset, last.data != s.idat else {
                    throw .invalidAnimation("fdAT before any frame control", offset: c.offset)
                }
                frames[frames.count - 1].data.append((d.lowerBound + 4)..<d.upperBound)
            }
        }
        if let last = frames.last, last.data.isEmpty {
            throw .invalidAnimation("frame \(frames.count - 1) has no image data", offset: lastFCTLOffset)
        }
        if frames.count != declaredFrames {
            throw .invalidAnimation("acTL declares \(declaredFrames) frames but \(frames.count) fcTL found", offset: acTLOffset)
        }
        return (frames, plays)
    }
}
