/// One entry of a trace: when, who, what, and ordered key=value details.
public struct TraceEvent: Hashable, Sendable, CustomStringConvertible {
    public var time: SimInstant
    public var source: String
    public var name: String
    public var fields: [Field]

    public struct Field: Hashable, Sendable {
        public var key: String
        public var value: String
        public init(_ key: String, _ value: String) { self.key = key; self.value = value }
    }

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
    public private(set) var events: [TraceEvent] = []
    /// Upper bound on stored events; older ones are dropped first so that a long
    /// monkey run cannot grow memory without bound. `droppedCount` says how many.
    public let capacity: Int
    public private(set) var droppedCount = 0
    private var head = 0

    public init(capacity: Int = 1_000_000) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    public func record(_ event: TraceEvent) {
        events.append(event)
        if events.count - head > capacity {
            head += 1
            droppedCount += 1
            // Compact occasionally so dropping stays amortised O(1).
            if head > capacity / 2 + 1 { events.removeFirst(head); head = 0 }
        }
    }

    public func record(_ time: SimInstant, _ source: String, _ name: String, _ fields: (String, String)...) {
        record(TraceEvent(time: time, source: source, name: name, fields: fields.map { .init($0.0, $0.1) }))
    }

    /// The retained events, oldest first.
    public var retained: ArraySlice<TraceEvent> { events[head...] }

    /// Number of events recorded since creation, dropped ones included.
    public var totalCount: Int { events.count - head + droppedCount }

    /// One line per event.
    public var lines: [String] { retained.map { $0.description } }

    public var text: String { lines.joined(separator: "\n") }

    public func clear() { events.removeAll(); head = 0 }
}
