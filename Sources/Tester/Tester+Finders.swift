import SimCore
import Interaction

/// Gestures aimed by finders, as scripts aim them: `try tester.tap(.emoji("笑哭"))`,
/// `try tester.swipe(.panel, .left, by: 200, at: 1200)`. Each waits for idle in auto
/// timing (`synchronize`), resolves the finder, and touches only what a touch would
/// reach (`aim(_:for:)`); otherwise it throws `TesterError.notActionable` naming the
/// action, the finder in script spelling and why, with the facts.
extension Tester {
    /// Actionability (Playwright's: attached, visible, enabled, receives events): waits
    /// for idle in auto timing, then resolves `finder`. Missing, not-in-catalog and
    /// off-screen targets throw; disabled and covered ones throw in auto timing, and in
    /// manual timing are aimed at anyway with the `doubt` saying what the touch will do
    /// (a disabled one also throws while a finger is down). A point must lie inside
    /// the subject.
    ///
    /// - Parameters:
    ///   - finder: What to aim at.
    ///   - action: The action as a script writes it (`tap panel.emoji 笑哭`), for errors.
    public func aim(_ finder: Finder, for action: String) throws(TesterError) -> FinderAim {
        try synchronize()
        if case .point(let p) = finder {
            let b = subject.bounds
            guard p.x >= b.minX, p.y >= b.minY, p.x < b.maxX, p.y < b.maxY else { throw .outside(p, bounds: b) }
            return FinderAim(FinderHit(frame: Rect(origin: p, size: Size(width: 0, height: 0)), point: p))
        }
        let r = subject.laidOutResolve(finder)
        switch r {
        case .hit(let h):
            return FinderAim(h)
        case .missing, .notInCatalog, .offScreen:
            throw .notActionable(action: action, finder, r)
        case .disabled(let why, let h):
            if timing == .auto || finger != nil { throw .notActionable(action: action, finder, r) }
            return FinderAim(h, doubt: "disabled (\(why)); the touch did nothing")
        case .covered(let by, let h):
            if timing == .auto { throw .notActionable(action: action, finder, r) }
            return FinderAim(h, point: h.frame.center, doubt: "covered by \(by); the touch went to it")
        }
    }

    /// Taps what `finder` finds (down, `hold`, up at its point).
    public func tap(_ finder: Finder, hold: SimDuration = TesterDefaults.tapHold) throws(TesterError) {
        try requireNoFingerDown()
        let what = "tap \(finder)"
        let a = try aim(finder, for: what)
        try tap(at: a.point, hold: hold)
        warn(a, what)
    }

    /// Two taps at what `finder` finds, the second `TesterDefaults.doubleTapGap` after
    /// the first ended (UITextView's double tap selects a word or one emoji).
    public func doubleTap(_ finder: Finder) throws(TesterError) {
        try requireNoFingerDown()
        let what = "double-tap \(finder)"
        let a = try aim(finder, for: what)
        try tap(at: a.point)
        pump(TesterDefaults.doubleTapGap)
        try tap(at: a.point)
        warn(a, what)
    }

    /// Holds a finger still on what `finder` finds for `hold`, then lifts it.
    public func longPress(_ finder: Finder, for hold: SimDuration = TesterDefaults.longPressHold) throws(TesterError) {
        try requireNoFingerDown()
        let what = "long-press \(finder) for \(hold)"
        let a = try aim(finder, for: what)
        try longPress(at: a.point, for: hold)
        warn(a, what)
    }

    /// Puts a finger down on what `finder` finds; it stays down until `release`/`cancel`.
    public func press(_ finder: Finder) throws(TesterError) {
        try requireNoFingerDown()
        let what = "press \(finder)"
        let a = try aim(finder, for: what)
        try press(at: a.point)
        warn(a, what)
    }

    /// Moves the finger of `press` to what `finder` finds, whatever its actionability
    /// (a finger that is down drags whatever it holds): its touch point when a touch
    /// would reach it, else its centre. No idle wait: a finger is down.
    public func move(to finder: Finder, over duration: SimDuration = TesterDefaults.moveDuration) throws(TesterError) {
        guard finger != nil else { throw .finger("move needs a finger down (press first)") }
        let to: Point
        if case .point(let p) = finder { to = p } else {
            let r = subject.laidOutResolve(finder)
            guard let h = r.found else {
                throw .notActionable(action: "move \(finder)", finder, .missing("\(finder) is not on screen"))
            }
            to = r.isHit ? h.point : h.frame.center
        }
        try move(to: to, over: duration)
    }

    /// A flick on what `finder` finds: the finger travels `distance` towards `direction`
    /// and lifts moving at `velocity` pt/s. A region (`.panel`, `.list`) starts wherever
    /// the whole path stays on screen, anything else at its point.
    public func swipe(_ finder: Finder, _ direction: Direction, by distance: Double = TesterDefaults.swipeDistance,
                      at velocity: Double = TesterDefaults.swipeVelocity) throws(TesterError) {
        try requireNoFingerDown()
        let what = "swipe \(finder) \(direction.rawValue) by \(plainDecimal(distance)) at \(plainDecimal(velocity))"
        let a = try aim(finder, for: what)
        guard velocity > 0 else { throw .gesture("a swipe needs a positive velocity") }
        let path = Tester.travel(direction, distance)
        _ = try swipePlan(travel: path, velocity: velocity)
        let from = try start(for: finder, a, travel: path)
        try swipe(from: from, travel: path, velocity: velocity)
    }

    /// A drag on what `finder` finds by `offset`, resting before the lift (no fling);
    /// starts as `swipe` does.
    public func drag(_ finder: Finder, by offset: Point, over duration: SimDuration = TesterDefaults.dragDuration) throws(TesterError) {
        try requireNoFingerDown()
        let what = "drag \(finder) by \(plainDecimal(offset.x)),\(plainDecimal(offset.y))"
        let a = try aim(finder, for: what)
        let from = try start(for: finder, a, travel: offset)
        try drag(from: from, by: offset, over: duration)
    }

    /// The finger's travel for a direction and a distance.
    public static func travel(_ direction: Direction, _ distance: Double) -> Point {
        switch direction {
        case .left: return Point(x: -distance, y: 0)
        case .right: return Point(x: distance, y: 0)
        case .up: return Point(x: 0, y: -distance)
        case .down: return Point(x: 0, y: distance)
        }
    }

    /// Where a swipe or drag of `travel` on an aimed finder starts: anywhere in a region
    /// that keeps the path on screen, else the aim's point (the path must fit from it).
    /// Throws `.gesture` for a path longer than `TesterDefaults.maxSwipeScreens` screens
    /// or one that fits from no start point.
    public func start(for finder: Finder, _ aim: FinderAim, travel: Point) throws(TesterError) -> Point {
        let region = finder.isRegion ? aim.frame : Rect(origin: aim.point, size: Size(width: 0, height: 0))
        let b = subject.bounds
        let axis = abs(travel.x) >= abs(travel.y) ? b.width : b.height
        // Scaled, so that a path built in code (not parsed, so not bounded) of 1e300 pt
        // is still a finite length in the message, not "inf pt".
        let big = max(abs(travel.x), abs(travel.y)), small = min(abs(travel.x), abs(travel.y))
        let d = big == 0 || !big.isFinite ? big : big * (1 + (small / big) * (small / big)).squareRoot()
        let screens = TesterDefaults.maxSwipeScreens
        if d > screens * axis {
            throw .gesture("\(formatPoints(d)) pt is more than \(formatPoints(screens)) screens (\(formatPoints(screens * axis)) pt)")
        }
        do throws(TesterError) { return try startPoint(in: region, travel: travel) } catch {
            let place = finder.isRegion ? "inside the \(finder) (\(aim.frame))" : "from \(aim.point)"
            throw .gesture("\(error) \(place); use a shorter distance")
        }
    }

    private func requireNoFingerDown() throws(TesterError) {
        if finger != nil { throw .finger("a finger is still down from 'press' (release or cancel it first)") }
    }

    /// Manual timing touched a target that could not take the touch: say so in the trace.
    private func warn(_ a: FinderAim, _ what: String) {
        guard let doubt = a.doubt else { return }
        subject.trace.record(now, "tester", "warning", ("message", "\(what): \(doubt)"))
    }
}
