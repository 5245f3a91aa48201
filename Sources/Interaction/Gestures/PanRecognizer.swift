import SimCore

/// UIPanGestureRecognizer with one finger: began when the finger has moved more than
/// `hysteresis` (10 pt; UIKit's value is undocumented, ~10 pt measured) from where it
/// went down, changed on each further move, ended on lift with the tracker's release
/// velocity (3 samples, 40 ms stop rule, UIKit's smoothing: see `VelocityTracker`),
/// cancelled on cancel. Failed if the finger lifts before beginning.
///
/// `translation` is measured from where the pan began (not where the finger went
/// down), which is what UIScrollView applies: content does not jump by the
/// hysteresis when a drag starts.
public struct PanRecognizer: GestureRecognizer, Hashable {
    /// The name traces print (`pan` unless given).
    public let name: String
    /// Always `.pan`.
    public var kind: GestureKind { .pan }
    /// How far, in points, the finger must move before the pan begins.
    public var hysteresis: Double
    /// Whether touches are seen.
    public var isEnabled = true
    /// UIKit's continuous states.
    public private(set) var state: GestureState = .possible
    /// The finger's offset from where the pan began.
    public private(set) var translation: Point = .zero
    /// The finger's recent samples, for `velocity`.
    public private(set) var tracker = VelocityTracker()
    private var origin: Point = .zero
    private var beganAt: Point = .zero
    private var location: Point = .zero

    /// - Parameters:
    ///   - name: The trace name.
    ///   - hysteresis: The movement before the pan begins, in points.
    public init(name: String = "pan", hysteresis: Double = 10) {
        self.name = name; self.hysteresis = hysteresis
    }

    /// Always nil: a pan needs no timer.
    public var deadline: SimInstant? { nil }

    /// The finger's velocity in points a second, from `tracker` (zero in `began`'s update).
    public var velocity: Point { tracker.velocity }

    /// The tracker's estimate with what it rests on (measured from N samples, stopped,
    /// too few samples): at the lift once the finger is up, which is the release
    /// velocity `ended` carries.
    public var estimate: VelocityTracker.Estimate { tracker.estimate() }

    private func update(_ s: GestureState, _ t: SimInstant) -> GestureUpdate {
        GestureUpdate(name: name, kind: kind, state: s, time: t, location: location,
                      translation: translation, velocity: s == .began ? .zero : tracker.velocity)
    }

    /// Tracks the finger: begins past the hysteresis, `changed` when the translation
    /// changes, `ended` on lift with the release velocity; an early lift fails.
    ///
    /// - Parameter touch: The touch.
    /// - Returns: The transitions it caused.
    public mutating func handle(_ touch: TouchEvent) -> [GestureUpdate] {
        guard isEnabled, !state.isFinished else { return [] }
        tracker.add(touch)
        location = touch.location
        switch (state, touch.phase) {
        case (.possible, .began):
            origin = touch.location; translation = .zero
            return []
        case (.possible, .moved):
            guard touch.location.distance(to: origin) > hysteresis else { return [] }
            state = .began
            beganAt = touch.location
            translation = .zero
            return [update(.began, touch.timestamp)]
        case (.possible, .ended), (.possible, .cancelled):
            state = .failed
            return [update(.failed, touch.timestamp)]
        case (_, .moved):
            let t = touch.location - beganAt
            guard t != translation else { return [] }
            translation = t
            state = .changed
            return [update(.changed, touch.timestamp)]
        case (_, .ended):
            translation = touch.location - beganAt
            state = .ended
            return [update(.ended, touch.timestamp)]
        case (_, .cancelled):
            state = .cancelled
            return [update(.cancelled, touch.timestamp)]
        case (_, .stationary), (_, .began):
            return []
        }
    }

    /// Nothing: a pan has no deadline.
    public mutating func deadlinePassed(at time: SimInstant) -> [GestureUpdate] { [] }

    /// Another recognizer won: fails if it has not begun.
    ///
    /// - Parameter time: When.
    /// - Returns: `failed`, or nothing.
    public mutating func fail(at time: SimInstant) -> [GestureUpdate] {
        guard state == .possible else { return [] }
        state = .failed
        return [update(.failed, time)]
    }

    /// Back to `.possible`: translation and samples cleared.
    public mutating func reset() { state = .possible; translation = .zero; tracker.reset() }
}

extension PanRecognizer {
    /// `.pan(self)`.
    public var erased: AnyGestureRecognizer { .pan(self) }
    /// The pan inside `erased`, nil for another case.
    public static func unerased(_ erased: AnyGestureRecognizer) -> Self? {
        if case .pan(let r) = erased { return r }
        return nil
    }
}
