/// What a scroll model is doing. `decelerating` and `bouncing` both count as
/// UIKit's `isDecelerating` (a release motion); `animating` is
/// `setContentOffset(_:animated: true)` or a snap.
public enum ScrollState: Hashable, Sendable, CustomStringConvertible {
    /// At rest.
    case idle
    /// The finger moves the content.
    case dragging
    /// A released flick slows down (exponential decay, or an approach to a page).
    case decelerating
    /// Springing back from beyond an edge.
    case bouncing
    /// An offset animation or a snap runs.
    case animating

    /// The case's name.
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
    /// The bits: 1 horizontal, 2 vertical.
    public let rawValue: Int
    /// Axes from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Left-right (the emoji panel's pages).
    public static let horizontal = ScrollAxes(rawValue: 1)
    /// Up-down (the bubble list).
    public static let vertical = ScrollAxes(rawValue: 2)
    /// Both axes.
    public static let both: ScrollAxes = [.horizontal, .vertical]
}
