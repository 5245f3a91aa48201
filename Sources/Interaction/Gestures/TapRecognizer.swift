import SimCore

/// UITapGestureRecognizer with one tap of one finger: recognized (ended) when the
/// finger lifts within `maximumMovement` (10 pt) of where it went down and before
/// `maximumDuration`; failed as soon as it moves further or is held longer (a
/// deadline, so the failure happens at the exact instant).
public struct TapRecognizer: GestureRecognizer, Hashable {
    public let name: String
    public var kind: GestureKind { .tap }
    public var maximumMovement: Double
    /// UIKit does not document a limit; 0.75 s is our choice (a long press, when
    /// present, fails the tap earlier anyway).
    public var maximumDuration: SimDuration
    public var isEnabled = true
    public private(set) var state: GestureState = .possible
    private var downAt: SimInstant?
    private var origin: Point = .zero

    public init(name: String = "tap", maximumMovement: Double = 10, maximumDuration: SimDuration = .milliseconds(750)) {
        self.name = name; self.maximumMovement = maximumMovement; self.maximumDuration = maximumDuration
    }

    public var deadline: SimInstant? {
        guard state == .possible, let d = downAt else { return nil }
        return d + maximumDuration
    }

    private func update(_ s: GestureState, _ t: SimInstant, _ p: Point) -> GestureUpdate {
        GestureUpdate(name: name, kind: kind, state: s, time: t, location: p)
    }

    public mutating func handle(_ touch: TouchEvent) -> [GestureUpdate] {
        guard isEnabled, state == .possible else { return [] }
        switch touch.phase {
        case .began:
            downAt = touch.timestamp; origin = touch.location
            return []
        case .moved, .stationary:
            if touch.location.distance(to: origin) > maximumMovement {
                state = .failed
                return [update(.failed, touch.timestamp, touch.location)]
            }
            return []
        case .ended:
            guard let d = downAt else { return [] }
            if touch.timestamp - d > maximumDuration || touch.location.distance(to: origin) > maximumMovement {
                state = .failed
            } else {
                state = .ended
            }
            return [update(state, touch.timestamp, touch.location)]
        case .cancelled:
            state = .failed
            return [update(.failed, touch.timestamp, touch.location)]
        }
    }

    public mutating func deadlinePassed(at time: SimInstant) -> [GestureUpdate] {
        guard state == .possible, let d = deadline, time >= d else { return [] }
        state = .failed
        return [update(.failed, time, origin)]
    }

    public mutating func fail(at time: SimInstant) -> [GestureUpdate] {
        guard state == .possible else { return [] }
        state = .failed
        return [update(.failed, time, origin)]
    }

    public mutating func reset() { state = .possible; downAt = nil }
}

extension TapRecognizer {
    public var erased: AnyGestureRecognizer { .tap(self) }
    public static func unerased(_ erased: AnyGestureRecognizer) -> Self? {
        if case .tap(let r) = erased { return r }
        return nil
    }
}
