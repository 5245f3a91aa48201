import SimCore

/// An image that may animate: any `AnimatedImageSource` (GIF, APNG, PNG, a still, an
/// image sequence) behind one reference, with the per-frame playback durations computed
/// once and shared by every player.
///
/// No `any AnimatedImageSource` (Embedded Swift has no existentials): the generic
/// initializer reads the source's fixed metadata once (the protocol says it never
/// changes) and keeps closures over the concrete source for what it does on demand
/// (frames, frame info, the issue, releasing memory), so the source lives exactly as long
/// as the image, as before.
///
/// A reference type on purpose: its identity is the `FrameCache` key, and the players
/// of one emoji share one instance (and so one decoder with its checkpoints). Not
/// thread-safe (a simulation runs on one thread).
public final class AnimatedImage {
    /// Where it came from (a resource name or a file path), for messages.
    public let name: String
    /// `frameInfo(at: i).delay.playbackDuration` for every frame, in ticks.
    public let playbackTicks: [Int64]
    /// Sum of `playbackTicks`: one play of the animation.
    public let loopDurationTicks: Int64

    /// The width every composited frame has, in pixels.
    public let canvasWidth: Int
    /// The height every composited frame has, in pixels.
    public let canvasHeight: Int
    /// Frames in one play (at least 1 for every source the decoders produce).
    public let frameCount: Int
    /// How many times it plays in total.
    public let loopCount: LoopCount
    /// The source's format name ("GIF", "APNG", "PNG", "PPM", "sequence", "still").
    public let formatName: String
    private let decode: (Int) throws(AnimationError) -> Image
    private let info: (Int) -> AnimationFrameInfo
    private let currentIssue: () -> AnimationError?
    private let release: () -> Void
    private let retained: () -> Int

    /// Generic and convenience: Embedded Swift allows no generic designated initializer
    /// on a class (it could be overridden); the designated one takes the closures.
    ///
    /// - Parameters:
    ///   - source: The decoder; read once for its metadata, then kept for frames.
    ///   - name: A resource name or path for messages.
    /// - Complexity: O(frames): each frame's delay is read once.
    public convenience init<Source: AnimatedImageSource>(source: Source, name: String = "") {
        self.init(name: name, width: source.canvasWidth, height: source.canvasHeight,
                  frameCount: source.frameCount, loopCount: source.loopCount, formatName: source.formatName,
                  decode: { (index: Int) throws(AnimationError) -> Image in try source.frame(at: index) },
                  info: { source.frameInfo(at: $0) }, issue: { source.issue }, release: { source.releaseMemory() },
                  retained: { source.retainedByteCount })
    }

    private init(name: String, width: Int, height: Int, frameCount: Int, loopCount: LoopCount, formatName: String,
                 decode: @escaping (Int) throws(AnimationError) -> Image, info: @escaping (Int) -> AnimationFrameInfo,
                 issue: @escaping () -> AnimationError?, release: @escaping () -> Void, retained: @escaping () -> Int) {
        self.name = name
        canvasWidth = width
        canvasHeight = height
        self.frameCount = frameCount
        self.loopCount = loopCount
        self.formatName = formatName
        self.decode = decode
        self.info = info
        currentIssue = issue
        self.release = release
        self.retained = retained
        var ticks: [Int64] = []
        ticks.reserveCapacity(frameCount)
        for i in 0..<frameCount { ticks.append(info(i).delay.playbackDuration.ticks) }
        self.playbackTicks = ticks
        self.loopDurationTicks = ticks.reduce(0, +)
    }

    /// A still image as a one-frame animation.
    ///
    /// - Parameters:
    ///   - still: The pixels.
    ///   - name: A resource name or path for messages.
    public convenience init(still: Image, name: String = "") {
        self.init(source: StillImageSource(still), name: name)
    }

    /// True with more than one frame; a one-frame GIF is drawn like a still.
    public var isAnimated: Bool { frameCount > 1 }
    /// The source's non-fatal problem (a GIF cut short whose complete frames play), or nil.
    public var issue: AnimationError? { currentIssue() }
    /// Bytes one composited frame occupies (the cost of a cached frame).
    public var frameByteCount: Int { canvasWidth * canvasHeight * 4 }

    /// The metadata of frame `index` (`0..<frameCount`), without decoding pixels.
    public func frameInfo(at index: Int) -> AnimationFrameInfo { info(index) }

    /// Drops the decoder's working memory (see `AnimatedImageSource.releaseMemory`).
    public func releaseMemory() { release() }

    /// Bytes of decoded state the image holds now (`AnimatedImageSource.retainedByteCount`).
    public var retainedByteCount: Int { retained() }

    /// Decodes (or re-composites) frame `index`. Prefer `FrameCache.frame(of:at:)`,
    /// which shares the result between players.
    ///
    /// - Parameter index: A frame index in `0..<frameCount`.
    /// - Returns: The canvas after that frame, `canvasWidth x canvasHeight`.
    /// - Throws: `AnimationError.frameIndexOutOfRange`, or the source's decoding error.
    /// - Complexity: For a GIF, at most `checkpointInterval` frames are decoded (it keeps
    ///   checkpoint canvases); see each source for its own cost.
    public func frame(at index: Int) throws(AnimationError) -> Image {
        guard index >= 0, index < frameCount else {
            throw AnimationError.frameIndexOutOfRange(index: index, frameCount: frameCount)
        }
        return try decode(index)
    }
}
