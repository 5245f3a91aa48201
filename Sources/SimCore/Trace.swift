/// One entry of a trace: when, who, what, and ordered key=value details.
public struct TraceEvent: Hashable, Sendable, CustomStringConvertible {
    /// The virtual instant it happened.
    public var time: SimInstant
    /// The component that recorded it (`panel`, `inputBar`, `list`).
    public var source: String
    /// The delegate moment or event (`didSelect`, `textChanged`).
    public var name: String
    /// Details in the order recorded (printed in that order, so traces diff cleanly).
    public var fields: [Field]

    /// One `key=value` detail.
    public struct Field: Hashable, Sendable {
        /// The key, a bare word.
        public var key: String
        /// The value as printed; a value that may hold spaces or untrusted text is quoted
        /// by the recorder (`quotedLiteral`, `echoLiteral`).
        public var value: String
        /// A detail `key=value`.
        public init(_ key: String, _ value: String) { self.key = key; self.value = value }
    }

    /// - Parameters:
    ///   - time: When it happened.
    ///   - source: The component.
    ///   - name: The event.
    ///   - fields: The details, in print order.
    public init(time: SimInstant, source: String, name: String, fields: [Field] = []) {
        self.time = time; self.source = source; self.name = name; self.fields = fields
    }

    /// `0.300s panel didSelect code=f056 page=0`
    public var description: String {
        var s = "\(time) \(source) \(name)"
        for f in fields { s += " \(f.key)=\(f.value)" }
        return s
    }
}

/// An ordered, printable log of named events with their virtual times. Components of
/// one screen share one trace (a reference type on purpose) so that delegate moments of
/// different models interleave in the order they happened; tests and scenarios assert
/// on its lines.
public final class Trace {
    /// The backing store, which may still hold some dropped events at its front
    /// (compaction is occasional): read `retained` for the events the trace holds.
    public private(set) var events: [TraceEvent] = []
    /// Upper bound on stored events; older ones are dropped first so that a long
    /// monkey run cannot grow memory without bound. `droppedCount` says how many.
    public let capacity: Int
    /// Events dropped because the capacity was reached (oldest first) or by `clear()`:
    /// an event's number from the trace's start (`totalCount` before it was recorded)
    /// stays its number.
    public private(set) var droppedCount = 0
    private var head = 0

    /// An empty trace.
    ///
    /// - Parameter capacity: The most events kept (positive; a million by default).
    public init(capacity: Int = 1_000_000) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// Appends an event, dropping the oldest past `capacity`.
    ///
    /// - Parameter event: The event.
    /// - Complexity: Amortised O(1).
    public func record(_ event: TraceEvent) {
        events.append(event)
        if events.count - head > capacity {
            head += 1
            droppedCount += 1
            // Compact occasionally so dropping stays amortised O(1).
            if head > capacity / 2 + 1 { events.removeFirst(head); head = 0 }
        }
    }

    /// Appends an event from its parts: `trace.record(now, "panel", "didSelect", ("code", "f056"))`.
    ///
    /// - Parameters:
    ///   - time: When.
    ///   - source: The component.
    ///   - name: The event.
    ///   - fields: `(key, value)` details in print order.
    /// - Complexity: Amortised O(fields).
    public func record(_ time: SimInstant, _ source: String, _ name: String, _ fields: (String, String)...) {
        record(TraceEvent(time: time, source: source, name: name, fields: fields.map { .init($0.0, $0.1) }))
    }

    /// The retained events, oldest first.
    public var retained: ArraySlice<TraceEvent> { events[head...] }

    /// Number of events recorded since creation, dropped ones included.
    public var totalCount: Int { events.count - head + droppedCount }

    /// One line per event.
    public var lines: [String] { retained.map { $0.description } }

    /// The lines joined with newlines (no trailing newline): what a trace snapshot stores.
    ///
    /// - Complexity: O(events).
    public var text: String { lines.joined(separator: "\n") }

    /// Forgets the retained events numbered below `number` (from the trace's start), as
    /// the capacity would drop them: for a reader that will not read them again (the
    /// monkey, behind its last `expect trace`), so the trace holds what is still read
    /// rather than growing with the run. `droppedCount` and `totalCount` keep counting.
    ///
    /// - Parameter number: The first event number to keep.
    /// - Complexity: Amortised O(1) per event forgotten.
    public func discard(before number: Int) {
        let k = min(number - droppedCount, events.count - head)
        guard k > 0 else { return }
        head += k
        droppedCount += k
        // Compact once the forgotten part is most of the store, so it is freed.
        if head > 4_096 && head * 2 > events.count { events.removeFirst(head); head = 0 }
    }

    /// Forgets the retained events (`droppedCount` and `totalCount` keep counting).
    public func clear() { droppedCount += events.count - head; events.removeAll(); head = 0 }
}
