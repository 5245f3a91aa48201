import SimCore

/// A gesture recognizer as a value-type state machine. It sees the touches of one
/// finger and, when it asks for one, a deadline (the long-press timer). It never
/// resolves conflicts itself: `GestureArena` does (recognizing fails the others).
///
/// Each input returns the transitions it caused (usually zero or one).
public protocol GestureRecognizer: Sendable {
    /// The name traces print (`panel.longPress`), unique within one arena.
    var name: String { get }
    /// Tap, long press or pan.
    var kind: GestureKind { get }
    /// Where it is in UIKit's state machine.
    var state: GestureState { get }
    /// A disabled recognizer ignores touches and never takes part in arbitration.
    var isEnabled: Bool { get set }
    /// When this recognizer wants `deadlinePassed` called, if at all.
    var deadline: SimInstant? { get }
    /// Feeds one touch of the tracked finger.
    ///
    /// - Parameter touch: The touch, in the recognizer's view's coordinates.
    /// - Returns: The transitions it caused, in order.
    mutating func handle(_ touch: TouchEvent) -> [GestureUpdate]
    /// Called by the arena when `deadline` is reached (a long press's minimum duration).
    ///
    /// - Parameter time: The deadline's instant.
    /// - Returns: The transitions it caused.
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
