import SimCore

/// UITapGestureRecognizer with one tap of one finger: recognized (ended) when the
/// finger lifts within `maximumMovement` (10 pt) of where it went down and before
/// `maximumDuration`; failed as soon as it moves further or is held longer (a
/// deadline, so the failure happens at the exact instant).
public struct TapRecognizer: GestureRecognizer, Hashable {
    /// The name traces print (`tap` unless given).
    public let name: String
    /// Always `.tap`.
    public var kind: GestureKind { .tap }
    /// How far, in points, the finger may move from where it went down (10, UIKit's).
    public var maximumMovement: Double
    /// UIKit does not document a limit; 0.75 s is our choice (a long press, when
    /// present, fails the tap earlier anyway).
    public var maximumDuration: SimDuration
    /// Whether touches are seen; a disabled tap never fires.
    public var isEnabled = true
    /// `.possible` until the lift (`.ended`) or a failure.
    public private(set) var state: GestureState = .possible
    private var downAt: SimInstant?
    private var origin: Point = .zero

    /// - Parameters:
    ///   - name: The trace name.
    ///   - maximumMovement: The movement tolerance in points.
    ///   - maximumDuration: The longest hold that still counts as a tap.
    public init(name: String = "tap", maximumMovement: Double = 10, maximumDuration: SimDuration = .milliseconds(750)) {
        self.name = name; self.maximumMovement = maximumMovement; self.maximumDuration = maximumDuration
    }

    /// Down time + `maximumDuration` while the finger is down: the instant the tap fails.
    public var deadline: SimInstant? {
        guard state == .possible, let d = downAt else { return nil }
        return d + maximumDuration
    }

    private func update(_ s: GestureState, _ t: SimInstant, _ p: Point) -> GestureUpdate {
        GestureUpdate(name: name, kind: kind, state: s, time: t, location: p)
    }

    /// Tracks the finger: a lift within the limits recognizes (`ended`), moving too far or
    /// a cancel fails.
    ///
    /// - Parameter touch: The touch.
    /// - Returns: `ended` or `failed`, or nothing.
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

    /// Held too long: fails at exactly the deadline.
    ///
    /// - Parameter time: The deadline's instant.
    /// - Returns: `failed`, or nothing when no longer possible.
    public mutating func deadlinePassed(at time: SimInstant) -> [GestureUpdate] {
        guard state == .possible, let d = deadline, time >= d else { return [] }
        state = .failed
        return [update(.failed, time, origin)]
    }

    /// Another recognizer won (a long press that began): fails if still possible.
    ///
    /// - Parameter time: When.
    /// - Returns: `failed`, or nothing.
    public mutating func fail(at time: SimInstant) -> [GestureUpdate] {
        guard state == .possible else { return [] }
        state = .failed
        return [update(.failed, time, origin)]
    }

    /// Back to `.possible` for the next touch sequence.
    public mutating func reset() { state = .possible; downAt = nil }
}

extension TapRecognizer {
    /// `.tap(self)`.
    public var erased: AnyGestureRecognizer { .tap(self) }
    /// The tap inside `erased`, nil for another case.
    public static func unerased(_ erased: AnyGestureRecognizer) -> Self? {
        if case .tap(let r) = erased { return r }
        return nil
    }
}
