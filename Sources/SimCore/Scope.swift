/// A child reducer seen from its parent, as The Composable Architecture's `Scope`:
/// where the child's state lives inside the parent's, how the child's actions embed into
/// the parent's and how its events lift into the parent's. A composed reducer keeps
/// one scope per child and runs a child action through it, so the child's transition
/// mutates the parent's state in place and its events come back in the parent's
/// vocabulary.
///
///     let left = Scope<Pair, Counter>(
///         Counter(),
///         state: { $0.left },
///         modify: { s, body throws(Counter.Boom) in try body(&s.left) },
///         action: Pair.Action.left, event: Pair.Event.left)
///     events += try left.reduce(into: &state, .add(2), at: now)
///
/// (The chat screen lifts its children with direct calls instead: a `Scope` over a child
/// whose `Failure == Never` crashes Swift 6.3.1's SILGen, and the input bar's refusal is
/// an event of the screen's, not its failure; see docs/ARCHITECTURE.md.)
///
/// The state is reached through two closures (Embedded Swift has no key paths): `state`
/// reads a copy for the queries, `modify` hands the child's stored state to the
/// transition in place, so a large child state (the input bar's editor) is never copied
/// by an action. Costs: one closure call beyond the child's own.
public struct Scope<Parent: Reducer, Child: Reducer> {
    /// The child reducer (its dependencies included).
    public let child: Child
    private let read: (Parent.State) -> Child.State
    private let write: (inout Parent.State, (inout Child.State) throws(Child.Failure) -> [Child.Event]) throws(Child.Failure) -> [Child.Event]
    private let embed: (Child.Action) -> Parent.Action
    private let lift: (Child.Event) -> Parent.Event

    /// A scope over `child`.
    /// - Parameters:
    ///   - child: the child reducer.
    ///   - state: reads the child's state out of the parent's.
    ///   - modify: calls its body with the child's state inside the parent's, in place
    ///     (`{ s, body in try body(&s.child) }`), and returns what the body returns.
    ///   - action: embeds a child action into the parent's actions (a case constructor).
    ///   - event: lifts a child event into the parent's events (a case constructor).
    public init(_ child: Child,
                state: @escaping (Parent.State) -> Child.State,
                modify: @escaping (inout Parent.State, (inout Child.State) throws(Child.Failure) -> [Child.Event]) throws(Child.Failure) -> [Child.Event],
                action: @escaping (Child.Action) -> Parent.Action,
                event: @escaping (Child.Event) -> Parent.Event) {
        self.child = child
        read = state
        write = modify
        embed = action
        lift = event
    }

    /// The child's state inside `parent`.
    public func state(_ parent: Parent.State) -> Child.State { read(parent) }

    /// Runs a child action on the child's part of `parent` and returns its events
    /// lifted, in order.
    /// - Throws: the child's failure; the child's state is then unchanged.
    /// - Complexity: O(the child's transition + its events).
    public func reduce(into parent: inout Parent.State, _ action: Child.Action, at now: SimInstant) throws(Child.Failure) -> [Parent.Event] {
        let child = self.child
        let events = try write(&parent) { (s: inout Child.State) throws(Child.Failure) -> [Child.Event] in
            try child.reduce(into: &s, action, at: now)
        }
        return events.map(lift)
    }

    /// Runs a child action and returns the child's own events, for a parent that reacts
    /// to them before lifting (the wiring).
    /// - Throws: the child's failure; the child's state is then unchanged.
    /// - Complexity: O(the child's transition).
    public func reduceChild(into parent: inout Parent.State, _ action: Child.Action, at now: SimInstant) throws(Child.Failure) -> [Child.Event] {
        let child = self.child
        return try write(&parent) { (s: inout Child.State) throws(Child.Failure) -> [Child.Event] in
            try child.reduce(into: &s, action, at: now)
        }
    }

    /// A child event in the parent's vocabulary.
    public func lift(_ event: Child.Event) -> Parent.Event { lift(event) }

    /// A child action in the parent's vocabulary.
    public func embed(_ action: Child.Action) -> Parent.Action { embed(action) }

    /// The child's next deadline inside `parent`.
    public func nextDeadline(_ parent: Parent.State) -> SimInstant? { child.nextDeadline(read(parent)) }

    /// Whether the child needs frames inside `parent`.
    public func needsFrames(_ parent: Parent.State, at now: SimInstant) -> Bool { child.needsFrames(read(parent), at: now) }

    /// The child's motion phrases inside `parent`.
    public func motion(_ parent: Parent.State, at now: SimInstant) -> [String] { child.motion(read(parent), at: now) }

    /// The child's own wiring, embedded: the parent action a child event feeds back.
    public func feedback(_ event: Child.Event) -> Parent.Action? { child.feedback(event).map(embed) }

    /// The child's trace line for one of its events.
    public func trace(_ event: Child.Event, at now: SimInstant) -> TraceEvent? { child.trace(event, at: now) }

    /// The child's work of a frame beyond its frame action, reading its state inside `parent`.
    public func performFrame(in parent: Parent.State, at now: SimInstant) {
        child.performFrame(in: read(parent), at: now)
    }

    /// Performs a child event through the child's runtime, reading its state inside `parent`.
    public func perform(_ event: Child.Event, in parent: Parent.State, at now: SimInstant) {
        child.perform(event, in: read(parent), at: now)
    }
}
