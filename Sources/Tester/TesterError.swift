import SimCore
import Interaction

/// Why the Tester could not do what it was asked. The message states the condition
/// with its facts; callers (the scenario driver) prefix the script line.
public enum TesterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Still moving after `TesterDefaults.idleLimit` of virtual time.
    case notIdle(after: SimDuration, moving: [String])
    /// A touch aimed outside the subject.
    case outside(Point, bounds: Rect)
    /// press/move/release out of order.
    case finger(String)
    /// A gesture that cannot be performed as asked (the message states the limit).
    case gesture(String)
    /// A swipe that cannot be performed as asked (`SwipePlan`'s reason).
    case swipe(SwipeError)
    /// A finder's target cannot take the touch of `action` (`tap panel.emoji 笑哭`):
    /// the resolution says why, with the facts.
    case notActionable(action: String, Finder, FinderResult)

    /// The message as scripts and failures print it.
    public var description: String {
        switch self {
        case let .notIdle(after, moving):
            return "not idle after \(after) of virtual time (still moving: " + moving.joined(separator: "; ") + ")"
        case let .outside(p, bounds):
            return "point \(p) is outside the \(bounds.size) screen"
        case .finger(let m), .gesture(let m):
            return m
        case .swipe(let e):
            return e.description
        case let .notActionable(action, _, result):
            return action + ": " + result.description
        }
    }
}
