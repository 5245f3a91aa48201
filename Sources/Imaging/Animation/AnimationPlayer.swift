import SimCore

/// Plays one `AnimatedImage` on the virtual clock: a `PlaybackState` plus the image and
/// the shared `FrameCache`. The owner (a bubble cell, the panel) calls `tick(at:)` on
/// display-link frames while the image is visible, and asks `currentFrame()` for the
/// pixels to draw: the only frame the player ever requests from the cache.
///
/// Cheap to create (a few words, no decoding, no timers): a list can hold thousands.
/// `stop` releases nothing shared (frames stay cached for other players); whether a
/// later `start` resumes or begins again is the caller's choice.
public final class AnimationPlayer {
    /// What a `tick(at:)` or `stop(at:)` reports: frame changes, completed loops, the end.
    public typealias Event = PlaybackState.Event
    /// How a late tick catches up: skip the frames whose time passed, or show each one.
    public typealias CatchUpPolicy = PlaybackState.CatchUpPolicy
    /// Whether `start(at:mode:)` continues from the current frame or begins at frame 0.
    public enum StartMode: Hashable, Sendable {
        /// Keep the frame and the time spent on it.
        case resume
        /// Back to frame 0 first.
        case reset
    }

    /// The animation played; shared with other players of the same emoji.
    public let image: AnimatedImage
    /// Where `currentFrame()` gets its pixels; shared by every player of a screen.
    public let cache: FrameCache
    /// How a late tick catches up, fixed for the player's life.
    public let policy: CatchUpPolicy
    /// The playback value this player drives; see `PlaybackState` for its transitions.
    public private(set) var state = PlaybackState()

    /// A stopped player at frame 0. Decodes nothing.
    ///
    /// - Parameters:
    ///   - image: The animation to play.
    ///   - cache: The shared frame cache `currentFrame()` reads through.
    ///   - policy: How a late tick catches up (`.skipFrames`, as FLAnimatedImage, by default).
    public init(image: AnimatedImage, cache: FrameCache, policy: CatchUpPolicy = .skipFrames) {
        self.image = image
        self.cache = cache
        self.policy = policy
    }

    /// The frame shown now, in `0..<image.frameCount`.
    public var frameIndex: Int { state.frameIndex }
    /// Whether ticks move the playhead (started and neither stopped nor finished).
    public var isPlaying: Bool { state.isPlaying }
    /// Whether a finite loop count ran out; the last frame stays shown.
    public var isFinished: Bool { state.isFinished }
    /// Plays of the whole animation completed since frame 0.
    public var loopsCompleted: Int { state.loopsCompleted }

    /// Starts or resumes playback; time before `now` never counts.
    ///
    /// - Parameters:
    ///   - now: The virtual instant playback starts from.
    ///   - mode: `.resume` (default) keeps the current frame; `.reset` starts at frame 0.
    public func start(at now: SimInstant, mode: StartMode = .resume) {
        state.start(at: now, reset: mode == .reset)
    }

    /// Accounts the time up to `now`, then pauses with the frame kept.
    ///
    /// - Parameter now: The virtual instant of the stop.
    /// - Returns: The events of the time between the last tick and `now`.
    /// - Complexity: O(frames) at most, however late the stop (whole loops are skipped at once).
    @discardableResult
    public func stop(at now: SimInstant) -> [Event] {
        state.stop(at: now, durations: image.playbackTicks, loopCount: image.loopCount, policy: policy)
    }

    /// Back to frame 0, no loops completed, stopped. The cached frames are kept.
    public func reset() { state.reset() }

    /// Moves the playhead to `now` (a display-link frame).
    ///
    /// - Parameter now: The virtual instant of the frame; an instant not after the last tick
    ///   changes nothing.
    /// - Returns: What happened, in order (`frameChanged`, `loopCompleted`, `finished`).
    /// - Complexity: O(frames) at most with `.skipFrames`; O(1) with `.neverSkip`.
    @discardableResult
    public func tick(at now: SimInstant) -> [Event] {
        state.tick(at: now, durations: image.playbackTicks, loopCount: image.loopCount, policy: policy)
    }

    /// The frame to show now, through the shared cache.
    ///
    /// - Returns: The composited canvas after frame `frameIndex`.
    /// - Throws: `AnimationError` when the frame does not decode.
    /// - Complexity: O(1) on a cache hit; a miss decodes (see the image's source).
    public func currentFrame() throws(AnimationError) -> Image {
        try cache.frame(of: image, at: state.frameIndex)
    }
}
