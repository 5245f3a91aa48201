import SimCore
import Interaction

/// The one way to drive a simulation: touches synthesized at one touch rate and
/// delivered at their exact virtual instants, and time that runs in step with the
/// subject's display link. Scenario scripts (`ScenarioDriver`), the monkey and the test
/// rigs all go through it, so a test and a script behave the same.
///
/// ## Time
/// - `pump(_:)` lets a duration pass; frames run on the way. While the subject is idle
///   (nothing in `motion`, no finger down) and it has a `frameLink`, the link is stopped
///   and the clock jumps to the next timer (or the end), so an idle hour costs its
///   timers, not 216,000 frames. Idle frames change nothing but the looping GIFs, whose
///   players read the clock, so the state after the jump is the state after the frames.
/// - `pumpUntilIdle(limit:)` runs frame by frame until `motion` is empty, and fails after
///   `limit` (default `TesterDefaults.idleLimit`) naming what still moves.
/// - `synchronize()` is what `timing auto` does before an action on a target, an
///   expectation or a snapshot: `pumpUntilIdle` unless a finger is down (then time moves
///   only by explicit pumps) or the timing is manual.
///
/// ## Touches
/// Every gesture starts at `clock.now` and returns with the clock at its last touch.
/// Touches use a fresh touch id each. O(samples) per gesture.
///
/// Invariant: at most one finger of `press`/`move` is down at a time (`finger`).
public final class Tester<Subject: Testable> {
    /// What the Tester drives.
    public let subject: Subject
    /// Whether time passes on its own before actions, expectations and snapshots.
    public var timing: TimingMode
    /// Touch samples per second; must divide the clock's ticks per second (60, 120).
    public var touchRate: Int
    /// Where the finger of `press`/`move` is, while it is down.
    public private(set) var finger: Point?
    private var fingerID = 0
    private var nextTouchID = 1
    /// Called with every touch right after the subject handled it (a step log, a
    /// recorder); nil by default.
    public var touchObserver: ((TouchEvent) -> Void)?

    /// A Tester over a subject, with no finger down.
    ///
    /// - Parameters:
    ///   - subject: What to drive.
    ///   - timing: `.auto` (settle before each action) or `.manual`.
    ///   - touchRate: Touch samples per second; must divide the clock's ticks per second.
    public init(_ subject: Subject, timing: TimingMode = .auto, touchRate: Int = TesterDefaults.touchRate) {
        self.subject = subject
        self.timing = timing
        self.touchRate = touchRate
    }

    /// The subject's clock.
    public var clock: VirtualClock { subject.clock }
    /// The subject's clock's current instant.
    public var now: SimInstant { subject.clock.now }

    /// One frame of the subject's display link (1/60 s when it has none).
    public var frameDuration: SimDuration {
        subject.frameLink?.frameDuration ?? .frames(1, at: TesterDefaults.frameRate)
    }

    /// A synthesizer for the next gesture, with a touch id of its own.
    public func synthesizer() -> TouchSynthesizer {
        nextTouchID += 1
        return TouchSynthesizer(hz: touchRate, touchID: nextTouchID)
    }

    // MARK: time

    /// Lets `duration` of virtual time pass; returns the frames that ran and what still
    /// moves at the end.
    /// - Complexity: O(frames while moving + timers while idle): an idle stretch jumps
    ///   from timer to timer instead of running frames.
    @discardableResult
    public func pump(_ duration: SimDuration) -> PumpReport {
        let start = now
        let end = start + duration
        var frames = 0
        let per = frameDuration.ticks
        while now < end {
            if let link = subject.frameLink, finger == nil, !subject.hasFingerDown, subject.motion.isEmpty {
                guard link.isRunning else {
                    // A host whose model needs no frames stopped its link: nothing runs
                    // before the next timer.
                    clock.advance(to: min(end, clock.nextDue ?? end))
                    continue
                }
                // Idle: stop the link, jump to just before the last frame boundary before
                // the next timer (no timer fires on the way), restart the link, and let that
                // one frame and the timer run.
                link.stop()
                let jump = min(end, clock.nextDue ?? end)
                let boundary = SimInstant(ticks: jump.ticks / per * per)
                let ranFrame = boundary > now
                if ranFrame && boundary.ticks - 1 > now.ticks { clock.advance(to: SimInstant(ticks: boundary.ticks - 1)) }
                link.start()
                clock.advance(to: jump)
                if ranFrame { frames += 1 }
                continue
            }
            let next = min(end, SimInstant(ticks: (now.ticks / per + 1) * per))
            if next.ticks % per == 0 { frames += 1 }
            clock.advance(to: next)
        }
        return PumpReport(frames: frames, elapsed: now - start, stillMoving: subject.motion)
    }

    /// Advances to the next frame boundary of the subject's display link, so that
    /// frame runs, and no further: how a test looks at every frame of an animation
    /// (`pump(frameDuration)` from between two frames ends between two frames too).
    /// Nothing is skipped while idle. Returns the one frame and what still moves.
    @discardableResult
    public func pumpToNextFrame() -> PumpReport {
        let start = now
        let per = frameDuration.ticks
        clock.advance(to: SimInstant(ticks: (now.ticks / per + 1) * per))
        return PumpReport(frames: 1, elapsed: now - start, stillMoving: subject.motion)
    }

    /// Runs frame by frame until nothing moves; throws after `limit` of virtual time.
    /// - Complexity: O(frames until idle).
    @discardableResult
    public func pumpUntilIdle(limit: SimDuration = TesterDefaults.idleLimit) throws(TesterError) -> PumpReport {
        let start = now
        let deadline = start + limit
        let frame = frameDuration
        var frames = 0
        // Steps of one frame from `now` (not to frame boundaries): a frame boundary is
        // crossed at every step, and the instant reached keeps the phase of the action
        // before, as UIKit's run loop returns to the caller between frames.
        while true {
            let moving = subject.motion
            if moving.isEmpty { return PumpReport(frames: frames, elapsed: now - start) }
            guard now < deadline else { throw .notIdle(after: limit, moving: moving) }
            clock.advance(by: frame)
            frames += 1
        }
    }

    /// What `timing auto` does before an action on a target, an expectation or a
    /// snapshot; nothing in manual timing or while a finger is down.
    @discardableResult
    public func synchronize() throws(TesterError) -> PumpReport {
        guard timing == .auto, finger == nil else { return PumpReport(stillMoving: subject.motion) }
        return try pumpUntilIdle()
    }

    // MARK: touches

    /// Delivers touches at their timestamps (the clock advances to each first).
    public func deliver(_ touches: [TouchEvent]) {
        for t in touches {
            if t.timestamp > now { clock.advance(to: t.timestamp) }
            subject.handle(t)
            touchObserver?(t)
        }
    }

    private func checked(_ p: Point) throws(TesterError) -> Point {
        let b = subject.bounds
        guard p.x.isFinite, p.y.isFinite, p.x >= b.minX, p.y >= b.minY, p.x < b.maxX, p.y < b.maxY else {
            throw .outside(p, bounds: b)
        }
        return p
    }

    private func requireNoFinger() throws(TesterError) {
        if finger != nil { throw .finger("a finger is still down from 'press' (release or cancel it first)") }
    }

    /// Down at `p`, up after `hold` without moving.
    public func tap(at p: Point, hold: SimDuration = TesterDefaults.tapHold) throws(TesterError) {
        try requireNoFinger()
        try synchronize()
        deliver(synthesizer().tap(at: try checked(p), start: now, hold: hold))
    }

    /// Down at `p`, held still for `hold`, then up.
    public func longPress(at p: Point, for hold: SimDuration = TesterDefaults.longPressHold) throws(TesterError) {
        try requireNoFinger()
        try synchronize()
        deliver(synthesizer().longPress(at: try checked(p), start: now, hold: hold))
    }

    /// A finger goes down at `p` and stays down until `release` or `cancel`.
    public func press(at p: Point) throws(TesterError) {
        try requireNoFinger()
        try synchronize()
        let s = synthesizer()
        let at = try checked(p)
        fingerID = s.touchID
        deliver([TouchEvent(id: fingerID, phase: .began, location: at, timestamp: now)])
        finger = at
    }

    /// The finger of `press` glides to `to` in a straight line over `duration`, one
    /// sample per touch period.
    public func move(to: Point, over duration: SimDuration = TesterDefaults.moveDuration) throws(TesterError) {
        guard let from = finger else { throw .finger("move needs a finger down (press first)") }
        guard to.x.isFinite, to.y.isFinite else { throw .outside(to, bounds: subject.bounds) }
        let period = SimDuration.frames(1, at: touchRate)
        let steps = max(1, Int(duration.ticks / period.ticks))
        let start = now
        var events: [TouchEvent] = []
        events.reserveCapacity(steps)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            let p = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            events.append(TouchEvent(id: fingerID, phase: .moved, location: p,
                                     timestamp: start + SimDuration(ticks: duration.ticks * Int64(i) / Int64(steps))))
        }
        deliver(events)
        finger = to
    }

    /// Lifts the finger of `press` where it is.
    public func release() throws(TesterError) { try lift(.ended, "release") }
    /// Cancels the finger of `press` (the system took the touch).
    public func cancel() throws(TesterError) { try lift(.cancelled, "cancel") }

    private func lift(_ phase: TouchEvent.Phase, _ what: String) throws(TesterError) {
        guard let at = finger else { throw .finger("\(what) needs a finger down (press first)") }
        deliver([TouchEvent(id: fingerID, phase: phase, location: at, timestamp: now)])
        finger = nil
    }

    /// Down at `p`, along (dx, dy) at constant speed over `duration`, a rest of
    /// `TesterDefaults.dragRest` (the tracker reads a stopped finger: no fling), up.
    public func drag(from p: Point, by offset: Point, over duration: SimDuration = TesterDefaults.dragDuration) throws(TesterError) {
        try requireNoFinger()
        try synchronize()
        let a = try checked(p)
        deliver(synthesizer().drag(along: [a, a + offset], start: now, duration: duration, pause: TesterDefaults.dragRest))
    }

    /// An honest flick from `p` along `travel` (`SwipePlan`): the finger travels exactly
    /// the length of `travel` and ends with three samples at `velocity` pt/s, lifting
    /// while moving. Throws `.swipe` when the plan is impossible (too short for the
    /// velocity at the touch rate, out of range); it is never lengthened.
    public func swipe(from p: Point, travel: Point, velocity: Double) throws(TesterError) {
        try requireNoFinger()
        let plan = try swipePlan(travel: travel, velocity: velocity)
        try synchronize()
        let a = try checked(p)
        deliver(plan.touches(from: a, start: now, id: synthesizer().touchID))
    }

    /// The plan of a flick along `travel` at `velocity` at this Tester's touch rate.
    public func swipePlan(travel: Point, velocity: Double) throws(TesterError) -> SwipePlan {
        let distance = (travel.x * travel.x + travel.y * travel.y).squareRoot()
        do throws(SwipeError) {
            return try SwipePlan(direction: travel, distance: distance, velocity: velocity, touchRate: touchRate)
        } catch {
            throw .swipe(error)
        }
    }

    /// A start point for a swipe or drag of `travel` on `region` (both in the subject's
    /// coordinates) that keeps the whole path inside `bounds` inset by one point: the
    /// region's centre when the path fits from there, else the point of the region
    /// nearest to it that fits. Throws when no point of the region fits.
    public func startPoint(in region: Rect, travel: Point) throws(TesterError) -> Point {
        let screen = subject.bounds.insetBy(dx: 1, dy: 1)
        func axis(_ lo: Double, _ hi: Double, _ centre: Double, _ d: Double, _ sLo: Double, _ sHi: Double) -> Double? {
            // Start s with s in [lo, hi] and s, s + d in [sLo, sHi].
            let a = max(lo, sLo, sLo - d), b = min(hi, sHi, sHi - d)
            guard a <= b else { return nil }
            return min(max(centre, a), b)
        }
        let r = region.intersection(screen) ?? region
        guard let x = axis(r.minX, r.maxX, r.midX, travel.x, screen.minX, screen.maxX),
              let y = axis(r.minY, r.maxY, r.midY, travel.y, screen.minY, screen.maxY) else {
            let horizontal = abs(travel.x) >= abs(travel.y)
            let d = horizontal ? abs(travel.x) : abs(travel.y)
            let extent = horizontal ? screen.width : screen.height
            throw .gesture("no start point keeps a \(formatPoints(d)) pt path on the screen (\(formatPoints(extent + 2)) pt \(horizontal ? "wide" : "high"))")
        }
        return Point(x: x, y: y)
    }
}
