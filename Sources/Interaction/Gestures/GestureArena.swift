import SimCore

/// The recognizers attached to one view and the arbitration between them, UIKit style,
/// as a reducer: touches in, `GestureArena.Event`s out; its host owns the clock and the
/// trace, and records the events under the arena's `source` (`trace(_:at:)`).
///
/// - When a recognizer recognizes (a continuous one begins, a discrete one ends),
///   every other recognizer still `possible` fails, unless the pair was declared with
///   `recognizeSimultaneously(_:_:)` (UIGestureRecognizerDelegate's
///   `shouldRecognizeSimultaneouslyWith`). So a pan that begins fails a pending long
///   press; a long press that began fails the pan and the tap.
/// - Deadlines (the long-press timer, the tap's hold limit) are exposed as
///   `nextDeadline(_:)`: the host sends `.deadline` at that instant (a VirtualClock timer
///   does it exactly). A touch first fires every deadline due at or before its
///   timestamp, so a late host still sees them in order.
/// - One finger at a time: touches of other ids are ignored until the tracked finger
///   lifts (multi-touch gestures are out of scope).
///
/// Every transition is an `.update`, in order. Every lift of the tracked finger is a
/// `.release` first, with the release velocity its own `VelocityTracker` measured,
/// whether or not a pan was running (traced by hosts as `<source> release
/// location=(x, y) velocity=(vx, vy) basis=measured samples=4`; `basis` is `measured`,
/// `stopped` or `tooFewSamples`), and kept in `lastRelease`. Nothing here reads a clock
/// or writes a trace. Handling a touch is O(recognizers).
public struct GestureArena: Reducer {
    /// What one call produced, in order.
    public enum Event: Hashable {
        /// A recognizer's transition.
        case update(GestureUpdate)
        /// The tracked finger lifted (before the recognizers saw the lift).
        case release(Release)

        /// The transition, nil for a release.
        public var update: GestureUpdate? {
            if case .update(let u) = self { return u }
            return nil
        }

        /// The trace line a host records for it (`<source> pan.began ...`, `<source> release ...`).
        public func traceEvent(source: String) -> TraceEvent {
            switch self {
            case .update(let u): return u.traceEvent(source: source)
            case .release(let r): return r.traceEvent(source: source)
            }
        }
    }

    /// One lift of the tracked finger.
    public struct Release: Hashable, Sendable {
        /// When the finger lifted.
        public var time: SimInstant
        /// Where it lifted.
        public var location: Point
        /// A cancel rather than a lift (traced as `cancel`).
        public var cancelled: Bool
        /// The release velocity and what it rests on.
        public var estimate: VelocityTracker.Estimate

        /// `<source> release location=(x, y) velocity=(vx, vy) basis=measured samples=4`.
        public func traceEvent(source: String) -> TraceEvent {
            TraceEvent(time: time, source: source, name: cancelled ? "cancel" : "release",
                       fields: [.init("location", location.description),
                                .init("velocity", estimate.velocity.description),
                                .init("basis", estimate.basis.rawValue),
                                .init("samples", String(estimate.samples))])
        }
    }

    /// The trace source its host records the events under (`list.gestures`).
    public let source: String

    /// An arena whose events are traced under `source`.
    public init(source: String = "gestures") { self.source = source }

    /// What the arena is told, each at the instant `reduce` is given.
    public enum Action: Hashable, Sendable {
        /// One touch sample (its timestamp is the instant it is sent at).
        case touch(TouchEvent)
        /// The host's call back at `nextDeadline`: every deadline due by now fires, each
        /// at its own instant.
        case deadline
        /// `isEnabled` of the recognizer with that name: disabling cancels an active
        /// gesture and fails a possible one, as UIKit does.
        case setEnabled(String, Bool)
    }

    /// Runs one action.
    ///
    /// - Complexity: O(recognizers) per touch or deadline.
    public func reduce(into state: inout State, _ action: Action, at now: SimInstant) -> [Event] {
        switch action {
        case let .touch(t): return state.handle(t)
        case .deadline: return state.advance(to: now)
        case let .setEnabled(name, on): return state.setEnabled(name, on, at: now)
        }
    }

    /// The earliest deadline of an enabled recognizer.
    public func nextDeadline(_ state: State) -> SimInstant? { state.nextDeadline }
    /// Never: recognizers only change at touches and deadlines.
    public func needsFrames(_ state: State, at now: SimInstant) -> Bool { false }
    /// Nothing moves by itself.
    public func motion(_ state: State, at now: SimInstant) -> [String] { [] }
    /// Every event is a line under `source`.
    public func trace(_ event: Event, at now: SimInstant) -> TraceEvent? { event.traceEvent(source: source) }
    /// No frames.
    public static var frameAction: Action? { nil }
    /// Deadlines fire with `.deadline`.
    public static var deadlineAction: Action? { .deadline }

    /// The recognizers of one view, their arbitration rules and the finger they track:
    /// the arena's whole state. Built with `add(_:)` and `recognizeSimultaneously(_:_:)`
    /// (UIView's addGestureRecognizer and the delegate's simultaneity answer).
    public struct State: Hashable, Sendable {
        private var recognizers: [AnyGestureRecognizer] = []
        /// Name pairs allowed to recognize together, each stored in both orders.
        private var simultaneous: Set<[String]> = []
        private var trackedTouch: Int?
        private var lastLocation: Point = .zero
        private var releaseTracker = VelocityTracker()
        /// The latest lift (ended or cancelled) of a tracked finger.
        public private(set) var lastRelease: Release?

        /// No recognizers.
        public init() {}

        /// Adds a recognizer; names must be unique within an arena.
        public mutating func add(_ recognizer: some GestureRecognizer) {
            precondition(!recognizers.contains { $0.name == recognizer.name }, "duplicate recognizer name \(recognizer.name)")
            recognizers.append(recognizer.erased)
        }

        /// Lets recognizers `a` and `b` recognize at the same time (neither fails the other).
        public mutating func recognizeSimultaneously(_ a: String, _ b: String) {
            simultaneous.insert([a, b]); simultaneous.insert([b, a])
        }

        /// The recognizers' names in the order added.
        public var names: [String] { recognizers.map({ $0.name }) }

        /// The state of the recognizer named `name`, nil when there is none.
        public func state(of name: String) -> GestureState? { recognizers.first { $0.name == name }?.state }

        /// The recognizer named `name`, erased; nil when there is none.
        public func recognizer(named name: String) -> AnyGestureRecognizer? { recognizers.first { $0.name == name } }

        /// The recognizer `name` if it is an `R`.
        public func recognizer<R: GestureRecognizer>(named name: String, as type: R.Type) -> R? {
            recognizer(named: name).flatMap { R.unerased($0) }
        }

        /// True while a finger is tracked.
        public var isTracking: Bool { trackedTouch != nil }

        /// Changes a recognizer's configuration in place (e.g. `minimumPressDuration`).
        public mutating func modify<R: GestureRecognizer>(_ name: String, as type: R.Type, _ body: (inout R) -> Void) {
            guard let i = recognizers.firstIndex(where: { $0.name == name }), var r = R.unerased(recognizers[i]) else { return }
            body(&r)
            recognizers[i] = r.erased
        }

        /// The earliest deadline of an enabled recognizer: the host must send `.deadline`
        /// at that instant.
        public var nextDeadline: SimInstant? {
            var best: SimInstant?
            for r in recognizers where r.isEnabled {
                if let d = r.deadline, best.map({ d < $0 }) ?? true { best = d }
            }
            return best
        }

        /// Fires every deadline due at or before `now`, earliest first, each at its own
        /// instant. O(recognizers) per deadline.
        mutating func advance(to now: SimInstant) -> [Event] {
            var out: [Event] = []
            while let due = nextDeadline, due <= now {
                guard let i = recognizers.firstIndex(where: { $0.isEnabled && $0.deadline == due }) else { break }
                process(recognizers[i].deadlinePassed(at: due), from: i, into: &out)
            }
            return out
        }

        /// `isEnabled = false` cancels an active gesture and fails a possible one, as UIKit does.
        mutating func setEnabled(_ name: String, _ enabled: Bool, at now: SimInstant) -> [Event] {
            guard let i = recognizers.firstIndex(where: { $0.name == name }) else { return [] }
            var out: [Event] = []
            if !enabled {
                if recognizers[i].state.isActive {
                    let cancel = TouchEvent(id: trackedTouch ?? 0, phase: .cancelled, location: lastLocation, timestamp: now)
                    for u in recognizers[i].handle(cancel) { out.append(.update(u)) }
                } else if recognizers[i].state == .possible && trackedTouch != nil {
                    for u in recognizers[i].fail(at: now) { out.append(.update(u)) }
                }
            }
            recognizers[i].isEnabled = enabled
            return out
        }

        /// Delivers a touch: fires the deadlines due by its timestamp, then feeds the
        /// recognizers in the order they were added, arbitrating after each transition.
        mutating func handle(_ touch: TouchEvent) -> [Event] {
            var out = advance(to: touch.timestamp)
            if trackedTouch == nil {
                guard touch.phase == .began else { return out }
                trackedTouch = touch.id
                for i in recognizers.indices { recognizers[i].reset() }
            }
            guard touch.id == trackedTouch else { return out }
            lastLocation = touch.location
            releaseTracker.add(touch)
            if touch.phase.isFinal {
                // Before the recognizers see the lift, so a trace reads it before `pan.ended`
                // and the scroll view's `willEndDragging` it causes.
                let release = Release(time: touch.timestamp, location: touch.location,
                                      cancelled: touch.phase == .cancelled, estimate: releaseTracker.estimate())
                lastRelease = release
                out.append(.release(release))
            }
            for i in recognizers.indices where recognizers[i].isEnabled {
                process(recognizers[i].handle(touch), from: i, into: &out)
            }
            if touch.phase.isFinal { trackedTouch = nil }
            return out
        }

        /// Delivers a stream (see `handle`).
        mutating func play(_ touches: [TouchEvent]) -> [Event] {
            var out: [Event] = []
            for t in touches { out += handle(t) }
            return out
        }

        // MARK: private

        private mutating func process(_ updates: [GestureUpdate], from i: Int, into out: inout [Event]) {
            for u in updates {
                out.append(.update(u))
                let recognized = u.state == .began || (u.state == .ended && recognizers[i].kind == .tap)
                guard recognized else { continue }
                for j in recognizers.indices where j != i && recognizers[j].state == .possible
                    && !simultaneous.contains([recognizers[i].name, recognizers[j].name]) {
                    for f in recognizers[j].fail(at: u.time) { out.append(.update(f)) }
                }
            }
        }
    }
}
