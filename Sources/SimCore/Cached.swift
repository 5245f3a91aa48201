/// A memoised value kept inside a reducer's `State`: always equal to any other, so it
/// never makes two states differ, and it must never make them behave differently.
///
/// The rule (docs/ARCHITECTURE.md, "Caches beside state"): a `Cached` value is a pure
/// function of the rest of the state (or of the state and the reducer's pure
/// dependencies), and everything that reads it gets exactly what recomputing it would
/// give, so a state whose caches were emptied draws, answers and reacts identically. A
/// cache that holds a reference (a draw cache) copies itself on the first write after a
/// state was copied, so two states never share a mutation. Counters of cache hits are
/// not behaviour; nothing a model decides may read them.
///
/// Costs: O(1) to compare; storage is the wrapped value's.
public struct Cached<Value>: Equatable {
    /// The memoised value, nil when empty.
    public var value: Value?

    /// An empty cache, or one holding `value`.
    public init(_ value: Value? = nil) { self.value = value }

    /// Always true: a cache is not state.
    public static func == (a: Cached, b: Cached) -> Bool { true }
}

extension Cached: Sendable where Value: Sendable {}

extension Cached: Hashable {
    /// Hashes nothing: a cache is not state, so equal states hash the same whatever
    /// their caches hold.
    public func hash(into hasher: inout Hasher) {}
}
