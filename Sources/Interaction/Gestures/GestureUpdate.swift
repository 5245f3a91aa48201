import SimCore

/// One state transition of a recognizer, with what a UIKit action method would read:
/// location, pan translation and velocity (pt/s, finger velocity).
public struct GestureUpdate: Hashable, Sendable, CustomStringConvertible {
    /// The recognizer's name.
    public var name: String
    /// The recognizer's kind.
    public var kind: GestureKind
    /// The state entered.
    public var state: GestureState
    /// When the transition happened.
    public var time: SimInstant
    /// The finger's location (`location(in:)`), in the recognizer's view.
    public var location: Point
    /// A pan's translation since it began (`translation(in:)`); zero for others.
    public var translation: Point
    /// A pan's finger velocity in points a second (`velocity(in:)`); zero for others.
    public var velocity: Point

    /// - Parameters:
    ///   - name: The recognizer's name.
    ///   - kind: Its kind.
    ///   - state: The state entered.
    ///   - time: When.
    ///   - location: The finger's location.
    ///   - translation: A pan's translation.
    ///   - velocity: A pan's velocity.
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

    /// The update as a trace line named `name.state` (`panel.pan.changed`).
    ///
    /// - Parameter source: The component recording it.
    public func traceEvent(source: String) -> TraceEvent {
        TraceEvent(time: time, source: source, name: "\(name).\(state)", fields: fields)
    }

    /// The trace line with source `gesture`.
    public var description: String { traceEvent(source: "gesture").description }
}
