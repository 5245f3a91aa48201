/// The one runtime of a model: it holds a reducer's state on a `VirtualClock`, sends it
/// actions at `clock.now`, records its events in one `Trace`, performs them, feeds the
/// wiring back, and keeps time for it: one clock timer at the reducer's `nextDeadline`,
/// and a `DisplayLink` that runs only while the reducer `needsFrames`.
///
///     let host = Host(EmojiPanel(catalog: .demo), state: EmojiPanel.State(...))
///     try host.send(.search("smile"))      // events traced and performed
///     clock.advance(by: .seconds(1))       // frames and deadlines run on the way
///     host.state                           // the model's whole state (a copy)
///     host.withState { $0.nextDeadline($1) }   // a query on it, nothing copied
///
/// What the host does with the events of every action, event by event, in order:
/// 1. the event's trace line (`Reducer.trace(_:at:)`) goes into `trace`;
/// 2. its other effects are performed (`Reducer.perform(_:in:at:)`);
/// 3. if it is wiring (`Reducer.feedback(_:)`), the action it feeds back is sent at once,
///    depth first (its own events and their wiring run completely), before the next
///    event's line: a fed-back action runs *at the event's position*, so a composed
///    screen's panel pick reaches the input bar between the panel's lines, as a UIKit
///    delegate call made in the middle of a touch handler would.
///
/// Then, once the outermost action is done, the timer moves to the new `nextDeadline` (it
/// sends `R.deadlineAction` there) and the display link starts or stops with
/// `needsFrames` (each frame sends `R.frameAction` at the frame's instant, then calls
/// `Reducer.performFrame(in:at:)` with the state after it).
///
/// The host never advances the clock: a `Tester` (or a benchmark, or a C ABI caller)
/// does, and timers and frames fire on the way. Actions the host sends itself (frames,
/// deadlines, fed-back actions, touches through a `Testable` conformance) cannot throw
/// to anyone: their refusals are kept in `refusals`.
///
/// The CLI, the tests, the Tester (`Host: Testable` in the Tester module), the wasm ABI
/// and the benchmarks all drive models through it. Generic over the reducer (no
/// existentials); a reference type because the clock's timers and the display link call
/// back into it (through a `Backref`, as Embedded Swift has no weak references).
public final class Host<R: Reducer> {
    /// The reducer and its dependencies.
    public let reducer: R
    /// The model's whole state; only actions change it.
    @inlinable public var state: R.State { _state }
    /// The storage of `state` (usable from the inlinable send path, so a client module
    /// specializes the host for its reducer instead of copying an opaque state around).
    @usableFromInline var _state: R.State
    /// The clock everything of this host runs on (shared with its driver).
    public let clock: VirtualClock
    /// Every traced event of the model, in order.
    public let trace: Trace
    /// The link whose frames send `R.frameAction`; running only while `needsFrames`.
    public let displayLink: DisplayLink
    /// Refusals of actions the host sent itself (frames, deadlines, feedback, touches),
    /// oldest first; at most `refusalCapacity` are kept (the newest).
    public var refusals: [R.Failure] { _refusals }
    @usableFromInline var _refusals: [R.Failure] = []
    /// How many refusals `refusals` keeps.
    public let refusalCapacity = 1_000
    /// Counts the actions the model took (refused ones change nothing and are not
    /// counted): while it is the same, so is the state, and so is what a model that does
    /// not move draws. Frame captures compare it instead of drawing the screen again.
    public var revision: UInt64 { _revision }
    @usableFromInline var _revision: UInt64 = 0

    @usableFromInline var timer: VirtualClock.TimerID?
    @usableFromInline var timerDue: SimInstant?
    /// Nesting of `send` (feedback sends from inside one): time is synced at depth 0.
    @usableFromInline var depth = 0
    @usableFromInline let backref = Backref<Host<R>>()

    /// A host for `state`, built at `clock.now`.
    /// - Parameters:
    ///   - reducer: the model.
    ///   - state: its state now.
    ///   - events: what building `state` did (a list's opening layout pass: cells
    ///     created, players started), recorded and performed as an action's events.
    ///   - clock: the clock the host's timer and display link run on.
    ///   - trace: where the events' lines go.
    ///   - frameRate: the display link's rate (it must divide the clock's ticks a second).
    public init(_ reducer: R, state: R.State, events: [R.Event] = [], clock: VirtualClock = VirtualClock(),
                trace: Trace = Trace(), frameRate: Int = 60) {
        self.reducer = reducer
        _state = state
        self.clock = clock
        self.trace = trace
        displayLink = DisplayLink(clock: clock, hz: frameRate)
        backref.bind(self)
        displayLink.add { [backref] _ in backref.target?.frame() }
        depth += 1
        run(events, at: clock.now)
        depth -= 1
        sync()
    }

    deinit { backref.clear() }

    /// Sends `action` at `clock.now`: the state changes, the events are traced and
    /// performed, the wiring is fed back, then timer and frames follow the new state.
    /// Returns the action's own events (not those of the actions fed back).
    /// - Throws: the reducer's failure; the state is then unchanged and nothing is traced.
    /// - Complexity: O(the transition + its events), plus the actions fed back.
    @discardableResult @inlinable
    public func send(_ action: R.Action) throws(R.Failure) -> [R.Event] {
        depth += 1
        defer {
            depth -= 1
            if depth == 0 { sync() }
        }
        let now = clock.now
        let events = try reducer.reduce(into: &_state, action, at: now)
        _revision &+= 1
        run(events, at: now)
        return events
    }

    /// Sends an action nobody can be told about a refusal of (a frame, a deadline, fed
    /// back wiring, a touch): a refusal goes into `refusals`. Returns the events, empty
    /// on refusal.
    @discardableResult @inlinable
    public func sendKeepingRefusals(_ action: R.Action) -> [R.Event] {
        do throws(R.Failure) {
            return try send(action)
        } catch {
            if _refusals.count >= refusalCapacity { _refusals.removeFirst() }
            _refusals.append(error)
            return []
        }
    }

    /// Records and performs `events`, each event's wiring fed back at its position,
    /// depth first (the state an event is performed with is the one after the actions
    /// fed back by the events before it).
    @inlinable
    func run(_ events: [R.Event], at now: SimInstant) {
        for e in events {
            if let line = reducer.trace(e, at: now) { trace.record(line) }
            withState { r, s in r.perform(e, in: s, at: now) }
            if let back = reducer.feedback(e) { sendKeepingRefusals(back) }
        }
    }

    /// Calls `body` with the reducer and the state in place, copying neither: for
    /// queries (`host.withState { $0.listFrame($1, at: now) }`). Reading `state` copies
    /// the whole value, which for a composed state means retaining (and then releasing)
    /// every array, string and dictionary of every child; where the host is not
    /// specialized for its reducer (a generic driver such as the Tester) even passing
    /// `reducer` to a requirement copies it. `body` must not use the host (no `send`,
    /// no `state`): the state is held, exclusively, for the call.
    /// - Parameter body: The query, given the reducer and the current state.
    /// - Returns: What `body` returns.
    /// - Complexity: O(1) beyond `body`.
    @inlinable
    public func withState<T>(_ body: (R, R.State) -> T) -> T {
        Self.lend(reducer, &_state, body)
    }

    // An inout parameter is exclusively this call's, so it is passed on to `body` by
    // address; a stored property read for an argument is copied first.
    @inlinable
    static func lend<T>(_ reducer: R, _ state: inout R.State, _ body: (R, R.State) -> T) -> T {
        body(reducer, state)
    }

    /// What still moves (the reducer's phrases at `clock.now`).
    /// - Complexity: the reducer's `motion(_:at:)`.
    public var motion: [String] {
        let now = clock.now
        return withState { r, s in r.motion(s, at: now) }
    }

    /// Whether the model needs frames now.
    public var needsFrames: Bool {
        let now = clock.now
        return withState { r, s in r.needsFrames(s, at: now) }
    }

    /// The instant the host's timer is set for, nil when none is pending.
    public var pendingDeadline: SimInstant? { timerDue }

    // MARK: time

    @inlinable
    func frame() {
        guard let action = R.frameAction else { return }
        sendKeepingRefusals(action)
        let now = clock.now
        withState { r, s in r.performFrame(in: s, at: now) }
    }

    @inlinable
    func deadlineFired() {
        timer = nil
        timerDue = nil
        if let action = R.deadlineAction { sendKeepingRefusals(action) } else { sync() }
    }

    /// The display link runs exactly while frames are needed; the one timer sits at the
    /// next deadline. O(1) beyond the reducer's two queries.
    @inlinable
    func sync() {
        if R.frameAction != nil {
            let now = clock.now
            let want = withState { r, s in r.needsFrames(s, at: now) }
            if want && !displayLink.isRunning {
                displayLink.start()
            } else if !want && displayLink.isRunning {
                displayLink.stop()
            }
        }
        guard R.deadlineAction != nil else { return }
        let due = withState { r, s in r.nextDeadline(s) }
        guard due != timerDue else { return }
        if let t = timer { clock.cancel(t) }
        timer = nil
        timerDue = due
        if let due {
            timer = clock.schedule(at: due) { [backref] _ in backref.target?.deadlineFired() }
        }
    }
}
