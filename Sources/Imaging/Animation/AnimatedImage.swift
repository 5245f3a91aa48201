import SimCore

/// An image that may animate: any `AnimatedImageSource` (GIF, APNG, PNG, a still, an
/// image sequence) behind one reference, with the per-frame playback durations computed
/// once and shared by every player.
///
/// A reference type on purpose: its identity is the `FrameCache` key, and the players
/// of one emoji share one instance (and so one decoder with its checkpoints). Not
/// thread-safe (a simulation runs on one thread).
public final class AnimatedImage {
    public let source: any AnimatedImageSource
    /// Where it came from (a resource name or a file path), for messages.
    public let name: String
    /// `frameInfo(at: i).delay.playbackDuration` for every frame, in ticks.
    public let playbackTicks: [Int64]
    /// Sum of `playbackTicks`: one play of the animation.
    public let loopDurationTicks: Int64

    public init(source: any AnimatedImageSource, name: String = "") {
        self.source = source
        self.name = name
        var ticks: [Int64] = []
        ticks.reserveCapacity(source.frameCount)
        for i in 0..<source.frameCount { ticks.append(source.frameInfo(at: i).delay.playbackDuration.ticks) }
        self.playbackTicks = ticks
        self.loopDurationTicks = ticks.reduce(0, +)
    }

    /// A still image as a one-frame animation.
    public convenience init(still: Image, name: String = "") {
        self.init(source: StillImageSource(still), name: name)
    }

    public var canvasWidth: Int { source.canvasWidth }
    public var canvasHeight: Int { source.canvasHeight }
    public var frameCount: Int { source.frameCount }
    public var loopCount: LoopCount { source.loopCount }
    public var isAnimated: Bool { source.frameCount > 1 }
    public var formatName: String { source.formatName }
    public var issue: AnimationError? { source.issue }
    /// Bytes one composited frame occupies (the cost of a cached frame).
    public var frameByteCount: Int { canvasWidth * canvasHeight * 4 }

    public func frameInfo(at index: Int) -> AnimationFrameInfo { source.frameInfo(at: index) }

    /// Drops the decoder's working memory (see `AnimatedImageSource.releaseMemory`).
    public func releaseMemory() { source.releaseMemory() }

    /// Decodes (or re-composites) frame `index`. Prefer `FrameCache.frame(of:at:)`,
    /// which shares the result between players.
    public func frame(at index: Int) throws(AnimationError) -> Image {
        guard index >= 0, index < source.frameCount else {
            throw AnimationError.frameIndexOutOfRange(index: index, frameCount: source.frameCount)
        }
        return try source.frame(at: index)
    }
}
