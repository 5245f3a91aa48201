import SimCore

/// One state transition of a recognizer, with what a UIKit action method would read:
/// location, pan translation and velocity (pt/s, finger velocity).
public struct GestureUpdate: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var kind: GestureKind
    public var state: GestureState
    public var time: SimInstant
    public var location: Point
    public var translation: Point
    public var velocity: Point

    public init(name: String, kind: GestureKind, state: GestureState, time: SimInstant,
                location: Point, translation: Point = .zero, velocity: Point = .zero) {
        self.name = name; self.kind = kind; self.state = state; self.time = time
        self.location = location; self.translation = translation; self.velocity = velocity
    }

    /// Trace fields: location always; translation and velocity for pans.
    public var fields: [TraceEvent.Field] {
        var f: [TraceEvent.Field] = [.init("location", location.description)]
        if kind == .pan && state != .failed {
            f.append(.init("translation", translation.description))
            f.append(.init("velocity", velocity.description))
        }
        return f
    }

    public func traceEvent(source: String) -> TraceEvent {
        TraceEvent(time: time, source: source, name: "\(name).\(state)", fields: fields)
    }

    public var description: String { traceEvent(source: "gesture").description }
}
