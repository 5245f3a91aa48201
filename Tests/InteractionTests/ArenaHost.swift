import SimCore
@testable import Interaction

/// What a view does with its `GestureArena` value, for the arena's tests: advances the
/// clock to each touch, keeps one clock timer at the arena's next deadline, records
/// every event in the trace (when given one) and hands each update to `received`.
final class ArenaHost {
    let clock: VirtualClock
    let trace: Trace?
    var arena: GestureArena.State
    let source: String
    /// The updates so far, in order.
    private(set) var updates: [GestureUpdate] = []
    /// Called with each update as it arrives (a test's stand-in for the view's handler).
    var received: ((GestureUpdate) -> Void)?
    private var timer: VirtualClock.TimerID?
    private var timerDue: SimInstant?
    private let backref = Backref<ArenaHost>()

    init(clock: VirtualClock, trace: Trace? = nil, source: String = "gestures") {
        self.clock = clock
        self.trace = trace
        arena = GestureArena.State()
        self.source = source
        backref.bind(self)
    }

    deinit { backref.clear() }

    var lastRelease: GestureArena.Release? { arena.lastRelease }
    func add(_ r: some GestureRecognizer) { arena.add(r); sync() }
    func state(of name: String) -> GestureState? { arena.state(of: name) }
    func recognizer<R: GestureRecognizer>(named name: String, as type: R.Type) -> R? { arena.recognizer(named: name, as: type) }
    func modify<R: GestureRecognizer>(_ name: String, as type: R.Type, _ body: (inout R) -> Void) {
        arena.modify(name, as: type, body); sync()
    }
    func setEnabled(_ name: String, _ enabled: Bool) {
        let events = arena.setEnabled(name, enabled, at: clock.now)
        perform(events)
    }

    func handle(_ touch: TouchEvent) {
        if touch.timestamp > clock.now { clock.advance(to: touch.timestamp) }
        let events = arena.handle(touch)
        perform(events)
    }

    func play(_ touches: [TouchEvent]) { for t in touches { handle(t) } }

    private func perform(_ events: [GestureArena.Event]) {
        for e in events {
            trace?.record(e.traceEvent(source: source))
            if let u = e.update { updates.append(u); received?(u) }
        }
        sync()
    }

    private func sync() {
        let want = arena.nextDeadline
        guard want != timerDue else { return }
        if let t = timer { clock.cancel(t) }
        timer = nil; timerDue = want
        if let due = want {
            timer = clock.schedule(at: due) { [backref] now in
                guard let host = backref.target else { return }
                host.timer = nil; host.timerDue = nil
                let events = host.arena.advance(to: now)
                host.perform(events)
            }
        }
    }
}
