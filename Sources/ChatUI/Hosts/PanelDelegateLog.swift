import SimCore

/// The delegate calls a lone `Host<EmojiPanel>` performed (`didSelect`, `inputClick`,
/// `didTapDelete`), oldest first: what a test reads instead of a delegate. A reference,
/// the runtime object the reducer performs its delegate calls into. Keeps the newest
/// `capacity` at least, never more than twice that (amortised O(1) an append).
public final class PanelDelegateLog {
    /// The calls not taken yet, oldest first.
    public private(set) var events: [PanelEvent] = []
    /// The calls kept at least (older ones are dropped in halves past twice this).
    public let capacity: Int

    /// An empty log.
    /// - Parameter capacity: The calls kept at least.
    public init(capacity: Int = 10_000) { self.capacity = max(1, capacity) }

    /// Adds a call.
    /// - Parameter event: A delegate call.
    public func append(_ event: PanelEvent) {
        if events.count >= 2 * capacity { events.removeFirst(capacity) }
        events.append(event)
    }

    /// Returns and clears the calls.
    /// - Returns: The calls since the last take, oldest first.
    public func takeEvents() -> [PanelEvent] {
        defer { events.removeAll() }
        return events
    }
}
