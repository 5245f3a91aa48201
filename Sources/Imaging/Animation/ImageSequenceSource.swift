/// A sequence of still images shown one after another with one delay: the seeds'
/// `png_sequence` emoji. Each still is itself an `AnimatedImage` (so it is decoded
/// lazily, when its frame is first asked for); its first frame is used.
///
/// The canvas is as large as the largest still; a smaller still is centred (rounding
/// left/up), transparent around it. Every frame replaces the canvas (no accumulation).
public final class ImageSequenceSource: AnimatedImageSource {
    /// The frames in order; each is decoded on first use and its first frame shown.
    public let stills: [AnimatedImage]
    /// The one delay every frame shows for.
    public let delay: FrameDelay
    /// How often the sequence plays (forever for the seeds' `png_sequence`).
    public let loopCount: LoopCount
    /// The widest still's width.
    public let canvasWidth: Int
    /// The tallest still's height.
    public let canvasHeight: Int
    /// The `formatName` of every sequence (how `ImageLibrary` refuses nested sequences
    /// without a dynamic cast).
    public static let formatName = "sequence"
    /// Always `ImageSequenceSource.formatName`.
    public var formatName: String { Self.formatName }

    /// A sequence over already-opened stills (nothing is decoded here).
    ///
    /// - Parameters:
    ///   - stills: The frames in order; each one's canvas size counts, its pixels come later.
    ///   - delay: Every frame's delay.
    ///   - loopCount: How often it plays; forever by default.
    /// - Throws: `AnimationError.emptySequence` when `stills` is empty.
    /// - Complexity: O(stills).
    public init(stills: [AnimatedImage], delay: FrameDelay, loopCount: LoopCount = .forever) throws(AnimationError) {
        guard !stills.isEmpty else { throw AnimationError.emptySequence }
        self.stills = stills
        self.delay = delay
        self.loopCount = loopCount
        self.canvasWidth = stills.map({ $0.canvasWidth }).max() ?? 0
        self.canvasHeight = stills.map({ $0.canvasHeight }).max() ?? 0
    }

    /// The number of stills.
    public var frameCount: Int { stills.count }

    /// Still `index` centred on the canvas, replacing it (`.background` disposal, `.source`
    /// blend). `index` must be in range: this metadata call traps otherwise.
    public func frameInfo(at index: Int) -> AnimationFrameInfo {
        let s = stills[index]
        let x = (canvasWidth - s.canvasWidth) / 2, y = (canvasHeight - s.canvasHeight) / 2
        return AnimationFrameInfo(rect: PixelRect(x: x, y: y, width: s.canvasWidth, height: s.canvasHeight),
                                  delay: delay, disposal: .background, blend: .source)
    }

    /// Still `index` on the canvas, transparent around a smaller still.
    ///
    /// - Parameter index: A frame index in `0..<frameCount`.
    /// - Returns: A `canvasWidth x canvasHeight` image.
    /// - Throws: `AnimationError.frameIndexOutOfRange`, or the still's own decoding error.
    /// - Complexity: O(canvas pixels) plus the still's decode the first time.
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
