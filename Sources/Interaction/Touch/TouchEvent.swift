import SimCore

/// One sample of one finger, as UITouch delivers it: which finger (`id`), what
/// happened (`phase`), where (points, in the view's coordinates) and when (virtual
/// clock).
public struct TouchEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Phase: Hashable, Sendable, CustomStringConvertible {
        case began, moved, stationary, ended, cancelled

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

    public var id: Int
    public var phase: Phase
    public var location: Point
    public var timestamp: SimInstant

    public init(id: Int = 1, phase: Phase, location: Point, timestamp: SimInstant) {
        self.id = id; self.phase = phase; self.location = location; self.timestamp = timestamp
    }

    /// `0.016s touch#1 moved (10, 20)`
    public var description: String { "\(timestamp) touch#\(id) \(phase) \(location)" }
}
