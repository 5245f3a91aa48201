import SimCore

/// A UIScrollView as a reducer: geometry, state and the physics of dragging,
/// deceleration, rubber band, bounce, paging/snapping and animated scrolls.
///
/// Actions in, delegate moments out: every action returns the `ScrollEvent`s it caused,
/// in UIKit's order, and `.tick` advances motions to the frame instant it is sent at.
/// The delegate's `targetContentOffset` answer is the `target` of `.endDrag` (ignored
/// under `.paging`, as UIKit ignores it for paging views). Motions are closed-form
/// functions of time from their start instant (see `AxisMotion`), so results do not
/// depend on the frame rate; a tick costs O(1).
///
/// Velocities are content-offset velocities in pt/s: the negative of the finger's
/// (pan) velocity; `ScrollModel.offsetVelocity(forPan:)` converts, and `.pan` drives the
/// model straight from a `PanRecognizer`'s updates.
///
/// Usage, per frame of a display link on the screen's clock:
///
///     let scroll = ScrollModel()
///     var state = ScrollModel.State(viewportSize: ..., contentSize: ..., axes: .horizontal)
///     state.pagingPolicy = .paging
///     handle(scroll.reduce(into: &state, .pan(update), at: update.time))   // drag, release
///     handle(scroll.reduce(into: &state, .tick, at: frame))                // motions, delegate moments
public struct ScrollModel: Reducer {
    /// Every input of the model, each at the instant `reduce` is given.
    public enum Action: Hashable, Sendable {
        /// The pan began (after its hysteresis).
        case beginDrag
        /// The finger moved: translation from where the drag began.
        case drag(translation: Point)
        /// The finger lifted. `target`, when set, is the delegate's answer to
        /// `scrollViewWillEndDragging` (the value it writes to targetContentOffset);
        /// ignored under `.paging`, as UIKit ignores it.
        case endDrag(velocity: Point, target: Point? = nil)
        /// The pan was cancelled: a release without velocity.
        case cancelDrag
        /// A finger touched down (catches a running release motion).
        case touchDown
        /// That finger lifted without dragging.
        case touchUp
        /// A display-link frame.
        case tick
        /// `setContentOffset(_:animated:)`.
        case setContentOffset(Point, animated: Bool)
        /// `isScrollEnabled`.
        case setScrollEnabled(Bool)
        /// `contentSize`; a resting offset past the new end is clamped.
        case setContentSize(Size)
        /// `bounds.size`; a resting offset past the new end is clamped.
        case setViewportSize(Size)
        /// `contentInset`; a resting offset outside the new range is clamped.
        case setContentInset(Insets)
        /// One update of the view's pan recognizer: began -> beginDrag, changed -> drag,
        /// ended -> the last drag then endDrag with the offset velocity, cancelled ->
        /// cancelDrag (UIScrollView's own pan); other kinds are ignored.
        case pan(GestureUpdate)
    }

    /// The delegate moments, in UIKit's order.
    public typealias Event = ScrollEvent

    /// The reducer (it has no dependencies: policies and physics are state).
    public init() {}

    /// Runs one action at `now`; returns the delegate moments it caused.
    ///
    /// - Complexity: O(1).
    public func reduce(into state: inout State, _ action: Action, at now: SimInstant) -> [ScrollEvent] {
        switch action {
        case .beginDrag: return state.beginDrag(at: now)
        case let .drag(translation): return state.drag(translation: translation, at: now)
        case let .endDrag(v, target):
            return state.endDrag(velocity: v, at: now) { proposed, _ in if let target { proposed = target } }
        case .cancelDrag: return state.cancelDrag(at: now)
        case .touchDown: return state.touchDown(at: now)
        case .touchUp: return state.touchUp(at: now)
        case .tick: return state.tick(at: now)
        case let .setContentOffset(p, animated): return state.setContentOffset(p, animated: animated, at: now)
        case let .setScrollEnabled(on): return state.setScrollEnabled(on, at: now)
        case let .setContentSize(s): return state.setContentSize(s, at: now)
        case let .setViewportSize(s): return state.setViewportSize(s, at: now)
        case let .setContentInset(i): return state.setContentInset(i, at: now)
        case let .pan(u): return state.apply(u, at: now)
        }
    }

    /// Never: motions are sampled at frames.
    public func nextDeadline(_ state: State) -> SimInstant? { nil }

    /// While a release motion or an animated scroll runs (a drag moves with the finger).
    public func needsFrames(_ state: State, at now: SimInstant) -> Bool {
        state.state == .decelerating || state.state == .bouncing || state.state == .animating
    }

    /// What the scroll view is doing, unless idle or following a finger.
    public func motion(_ state: State, at now: SimInstant) -> [String] {
        switch state.state {
        case .idle, .dragging: return []
        case .decelerating: return ["the scroll view decelerates"]
        case .bouncing: return ["the scroll view bounces back"]
        case .animating: return ["the scroll view animates"]
        }
    }

    /// Each frame ticks.
    public static var frameAction: Action? { .tick }
    /// No deadlines.
    public static var deadlineAction: Action? { nil }

    /// The content-offset velocity for a pan (finger) velocity.
    public static func offsetVelocity(forPan v: Point) -> Point { Point(x: -v.x, y: -v.y) }
}
