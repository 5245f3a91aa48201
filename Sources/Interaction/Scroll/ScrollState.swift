/// What a scroll model is doing. `decelerating` and `bouncing` both count as
/// UIKit's `isDecelerating` (a release motion); `animating` is
/// `setContentOffset(_:animated: true)` or a snap.
public enum ScrollState: Hashable, Sendable, CustomStringConvertible {
    case idle
    case dragging
    case decelerating
    case bouncing
    case animating

    public var description: String {
        switch self {
        case .idle: return "idle"
        case .dragging: return "dragging"
        case .decelerating: return "decelerating"
        case .bouncing: return "bouncing"
        case .animating: return "animating"
        }
    }
}

/// The axes a scroll model moves along.
public struct ScrollAxes: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let horizontal = ScrollAxes(rawValue: 1)
    public static let vertical = ScrollAxes(rawValue: 2)
    public static let both: ScrollAxes = [.horizontal, .vertical]
}
