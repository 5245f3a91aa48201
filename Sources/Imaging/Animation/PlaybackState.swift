import SimCore

/// The state of one animation's playback as a value, and its transitions: the pure core
/// of `AnimationPlayer` (which adds the image and the shared cache).
///
/// Time is counted in virtual-clock ticks. Each frame shows for its playback duration
/// (`FrameDelay.playbackDuration`: stored delays of 10 ms or less play as 100 ms). A
/// tick moves the playhead by the time since the previous tick:
/// - `.skipFrames` (FLAnimatedImage): the frame index follows the cumulative delays; a
///   late tick jumps over the frames whose time has passed (whole loops at once, so a
///   tick after an hour costs O(frames), not O(hours)).
/// - `.neverSkip` (YYImage, SDWebImage): a tick advances at most one frame; lateness
///   carried into the next frame is capped at that frame's duration, so every frame is
///   shown for at least one tick.
/// When a finite loop count runs out the last frame stays and playback finishes.
public struct PlaybackState: Hashable, Sendable {
    /// How a tick that comes late catches up: `skipFrames` follows the wall of delays
    /// (FLAnimatedImage), `neverSkip` shows every frame for at least one tick (YYImage).
    public enum CatchUpPolicy: Hashable, Sendable {
        /// Follow the cumulative delays; jump over frames whose time has passed.
        case skipFrames
        /// Advance at most one frame a tick.
        case neverSkip
    }

    /// What a tick did, reported in order.
    public enum Event: Hashable, Sendable {
        /// The frame shown changed; the new index (reported once per tick, however many were skipped).
        case frameChanged(Int)
        /// A play of the animation ended; the count of completed plays.
        case loopCompleted(Int)
        /// A finite loop count ran out; the last frame stays.
        case finished
    }

    /// The frame shown now.
    public private(set) var frameIndex = 0
    /// Plays completed since frame 0.
    public private(set) var loopsCompleted = 0
    /// Time spent on the current frame, in ticks.
    public private(set) var elapsedInFrame: Int64 = 0
    /// Whether ticks move the playhead.
    public private(set) var isPlaying = false
    /// Whether a finite loop count ran out.
    public private(set) var isFinished = false
    private var lastTick = SimInstant.zero

    /// Frame 0, stopped.
    public init() {}

    /// Starts (or resumes) at `now`. `reset: true` goes back to frame 0 first; resuming
    /// a finished animation starts it over. Time while stopped never counts.
    ///
    /// - Parameters:
    ///   - now: The instant playback starts from.
    ///   - reset: Whether to go back to frame 0 first.
    public mutating func start(at now: SimInstant, reset: Bool) {
        if reset || isFinished { self.reset() }
        isPlaying = true
        lastTick = now
    }

    /// Accounts time up to `now`, then pauses (frame and position kept).
    ///
    /// - Parameters:
    ///   - now: The instant of the stop.
    ///   - durations: The frames' playback durations in ticks, as for `tick`.
    ///   - loopCount: The animation's loop count.
    ///   - policy: The catch-up policy.
    /// - Returns: The events of the time up to `now`.
    /// - Complexity: O(frames) at most.
    public mutating func stop(at now: SimInstant, durations: [Int64], loopCount: LoopCount,
                              policy: CatchUpPolicy) -> [Event] {
        let events = tick(at: now, durations: durations, loopCount: loopCount, policy: policy)
        isPlaying = false
        return events
    }

    /// Back to frame 0, no loops completed, not playing.
    public mutating func reset() {
        frameIndex = 0
        loopsCompleted = 0
        elapsedInFrame = 0
        isPlaying = false
        isFinished = false
    }

    /// Moves the playhead to `now`. `durations` are the frames' playback durations in
    /// ticks (all positive). Returns what happened, in order.
    ///
    /// - Parameters:
    ///   - now: The instant of the display-link frame.
    ///   - durations: The frames' playback durations in ticks (all positive).
    ///   - loopCount: The animation's loop count (`.times(n)` finishes after n plays).
    ///   - policy: How a late tick catches up.
    /// - Returns: What happened, in order.
    /// - Complexity: O(frames) at most with `.skipFrames` (whole loops are skipped in one
    ///   step); O(1) with `.neverSkip`.
    public mutating func tick(at now: SimInstant, durations: [Int64], loopCount: LoopCount,
                              policy: CatchUpPolicy) -> [Event] {
        guard isPlaying, !isFinished, now > lastTick else { return [] }
        let delta = now.ticks - lastTick.ticks
        lastTick = now
        let count = durations.count
        guard count > 1 else { return [] }
        var events: [Event] = []
        let startFrame = frameIndex
        elapsedInFrame += delta
        let limit: Int? = { if case .times(let n) = loopCount { return max(1, n) } else { return nil } }()

        /// Advances one frame; false when the animation has just finished.
        func step() -> Bool {
            elapsedInFrame -= durations[frameIndex]
            frameIndex += 1
            guard frameIndex == count else { return true }
            loopsCompleted += 1
            events.append(.loopCompleted(loopsCompleted))
            if let n = limit, loopsCompleted >= n {
                frameIndex = count - 1
                elapsedInFrame = 0
                isFinished = true
                isPlaying = false
                return false
            }
            frameIndex = 0
            return true
        }

        switch policy {
        case .skipFrames:
            let loopTicks = durations.reduce(0, +)
            while elapsedInFrame >= durations[frameIndex] {
                if frameIndex == 0 && elapsedInFrame >= 2 * loopTicks {
                    // Whole loops at once, keeping one to play out frame by frame.
                    var k = Int(elapsedInFrame / loopTicks) - 1
                    if let n = limit { k = min(k, n - 1 - loopsCompleted) }
                    if k > 0 {
                        loopsCompleted += k
                        elapsedInFrame -= Int64(k) * loopTicks
                        events.append(.loopCompleted(loopsCompleted))
                    }
                }
                if !step() { break }
            }
        case .neverSkip:
            if elapsedInFrame >= durations[frameIndex] {
                if step() { elapsedInFrame = min(elapsedInFrame, durations[frameIndex]) }
            }
        }
        if frameIndex != startFrame { events.append(.frameChanged(frameIndex)) }
        if isFinished { events.append(.finished) }
        return events
    }
}
