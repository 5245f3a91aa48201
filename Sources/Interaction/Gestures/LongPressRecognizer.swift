import SimCore

/// UILongPressGestureRecognizer with one finger: began once the finger has been down
/// for `minimumPressDuration` (0.5 s by default; the seed panel uses 0.3 s) without
/// moving more than `allowableMovement` (10 pt) from where it went down, then changed
/// on every move (no movement limit any more), ended on lift, cancelled on cancel.
/// Moving too far or lifting before the deadline fails it.
public struct LongPressRecognizer: GestureRecognizer, Hashable {
    public let name: String
    public var kind: GestureKind { .longPress }
    public var minimumPressDuration: SimDuration
    public var allowableMovement: Double
    public var isEnabled = true
    public private(set) var state: GestureState = .possible
    private var downAt: SimInstant?
    private var origin: Point = .zero
    private var location: Point = .zero

    public init(name: String = "longPress", minimumPressDuration: SimDuration = .milliseconds(500),
                allowableMovement: Double = 10) {
        self.name = name; self.minimumPressDuration = minimumPressDuration; self.allowableMovement = allowableMovement
    }

    public var deadline: SimInstant? {
        guard state == .possible, let d = downAt else { return nil }
        return d + minimumPressDuration
    }

    private func update(_ s: GestureState, _ t: SimInstant) -> GestureUpdate {
        GestureUpdate(name: name, kind: kind, state: s, time: t, location: location)
    }

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

    public mutating func deadlinePassed(at time: SimInstant) -> [GestureUpdate] {
        guard isEnabled, state == .possible, let d = deadline, time >= d else { return [] }
        state = .began
        return [update(.began, time)]
    }

    public mutating func fail(at time: SimInstant) -> [GestureUpdate] {
        guard state == .possible else { return [] }
        state = .failed
        return [update(.failed, time)]
    }

    public mutating func reset() { state = .possible; downAt = nil }
}

extension LongPressRecognizer {
    public var erased: AnyGestureRecognizer { .longPress(self) }
    public static func unerased(_ erased: AnyGestureRecognizer) -> Self? {
        if case .longPress(let r) = erased { return r }
        return nil
    }
}
