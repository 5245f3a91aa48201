import SimCore
import EmojiText
import Interaction
import Raster
import Tester

/// The input bar on its own as a `Testable`: `InputBar` is a value type, so this class
/// holds it with its clock, its trace and a display link that ticks it, the way a
/// screen does: it is the host that records the bar's events in the trace. Touches
/// are in screen coordinates (the bar's own).
///
/// Touches and ticks the bar refuses (`InputBarError`) are kept in `errors`, in order,
/// and reported by `invariantViolations()`: `Testable.handle` cannot throw, and a
/// refused touch must not pass silently. Events of touches land in `events`.
///
/// Timers: besides the frames, one clock timer at `InputBar().nextDeadline(bar)` (the loupe) ticks the bar at
/// the instant a held finger's loupe is due (as ChatScreen's one timer does).
///
/// Invariant: the link is added once and ticks `bar` at every frame it runs; a tick
/// changes nothing while `motion` is empty and no finger is tracked, which is what lets
/// the Tester skip idle frames.
public final class InputBarHost: Testable {
    public var bar: InputBar.State
    public let clock: VirtualClock
    public let trace: Trace
    /// The display link whose frames tick the bar (started at init).
    public let link: DisplayLink
    /// What the touches delivered through `handle` produced, in order.
    public private(set) var events: [InputBarEvent] = []
    /// Touches or ticks the bar refused, in order.
    public private(set) var errors: [InputBarError] = []
    private let backref = Backref<InputBarHost>()

    public init(profile: DeviceProfile, catalog: EmojiCatalog, configuration: InputBarConfiguration = .init(),
                clock: VirtualClock = VirtualClock(), trace: Trace = Trace(), hz: Int = 60) {
        self.clock = clock
        self.trace = trace
        bar = InputBar.State(profile: profile, catalog: catalog, configuration: configuration)
        link = DisplayLink(clock: clock, hz: hz)
        backref.bind(self)
        link.add { [backref] t in backref.target?.tick(at: t) }
        link.start()
    }

    deinit { backref.clear() }

    private func tick(at t: SimInstant) {
        do { record(try InputBar().reduce(into: &bar, .tick, at: t), at: t) } catch { errors.append(error) }
        syncLoupeTimer()
    }

    /// A clock timer at the bar's loupe deadline (the held finger's long press), which
    /// ticks the bar at that instant rather than at the next frame.
    private var loupeTimer: (id: VirtualClock.TimerID, due: SimInstant)?

    private func syncLoupeTimer() {
        let want = InputBar().nextDeadline(bar)
        guard want != loupeTimer?.due else { return }
        if let t = loupeTimer { clock.cancel(t.id) }
        loupeTimer = nil
        if let due = want {
            let id = clock.schedule(at: due) { [backref] now in
                guard let host = backref.target else { return }
                host.loupeTimer = nil
                host.tick(at: now)
            }
            loupeTimer = (id, due)
        }
    }

    /// Sends `action` to the bar at `clock.now` (a touch at its timestamp) and records
    /// its events in the trace; returns them. A refusal is thrown (not kept in `errors`).
    @discardableResult
    public func send(_ action: InputBar.Action) throws(InputBarError) -> [InputBarEvent] {
        var now = clock.now
        if case let .touch(t) = action { now = t.timestamp }
        let events = try InputBar().reduce(into: &bar, action, at: now)
        record(events, at: now)
        syncLoupeTimer()
        return events
    }

    private func record(_ events: [InputBarEvent], at t: SimInstant) {
        for e in events { trace.record(e.traceEvent(at: t)) }
    }

    /// Forgets the events collected so far and returns them. O(events).
    public func takeEvents() -> [InputBarEvent] {
        defer { events = [] }
        return events
    }

    public var bounds: Rect { Rect(origin: .zero, size: bar.profile.size) }

    public func handle(_ touch: TouchEvent) {
        do {
            let new = try InputBar().reduce(into: &bar, .touch(touch), at: touch.timestamp)
            record(new, at: touch.timestamp)
            events += new
        } catch { errors.append(error) }
        syncLoupeTimer()
    }

    /// The keyboard until it has posted its `did*`, and the bar while it moves.
    public var motion: [String] {
        InputBar().motion(bar, at: clock.now)
    }

    public var hasFingerDown: Bool { bar.tracking != nil }

    public func displayList() -> DisplayList { bar.displayList(at: clock.now) }

    public func invariantViolations() -> [String] { errors.map { "input bar refused: \($0)" } }

    public var frameLink: DisplayLink? { link }
}
