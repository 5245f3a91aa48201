import SimCore

/// UIControl's tracking of one touch, as a value: the control is chosen at touch down
/// (by the host's hit test) and keeps the touch until it ends, whatever happens to
/// the finger or to the control meanwhile.
///
/// - "Inside" means within the control's bounds grown by `slop` (70 pt) on every side,
///   UIKit's `-[UIControl pointMostlyInside:withEvent:]`. It is evaluated on every move
///   and at the lift against the bounds the host passes *at that instant* (a control
///   that moves under the finger is judged where it is then).
/// - Highlight follows inside/outside: `touchDragExit` when the finger leaves the grown
///   bounds, `touchDragEnter` when it comes back.
/// - No time limit: a press held for a minute is still a tap.
/// - Only a cancel (`touchCancel`) or a lift outside (`touchUpOutside`) fails it; a
///   lift inside is `touchUpInside`, the control's action.
///
/// Sources for the 70 pt: "UIControl的小秘密——额外的70像素" (cnblogs.com/peterpan507/p/
/// 3632353.html) and Stack Overflow question 14340122 ("UIControlEventTouchDragExit
/// triggers when 100 pixels away from UIButton"; its answers measure about 70 pt as
/// UIControl's default). UIControl also sends touchDragInside/touchDragOutside on every
/// move; they change nothing here and are not reported.
///
/// O(1) per call, no allocation beyond the returned event (at most one).
public struct ControlTracker: Hashable, Sendable {
    /// UIControl's touch events that change something.
    public enum Event: String, Hashable, Sendable, CustomStringConvertible {
        /// The finger went down on the control.
        case touchDown
        /// The finger left the slop area while tracking (the highlight goes off).
        case touchDragExit
        /// The finger came back into the slop area (the highlight comes back).
        case touchDragEnter
        /// Lifted inside the slop area: the control's action (a button's tap).
        case touchUpInside
        /// Lifted outside: no action.
        case touchUpOutside
        /// The system cancelled the touch.
        case touchCancel
        /// UIKit's name without the prefix: `touchUpInside`.
        public var description: String { rawValue }
    }

    /// How far outside its bounds a touch still counts as inside.
    public static let defaultSlop: Double = 70

    /// Points outside the bounds that still count as inside (`defaultSlop` unless given).
    public var slop: Double
    /// Between touch down and the end of the touch.
    public private(set) var isTracking = false
    /// Whether the finger is (mostly) inside: UIControl's `isHighlighted` while tracking.
    public private(set) var isInside = false

    /// A tracker not tracking.
    ///
    /// - Parameter slop: The inside margin in points.
    public init(slop: Double = ControlTracker.defaultSlop) {
        self.slop = slop.isFinite ? max(0, slop) : ControlTracker.defaultSlop
    }

    /// `pointMostlyInside`: `p` within `bounds` grown by `slop`.
    public func isMostlyInside(_ p: Point, bounds: Rect) -> Bool {
        bounds.insetBy(dx: -slop, dy: -slop).contains(p)
    }

    /// Touch down (the host's hit test chose this control): starts tracking, inside.
    public mutating func begin() -> [Event] {
        isTracking = true
        isInside = true
        return [.touchDown]
    }

    /// A move to `p`, judged against `bounds` now.
    public mutating func move(to p: Point, bounds: Rect) -> [Event] {
        guard isTracking else { return [] }
        let inside = isMostlyInside(p, bounds: bounds)
        defer { isInside = inside }
        if inside == isInside { return [] }
        return [inside ? .touchDragEnter : .touchDragExit]
    }

    /// The lift at `p`, judged against `bounds` now. Ends tracking.
    public mutating func end(at p: Point, bounds: Rect) -> [Event] {
        guard isTracking else { return [] }
        let inside = isMostlyInside(p, bounds: bounds)
        isTracking = false
        isInside = false
        return [inside ? .touchUpInside : .touchUpOutside]
    }

    /// The system cancelled the touch. Ends tracking.
    public mutating func cancel() -> [Event] {
        guard isTracking else { return [] }
        isTracking = false
        isInside = false
        return [.touchCancel]
    }
}
