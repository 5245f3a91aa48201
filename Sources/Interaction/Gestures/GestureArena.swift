import SimCore

/// The recognizers attached to one view, fed with its touches and its clock, and the
/// arbitration between them, UIKit style:
///
/// - When a recognizer recognizes (a continuous one begins, a discrete one ends),
///   every other recognizer still `possible` fails, unless
///   `shouldRecognizeSimultaneously(a, b)` says the pair may run together. So a pan
///   that begins fails a pending long press; a long press that began fails the pan
///   (it can no longer begin: the panel stops scrolling while previewing) and the tap.
/// - Deadlines (the long-press timer, the tap's hold limit) are VirtualClock timers:
///   they fire at their exact instant, before any touch with a later timestamp.
/// - One finger at a time: touches of other ids are ignored until the tracked finger
///   lifts (multi-touch gestures are out of scope).
///
/// Every transition is recorded into the trace (`<source> <name>.<state> location=..`)
/// and passed to `onUpdate`, in order. Every lift of the tracked finger is recorded
/// too, with the release velocity its own `VelocityTracker` measured, whether or not a
/// pan was running (`<source> release location=(x, y) velocity=(vx, vy) basis=measured
/// samples=4`; `basis` is `measured`, `stopped` or `tooFewSamples`), and kept in
/// `lastRelease`. Handling a touch is O(recognizers).
public final class GestureArena {
    public let clock: VirtualClock
    public let trace: Trace?
    public let source: String
    /// The UIGestureRecognizerDelegate hook; called with recognizer names.
    public var shouldRecognizeSimultaneously: ((String, String) -> Bool)?
    /// Called for every transition, synchronously, in order.
    public var onUpdate: ((GestureUpdate) -> Void)?

    private var recognizers: [AnyGestureRecognizer] = []
    private var timers: [VirtualClock.TimerID?] = []
    private var timerDue: [SimInstant?] = []
    private var trackedTouch: Int?
    private var lastLocation: Point = .zero
    private var releaseTracker = VelocityTracker()
    /// The latest lift (ended or cancelled) of a tracked finger: when, where, and the
    /// release velocity measured.
    public private(set) var lastRelease: Release?

    /// One lift of the tracked finger.
    public struct Release: Hashable, Sendable {
        public var time: SimInstant
        public var location: Point
        public var cancelled: Bool
        public var estimate: VelocityTracker.Estimate
    }
    /// Transitions not yet drained, oldest first (bounded: the oldest are dropped
    /// beyond `updateCapacity`).
    public private(set) var pendingUpdates: [GestureUpdate] = []
    public let updateCapacity = 10_000

    /// What the deadline timers hold instead of `self` (Embedded Swift has no weak captures).
    private let backref = Backref<GestureArena>()

    public init(clock: VirtualClock, trace: Trace? = nil, source: String = "gestures") {
        self.clock = clock; self.trace = trace; self.source = source
        backref.bind(self)
    }

    deinit { backref.clear() }

    /// Adds a recognizer; names must be unique within an arena.
    public func add(_ recognizer: some GestureRecognizer) {
        precondition(!recognizers.contains { $0.name == recognizer.name }, "duplicate recognizer name \(recognizer.name)")
        recognizers.append(recognizer.erased)
        timers.append(nil); timerDue.append(nil)
    }

    public var names: [String] { recognizers.map({ $0.name }) }

    public func state(of name: String) -> GestureState? { recognizers.first { $0.name == name }?.state }

    public func recognizer(named name: String) -> AnyGestureRecognizer? { recognizers.first { $0.name == name } }

    /// The recognizer `name` if it is an `R`.
    public func recognizer<R: GestureRecognizer>(named name: String, as type: R.Type) -> R? {
        recognizer(named: name).flatMap { R.unerased($0) }
    }

    /// Changes a recognizer's configuration in place (e.g. `minimumPressDuration`).
    public func modify<R: GestureRecognizer>(_ name: String, as type: R.Type, _ body: (inout R) -> Void) {
        guard let i = recognizers.firstIndex(where: { $0.name == name }), var r = R.unerased(recognizers[i]) else { return }
        body(&r)
        recognizers[i] = r.erased
        syncTimers()
    }

    /// `isEnabled = false` cancels an active gesture and fails a possible one, as UIKit does.
    public func setEnabled(_ name: String, _ enabled: Bool) {
        guard let i = recognizers.firstIndex(where: { $0.name == name }) else { return }
        if !enabled {
            let now = clock.now
            if recognizers[i].state.isActive {
                var r = recognizers[i]
                let cancel = TouchEvent(id: trackedTouch ?? 0, phase: .cancelled, location: lastLocation, timestamp: now)
                let updates = r.handle(cancel)
                recognizers[i] = r
                emit(contentsOf: updates)
            } else if recognizers[i].state == .possible && trackedTouch != nil {
                emit(contentsOf: recognizers[i].fail(at: now))
            }
        }
        recognizers[i].isEnabled = enabled
        syncTimers()
    }

    /// Delivers a touch: first advances the clock to its timestamp (firing due
    /// timers, display-link frames included), then feeds the recognizers in the order
    /// they were added, arbitrating after each transition.
    public func handle(_ touch: TouchEvent) {
        if touch.timestamp > clock.now { clock.advance(to: touch.timestamp) }
        if trackedTouch == nil {
            guard touch.phase == .began else { return }
            trackedTouch = touch.id
            for i in recognizers.indices { recognizers[i].reset() }
        }
        guard touch.id == trackedTouch else { return }
        lastLocation = touch.location
        releaseTracker.add(touch)
        if touch.phase.isFinal { recordRelease(touch) }
        for i in recognizers.indices where recognizers[i].isEnabled {
            let updates = recognizers[i].handle(touch)
            process(updates, from: i)
        }
        if touch.phase.isFinal { trackedTouch = nil }
        syncTimers()
    }

    /// Delivers a stream (see `handle`).
    public func play(_ touches: [TouchEvent]) {
        for t in touches { handle(t) }
    }

    /// Returns and forgets the pending transitions.
    public func drainUpdates() -> [GestureUpdate] {
        defer { pendingUpdates.removeAll() }
        return pendingUpdates
    }

    // MARK: private

    /// Traced before the recognizers see the lift, so the line reads before `pan.ended`
    /// and the scroll view's `willEndDragging` it causes.
    private func recordRelease(_ touch: TouchEvent) {
        let estimate = releaseTracker.estimate()
        let release = Release(time: touch.timestamp, location: touch.location,
                              cancelled: touch.phase == .cancelled, estimate: estimate)
        lastRelease = release
        trace?.record(TraceEvent(time: touch.timestamp, source: source, name: release.cancelled ? "cancel" : "release",
                                 fields: [.init("location", touch.location.description),
                                          .init("velocity", estimate.velocity.description),
                                          .init("basis", estimate.basis.rawValue),
                                          .init("samples", String(estimate.samples))]))
    }

    private func simultaneous(_ a: Int, _ b: Int) -> Bool {
        guard let hook = shouldRecognizeSimultaneously else { return false }
        return hook(recognizers[a].name, recognizers[b].name) || hook(recognizers[b].name, recognizers[a].name)
    }

    private func process(_ updates: [GestureUpdate], from i: Int) {
        for u in updates {
            emit(u)
            let recognized = u.state == .began || (u.state == .ended && recognizers[i].kind == .tap)
            guard recognized else { continue }
            for j in recognizers.indices where j != i && recognizers[j].state == .possible && !simultaneous(i, j) {
                emit(contentsOf: recognizers[j].fail(at: u.time))
            }
        }
    }

    private func emit(contentsOf updates: [GestureUpdate]) { for u in updates { emit(u) } }

    private func emit(_ u: GestureUpdate) {
        trace?.record(u.traceEvent(source: source))
        pendingUpdates.append(u)
        if pendingUpdates.count > updateCapacity { pendingUpdates.removeFirst(pendingUpdates.count - updateCapacity) }
        onUpdate?(u)
    }

    private func syncTimers() {
        for i in recognizers.indices {
            let want = recognizers[i].isEnabled ? recognizers[i].deadline : nil
            guard want != timerDue[i] else { continue }
            if let t = timers[i] { clock.cancel(t) }
            timers[i] = nil; timerDue[i] = want
            if let due = want {
                let name = recognizers[i].name
                timers[i] = clock.schedule(at: due) { [backref] now in backref.target?.deadlineFired(name, now) }
            }
        }
    }

    private func deadlineFired(_ name: String, _ now: SimInstant) {
        guard let i = recognizers.firstIndex(where: { $0.name == name }) else { return }
        timers[i] = nil; timerDue[i] = nil
        let updates = recognizers[i].deadlinePassed(at: now)
        process(updates, from: i)
        syncTimers()
    }
}
