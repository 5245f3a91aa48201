/// A sequence of still images shown one after another with one delay: the seeds'
/// `png_sequence` emoji. Each still is itself an `AnimatedImage` (so it is decoded
/// lazily, when its frame is first asked for); its first frame is used.
///
/// The canvas is as large as the largest still; a smaller still is centred (rounding
/// left/up), transparent around it. Every frame replaces the canvas (no accumulation).
public final class ImageSequenceSource: AnimatedImageSource {
    public let stills: [AnimatedImage]
    public let delay: FrameDelay
    public let loopCount: LoopCount
    public let canvasWidth: Int
    public let canvasHeight: Int
    /// The `formatName` of every sequence (how `ImageLibrary` refuses nested sequences
    /// without a dynamic cast).
    public static let formatName = "sequence"
    public var formatName: String { Self.formatName }

    public init(stills: [AnimatedImage], delay: FrameDelay, loopCount: LoopCount = .forever) throws(AnimationError) {
        guard !stills.isEmpty else { throw AnimationError.emptySequence }
        self.stills = stills
        self.delay = delay
        self.loopCount = loopCount
        self.canvasWidth = stills.map({ $0.canvasWidth }).max() ?? 0
        self.canvasHeight = stills.map({ $0.canvasHeight }).max() ?? 0
    }

    public var frameCount: Int { stills.count }

    public func frameInfo(at index: Int) -> AnimationFrameInfo {
        let s = stills[index]
        let x = (canvasWidth - s.canvasWidth) / 2, y = (canvasHeight - s.canvasHeight) / 2
        return AnimationFrameInfo(rect: PixelRect(x: x, y: y, width: s.canvasWidth, height: s.canvasHeight),
                                  delay: delay, disposal: .background, blend: .source)
    }

    public func frame(at index: Int) throws(AnimationError) -> Image {
        guard index >= 0, index < stills.count else {
            throw AnimationError.frameIndexOutOfRange(index: index, frameCount: stills.count)
        }
        let still = try stills[index].frame(at: 0)
        if still.width == canvasWidth && still.height == canvasHeight { return still }
        var canvas = Image(width: canvasWidth, height: canvasHeight)
        let r = frameInfo(at: index).rect
        for row in 0..<still.height {
            let s = row * still.width * 4
            let d = ((r.y + row) * canvasWidth + r.x) * 4
            canvas.pixels.replaceSubrange(d..<(d + still.width * 4), with: still.pixels[s..<(s + still.width * 4)])
        }
        return canvas
    }
}
