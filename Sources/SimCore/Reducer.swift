/// The one shape of every model: a value `State`, the `Action`s it is told, and a pure
/// transition that returns what happened as `Event`s, after The Composable
/// Architecture's reducers.
///
///     let panel = EmojiPanel(catalog: .demo, configuration: .standard)
///     var state = panel.initialState(width: 375)
///     let events = panel.reduce(into: &state, .touch(touch), at: touch.timestamp)
///     panel.nextDeadline(state)             // send `deadlineAction` then
///     panel.needsFrames(state, at: now)     // send `frameAction` at every frame while true
///
/// - **State** is everything the model remembers and is `Equatable`, so a `TestStore`
///   can assert a transition exhaustively. Memoised values that are pure functions of
///   the rest of the state may sit in it inside a `Cached` (always equal, never read to
///   decide anything that is not also a function of the state); nothing else is hidden.
/// - **The reducer value** holds the model's dependencies: pure queries (a catalog's
///   search, a layout provider) and, for effects that are not state, the runtime objects
///   the host performs events with (`perform(_:in:at:)`, e.g. the list's GIF players).
///   That is why the requirements are instance methods and not static: a static reducer
///   would have to carry closures in its State, which then could not be `Equatable`.
/// - **Time arrives one way**: `reduce` is told the instant of the action (`at:`); no
///   action carries an instant of its own and no model reads a clock. A host sends a
///   touch at its timestamp, a frame at the frame's instant, a deadline at its due instant.
/// - **Effects are events**: trace lines (`trace(_:at:)`, the one place an event becomes
///   a line), delegate moments, clicks, player starts, and actions fed back into the
///   reducer (`feedback(_:)`, how a composed model wires one child to another so that a
///   store sees it). `Host` performs them; `TestStore` asserts them.
///
/// Conformers: Keyboard, FirstResponder, ScrollModel, GestureArena, EmojiPanel,
/// InputBar, BubbleList and the composed ChatScreen (its State holds theirs, its Action
/// embeds theirs, and it calls their transitions directly).
/// Generic, no existentials: the core builds with Embedded Swift.
public protocol Reducer {
    /// Everything the model remembers between actions.
    associatedtype State: Equatable
    /// What the model is told.
    associatedtype Action
    /// What happened, in order: the effects for the host to perform.
    associatedtype Event
    /// Why an action was refused (`Never` for models that refuse nothing). A refused
    /// action leaves the state as it was.
    associatedtype Failure: Error

    /// Applies `action` at `now` to `state` and returns its events in order. Pure: the
    /// same state, action and instant always give the same state and events, and
    /// nothing outside `state` changes (dependencies are only read).
    /// - Throws: `Failure` when the action is impossible in this state; `state` is
    ///   then unchanged.
    func reduce(into state: inout State, _ action: Action, at now: SimInstant) throws(Failure) -> [Event]

    /// The instant at which the host must send `deadlineAction` although nothing else
    /// happens (a long press, a delete-key repeat, a loupe); nil: no timer pending.
    func nextDeadline(_ state: State) -> SimInstant?

    /// True while the host must send `frameAction` at every display-link frame (a
    /// scroll moving, a keyboard sliding, GIFs playing). Frames outside it change nothing.
    func needsFrames(_ state: State, at now: SimInstant) -> Bool

    /// What still moves and will come to rest, one short phrase each ("the panel
    /// decelerates"), for a driver waiting for idle; empty when settled. Animations that
    /// never settle (looping GIFs) may need frames without being motion, and skipping
    /// their frames while idle changes nothing they show.
    func motion(_ state: State, at now: SimInstant) -> [String]

    /// The action `event` feeds back into this reducer, if it is wiring (a panel's pick
    /// becoming the input bar's insert). A host sends it at the event's position: right
    /// after the event's line and effects, before the next event's (depth first). A
    /// `TestStore` expects it with `receive`, in that order.
    func feedback(_ event: Event) -> Action?

    /// The trace line `event` is recorded as, nil for events that are not traced. The
    /// one place a model's events become lines.
    func trace(_ event: Event, at now: SimInstant) -> TraceEvent?

    /// Performs the part of `event` that is neither a trace line nor feedback, through
    /// the runtime objects the reducer was given (e.g. starting a GIF player). Reads
    /// `state`, never changes it. Most reducers perform nothing.
    func perform(_ event: Event, in state: State, at now: SimInstant)

    /// Performs what a display-link frame does besides its action: the host calls it
    /// right after each `frameAction` is reduced, with the state after it, so runtime
    /// objects that follow the frame's instant (the list's GIF players) advance once a
    /// frame. A per-frame event would serve too, but would add a line to every frame's
    /// events. Reads `state`, never changes it. Most reducers do nothing.
    func performFrame(in state: State, at now: SimInstant)

    /// The action a host sends at each display-link frame while `needsFrames`; nil for
    /// models without frames.
    static var frameAction: Action? { get }

    /// The action a host sends when the clock reaches `nextDeadline`; nil for models
    /// without deadlines.
    static var deadlineAction: Action? { get }
}

extension Reducer {
    // Inlinable, as the host's paths that call them: a host specialized in a client
    // module then passes no copy of the state to a requirement that does nothing.
    /// No event is wiring.
    @inlinable public func feedback(_ event: Event) -> Action? { nil }
    /// No event is traced.
    @inlinable public func trace(_ event: Event, at now: SimInstant) -> TraceEvent? { nil }
    /// Nothing to perform.
    @inlinable public func perform(_ event: Event, in state: State, at now: SimInstant) {}
    /// Nothing beyond the frame's action.
    @inlinable public func performFrame(in state: State, at now: SimInstant) {}
}

/// The earlier of two optional instants (nil when both are), for composing deadlines.
public func earliest(_ a: SimInstant?, _ b: SimInstant?) -> SimInstant? {
    switch (a, b) {
    case let (x?, y?): return min(x, y)
    case let (x?, nil): return x
    case let (nil, y): return y
    }
}
