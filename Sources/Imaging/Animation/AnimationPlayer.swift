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
    public typealias Event = PlaybackState.Event
    public typealias CatchUpPolicy = PlaybackState.CatchUpPolicy
    public enum StartMode: Hashable, Sendable { case resume, reset }

    public let image: AnimatedImage
    public let cache: FrameCache
    public let policy: CatchUpPolicy
    public private(set) var state = PlaybackState()

    public init(image: AnimatedImage, cache: FrameCache, policy: CatchUpPolicy = .skipFrames) {
        self.image = image
        self.cache = cache
        self.policy = policy
    }

    public var frameIndex: Int { state.frameIndex }
    public var isPlaying: Bool { state.isPlaying }
    public var isFinished: Bool { state.isFinished }
    public var loopsCompleted: Int { state.loopsCompleted }

    public func start(at now: SimInstant, mode: StartMode = .resume) {
        state.start(at: now, reset: mode == .reset)
    }

    @discardableResult
    public func stop(at now: SimInstant) -> [Event] {
        state.stop(at: now, durations: image.playbackTicks, loopCount: image.loopCount, policy: policy)
    }

    public func reset() { state.reset() }

    @discardableResult
    public func tick(at now: SimInstant) -> [Event] {
        state.tick(at: now, durations: image.playbackTicks, loopCount: image.loopCount, policy: policy)
    }

    /// The frame to show now, through the shared cache.
    public func currentFrame() throws(AnimationError) -> Image {
        try cache.frame(of: image, at: state.frameIndex)
    }
}
