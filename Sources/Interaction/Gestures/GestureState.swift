/// UIGestureRecognizer.State. Discrete recognizers (tap) go possible -> ended
/// (recognized) or failed; continuous ones possible -> began -> changed* -> ended or
/// cancelled, or possible -> failed.
public enum GestureState: Hashable, Sendable, CustomStringConvertible {
    /// Waiting: no decision yet (every recognizer starts here).
    case possible
    /// A continuous gesture was recognized and its action runs for the first time.
    case began
    /// A continuous gesture moved.
    case changed
    /// Recognized (discrete) or finished (continuous).
    case ended
    /// A continuous gesture was interrupted (touch cancelled, the view went away).
    case cancelled
    /// Not recognized, or another recognizer won.
    case failed

    /// The case's name, as traces print it (`panel.pan.began`).
    public var description: String {
        switch self {
        case .possible: return "possible"
        case .began: return "began"
        case .changed: return "changed"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        }
    }

    /// began or changed: the gesture is in progress and owns the touch.
    public var isActive: Bool { self == .began || self == .changed }
    /// ended, cancelled or failed: nothing more until the next touch sequence.
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
}

/// The kind of a recognizer, for clients that route updates.
public enum GestureKind: Hashable, Sendable, CustomStringConvertible {
    /// `TapRecognizer` (discrete).
    case tap
    /// `LongPressRecognizer` (continuous).
    case longPress
    /// `PanRecognizer` (continuous).
    case pan
    /// The case's name.
    public var description: String {
        switch self {
        case .tap: return "tap"
        case .longPress: return "longPress"
        case .pan: return "pan"
        }
    }
}
