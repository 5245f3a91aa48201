import SimCore

/// A gesture recognizer as a value-type state machine. It sees the touches of one
/// finger and, when it asks for one, a deadline (the long-press timer). It never
/// resolves conflicts itself: `GestureArena` does (recognizing fails the others).
///
/// Each input returns the transitions it caused (usually zero or one).
public protocol GestureRecognizer: Sendable {
    var name: String { get }
    var kind: GestureKind { get }
    var state: GestureState { get }
    var isEnabled: Bool { get set }
    /// When this recognizer wants `deadlinePassed` called, if at all.
    var deadline: SimInstant? { get }
    mutating func handle(_ touch: TouchEvent) -> [GestureUpdate]
    mutating func deadlinePassed(at time: SimInstant) -> [GestureUpdate]
    /// Arbitration: another recognizer won. Possible -> failed.
    mutating func fail(at time: SimInstant) -> [GestureUpdate]
    /// Back to possible for the next touch sequence.
    mutating func reset()
    /// This recognizer as a case of the arena's closed set (no existentials in Embedded Swift).
    var erased: AnyGestureRecognizer { get }
    /// The recognizer of this type inside `erased`, nil if it holds another type.
    static func unerased(_ erased: AnyGestureRecognizer) -> Self?
}
