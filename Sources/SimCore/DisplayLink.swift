/// A CADisplayLink on the virtual clock: calls its targets at every frame boundary
/// (multiples of 1/hz from the clock's start), passing the frame's timestamp.
///
/// Frame instants are computed as `frameIndex * ticksPerSecond / hz` from zero, so a
/// link started at any moment stays on the same frame grid as every other link at that
/// rate and no rounding accumulates.
public final class DisplayLink {
    /// Frames per second; divides `ticksPerSecond`, so every frame falls on a tick.
    public let hz: Int
    /// Between `start()` and `stop()`.
    public private(set) var isRunning = false
    /// Frames delivered since creation.
    public private(set) var frameCount = 0
    private let clock: VirtualClock
    private var timer: VirtualClock.TimerID?
    private var nextFrame: Int64 = 0
    private var targets: [(SimInstant) -> Void] = []
    /// What the pending timer holds instead of `self`: the clock must not keep a dropped link alive.
    private let backref = Backref<DisplayLink>()

    /// A stopped link. Traps when `hz` does not divide the clock's ticks per second
    /// (a programming error: the rates a device has all do).
    ///
    /// - Parameters:
    ///   - clock: The virtual clock whose timers deliver the frames.
    ///   - hz: Frames per second (60 by default; 30, 120 also divide).
    public init(clock: VirtualClock, hz: Int = 60) {
        precondition(hz > 0 && ticksPerSecond % Int64(hz) == 0,
                     "display link rate must divide \(ticksPerSecond) ticks/s (e.g. 30, 60, 120)")
        self.clock = clock
        self.hz = hz
        backref.bind(self)
    }

    deinit { backref.clear() }

    /// Duration of one frame.
    public var frameDuration: SimDuration { SimDuration(ticks: ticksPerSecond / Int64(hz)) }

    /// Adds a callback run at every frame, in the order added, with the frame's instant.
    /// Targets stay for the link's life (an owner that goes away guards with a `Backref`).
    ///
    /// - Parameter target: The per-frame callback.
    public func add(_ target: @escaping (SimInstant) -> Void) { targets.append(target) }

    /// Starts delivering frames from the next frame boundary strictly after `now`.
    public func start() {
        guard !isRunning else { return }
        isRunning = true
        let perFrame = ticksPerSecond / Int64(hz)
        nextFrame = clock.now.ticks / perFrame + 1
        scheduleNext()
    }

    /// Stops delivering frames and cancels the pending one; `start()` resumes on the grid.
    public func stop() {
        isRunning = false
        if let t = timer { clock.cancel(t) }
        timer = nil
    }

    private func scheduleNext() {
        let perFrame = ticksPerSecond / Int64(hz)
        let due = SimInstant(ticks: nextFrame * perFrame)
        timer = clock.schedule(at: due) { [backref] now in
            guard let self = backref.target, self.isRunning else { return }
            self.nextFrame += 1
            self.frameCount += 1
            for t in self.targets { t(now) }
            if self.isRunning { self.scheduleNext() }
        }
    }
}

extension SimInstant {
    /// The first frame strictly after this instant of a display link at `hz`: frames fall
    /// on whole multiples of `SimDuration.frames(1, at: hz)` from zero, as a `DisplayLink`
    /// (and a `CADisplayLink`'s `targetTimestamp`) delivers them, so a port's own loop
    /// sends `frameAction` at the same instants a `Host` does.
    ///
    ///     var next = now.nextFrame(at: 60)    // 0.0167s after .zero, 0.0333s after that
    ///
    /// - Parameter hz: Frames per second; positive and dividing `ticksPerSecond` (30, 60, 120).
    /// - Returns: The frame's instant.
    public func nextFrame(at hz: Int) -> SimInstant {
        precondition(hz > 0 && ticksPerSecond % Int64(hz) == 0, "frame rate must divide \(ticksPerSecond) ticks/s")
        let perFrame = ticksPerSecond / Int64(hz)
        let index = ticks >= 0 ? ticks / perFrame + 1 : -((-ticks - 1) / perFrame)
        return SimInstant(ticks: index * perFrame)
    }
}
