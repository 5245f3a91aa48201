import SimCore

/// One sample of one finger, as UITouch delivers it: which finger (`id`), what
/// happened (`phase`), where (points, in the view's coordinates) and when (virtual
/// clock).
public struct TouchEvent: Hashable, Sendable, CustomStringConvertible {
    /// UITouch.Phase.
    public enum Phase: Hashable, Sendable, CustomStringConvertible {
        /// The finger touched down.
        case began
        /// The finger moved.
        case moved
        /// The finger is down and did not move (UIKit sends these only with other moving touches).
        case stationary
        /// The finger lifted.
        case ended
        /// The system took the touch away (an alert, a gesture elsewhere).
        case cancelled

        /// The case's name.
        public var description: String {
            switch self {
            case .began: return "began"
            case .moved: return "moved"
            case .stationary: return "stationary"
            case .ended: return "ended"
            case .cancelled: return "cancelled"
            }
        }

        /// ended or cancelled: the finger is gone.
        public var isFinal: Bool { self == .ended || self == .cancelled }
    }

    /// Which finger: the same for every sample of one touch sequence.
    public var id: Int
    /// What happened.
    public var phase: Phase
    /// Where, in points in the receiving view's coordinates.
    public var location: Point
    /// When, on the virtual clock.
    public var timestamp: SimInstant

    /// - Parameters:
    ///   - id: The finger (1 unless several are simulated).
    ///   - phase: What happened.
    ///   - location: Where.
    ///   - timestamp: When.
    public init(id: Int = 1, phase: Phase, location: Point, timestamp: SimInstant) {
        self.id = id; self.phase = phase; self.location = location; self.timestamp = timestamp
    }

    /// `0.016s touch#1 moved (10, 20)`
    public var description: String { "\(timestamp) touch#\(id) \(phase) \(location)" }
}
