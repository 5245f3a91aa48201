import SimCore

/// UILongPressGestureRecognizer with one finger: began once the finger has been down
/// for `minimumPressDuration` (0.5 s by default; the seed panel uses 0.3 s) without
/// moving more than `allowableMovement` (10 pt) from where it went down, then changed
/// on every move (no movement limit any more), ended on lift, cancelled on cancel.
/// Moving too far or lifting before the deadline fails it.
public struct LongPressRecognizer: GestureRecognizer, Hashable {
    /// The name traces print (`longPress` unless given).
    public let name: String
    /// Always `.longPress`.
    public var kind: GestureKind { .longPress }
    /// How long the finger must rest before the press begins (0.5 s, UIKit's default).
    public var minimumPressDuration: SimDuration
    /// How far, in points, the finger may move before the press began (10, UIKit's).
    public var allowableMovement: Double
    /// Whether touches are seen.
    public var isEnabled = true
    /// UIKit's states: `.began` at the deadline, `.changed` on moves, `.ended` on lift.
    public private(set) var state: GestureState = .possible
    private var downAt: SimInstant?
    private var origin: Point = .zero
    private var location: Point = .zero

    /// - Parameters:
    ///   - name: The trace name.
    ///   - minimumPressDuration: The hold before it begins.
    ///   - allowableMovement: The movement tolerance before it begins, in points.
    public init(name: String = "longPress", minimumPressDuration: SimDuration = .milliseconds(500),
                allowableMovement: Double = 10) {
        self.name = name; self.minimumPressDuration = minimumPressDuration; self.allowableMovement = allowableMovement
    }

    /// Down time + `minimumPressDuration` while possible: the instant the press begins.
    public var deadline: SimInstant? {
        guard state == .possible, let d = downAt else { return nil }
        return d + minimumPressDuration
    }

    private func update(_ s: GestureState, _ t: SimInstant) -> GestureUpdate {
        GestureUpdate(name: name, kind: kind, state: s, time: t, location: location)
    }

    /// Tracks the finger: fails on too much movement or an early lift; once begun, moves
    /// are `changed` and the lift `ended`.
    ///
    /// - Parameter touch: The touch.
    /// - Returns: The transitions it caused.
    public mutating func handle(_ touch: TouchEvent) -> [GestureUpdate] {
        guard isEnabled, !state.isFinished else { return [] }
        location = touch.location
        switch (state, touch.phase) {
        case (.possible, .began):
            downAt = touch.timestamp; origin = touch.location
            return []
        case (.possible, .moved), (.possible, .stationary):
            if touch.location.distance(to: origin) > allowableMovement {
                state = .failed
                return [update(.failed, touch.timestamp)]
            }
            return []
        case (.possible, .ended), (.possible, .cancelled):
            // Lifted before the timer: the deadline would have fired first if due.
            state = .failed
            return [update(.failed, touch.timestamp)]
        case (_, .moved):
            state = .changed
            return [update(.changed, touch.timestamp)]
        case (_, .stationary):
            return []
        case (_, .ended):
            state = .ended
            return [update(.ended, touch.timestamp)]
        case (_, .cancelled):
            state = .cancelled
            return [update(.cancelled, touch.timestamp)]
        case (_, .began):
            return []
        }
    }

    /// The finger rested long enough: begins at exactly the deadline.
    ///
    /// - Parameter time: The deadline's instant.
    /// - Returns: `began`, or nothing.
    public mutating func deadlinePassed(at time: SimInstant) -> [GestureUpdate] {
        guard isEnabled, state == .possible, let d = deadline, time >= d else { return [] }
        state = .began
        return [update(.began, time)]
    }

    /// Another recognizer won: fails if it has not begun.
    ///
    /// - Parameter time: When.
    /// - Returns: `failed`, or nothing.
    public mutating func fail(at time: SimInstant) -> [GestureUpdate] {
        guard state == .possible else { return [] }
        state = .failed
        return [update(.failed, time)]
    }

    /// Back to `.possible`, forgetting the touch-down.
    public mutating func reset() { state = .possible; downAt = nil }
}

extension LongPressRecognizer {
    /// `.longPress(self)`.
    public var erased: AnyGestureRecognizer { .longPress(self) }
    /// The long press inside `erased`, nil for another case.
    public static func unerased(_ erased: AnyGestureRecognizer) -> Self? {
        if case .longPress(let r) = erased { return r }
        return nil
    }
}
