import SimCore

/// One of the recognizers the arena knows, as a value: how `GestureArena` stores a mixed
/// list without existentials (`any GestureRecognizer` is not available in Embedded Swift).
///
/// Every requirement forwards to the wrapped recognizer with one switch, O(1) over it.
/// A new recognizer type adds a case here and its `erased` / `unerased` pair.
public enum AnyGestureRecognizer: GestureRecognizer, Hashable {
    /// A tap recognizer.
    case tap(TapRecognizer)
    /// A long-press recognizer.
    case longPress(LongPressRecognizer)
    /// A pan recognizer.
    case pan(PanRecognizer)

    /// Itself: it is already erased.
    public var erased: AnyGestureRecognizer { self }
    /// Itself (every erased recognizer is one of these).
    public static func unerased(_ erased: AnyGestureRecognizer) -> AnyGestureRecognizer? { erased }

    /// The wrapped recognizer's name.
    public var name: String {
        switch self {
        case .tap(let r): return r.name
        case .longPress(let r): return r.name
        case .pan(let r): return r.name
        }
    }

    /// The wrapped recognizer's kind (the case).
    public var kind: GestureKind {
        switch self {
        case .tap(let r): return r.kind
        case .longPress(let r): return r.kind
        case .pan(let r): return r.kind
        }
    }

    /// The wrapped recognizer's state.
    public var state: GestureState {
        switch self {
        case .tap(let r): return r.state
        case .longPress(let r): return r.state
        case .pan(let r): return r.state
        }
    }

    /// The wrapped recognizer's switch; setting it writes the recognizer back.
    public var isEnabled: Bool {
        get {
            switch self {
            case .tap(let r): return r.isEnabled
            case .longPress(let r): return r.isEnabled
            case .pan(let r): return r.isEnabled
            }
        }
        set {
            switch self {
            case .tap(var r): r.isEnabled = newValue; self = .tap(r)
            case .longPress(var r): r.isEnabled = newValue; self = .longPress(r)
            case .pan(var r): r.isEnabled = newValue; self = .pan(r)
            }
        }
    }

    /// The wrapped recognizer's deadline (only a long press and a tap have one).
    public var deadline: SimInstant? {
        switch self {
        case .tap(let r): return r.deadline
        case .longPress(let r): return r.deadline
        case .pan(let r): return r.deadline
        }
    }

    /// Feeds the touch to the wrapped recognizer.
    ///
    /// - Parameter touch: The touch.
    /// - Returns: The wrapped recognizer's transitions.
    public mutating func handle(_ touch: TouchEvent) -> [GestureUpdate] {
        switch self {
        case .tap(var r): let result = r.handle(touch); self = .tap(r); return result
        case .longPress(var r): let result = r.handle(touch); self = .longPress(r); return result
        case .pan(var r): let result = r.handle(touch); self = .pan(r); return result
        }
    }

    /// Tells the wrapped recognizer its deadline passed.
    ///
    /// - Parameter time: The deadline's instant.
    /// - Returns: The wrapped recognizer's transitions.
    public mutating func deadlinePassed(at time: SimInstant) -> [GestureUpdate] {
        switch self {
        case .tap(var r): let result = r.deadlinePassed(at: time); self = .tap(r); return result
        case .longPress(var r): let result = r.deadlinePassed(at: time); self = .longPress(r); return result
        case .pan(var r): let result = r.deadlinePassed(at: time); self = .pan(r); return result
        }
    }

    /// Fails the wrapped recognizer (another one won).
    ///
    /// - Parameter time: When.
    /// - Returns: `failed` when it was still possible, else nothing.
    public mutating func fail(at time: SimInstant) -> [GestureUpdate] {
        switch self {
        case .tap(var r): let result = r.fail(at: time); self = .tap(r); return result
        case .longPress(var r): let result = r.fail(at: time); self = .longPress(r); return result
        case .pan(var r): let result = r.fail(at: time); self = .pan(r); return result
        }
    }

    /// Resets the wrapped recognizer for the next touch sequence.
    public mutating func reset() {
        switch self {
        case .tap(var r): r.reset(); self = .tap(r)
        case .longPress(var r): r.reset(); self = .longPress(r)
        case .pan(var r): r.reset(); self = .pan(r)
        }
    }
}
