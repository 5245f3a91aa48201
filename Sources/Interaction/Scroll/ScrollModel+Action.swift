import SimCore

extension ScrollModel {
    /// Every input of the model as a value, so a host (or a `TestStore`) can drive it
    /// through one entry point, `send(_:)`, the reducer form of the methods below.
    public enum Action: Hashable, Sendable {
        case beginDrag(at: SimInstant)
        case drag(translation: Point, at: SimInstant)
        /// The finger lifted. `target`, when set, is the delegate's answer to
        /// `scrollViewWillEndDragging` (the value it writes to targetContentOffset);
        /// ignored under `.paging`, as UIKit ignores it.
        case endDrag(velocity: Point, at: SimInstant, target: Point? = nil)
        case cancelDrag(at: SimInstant)
        case touchDown(at: SimInstant)
        case touchUp(at: SimInstant)
        case tick(at: SimInstant)
        case setContentOffset(Point, animated: Bool, at: SimInstant)
        case setScrollEnabled(Bool, at: SimInstant)
        case setContentSize(Size, at: SimInstant)
        case setViewportSize(Size, at: SimInstant)
        case setContentInset(Insets, at: SimInstant)
    }

    /// Runs one action; returns the delegate moments it caused, in UIKit's order.
    /// Same cost as the method it stands for.
    public mutating func send(_ action: Action) -> [ScrollEvent] {
        switch action {
        case let .beginDrag(t): return beginDrag(at: t)
        case let .drag(translation, t): return drag(translation: translation, at: t)
        case let .endDrag(v, t, target):
            return endDrag(velocity: v, at: t) { proposed, _ in if let target { proposed = target } }
        case let .cancelDrag(t): return cancelDrag(at: t)
        case let .touchDown(t): return touchDown(at: t)
        case let .touchUp(t): return touchUp(at: t)
        case let .tick(t): return tick(at: t)
        case let .setContentOffset(p, animated, t): return setContentOffset(p, animated: animated, at: t)
        case let .setScrollEnabled(on, t): return setScrollEnabled(on, at: t)
        case let .setContentSize(s, t): return setContentSize(s, at: t)
        case let .setViewportSize(s, t): return setViewportSize(s, at: t)
        case let .setContentInset(i, t): return setContentInset(i, at: t)
        }
    }

    /// What a delegate can see of the model, as settable fields: the state a
    /// `TestStore` asserts on. The motion curves themselves are private; they show in
    /// `contentOffset` at later ticks and in `targetContentOffset`.
    public struct Observation: Hashable, Sendable {
        public var contentOffset: Point
        public var state: ScrollState
        public var targetContentOffset: Point?
        public var contentSize: Size
        public var viewportSize: Size
        public var contentInset: Insets
        public var isScrollEnabled: Bool

        public init(_ m: ScrollModel) {
            contentOffset = m.contentOffset
            state = m.state
            targetContentOffset = m.targetContentOffset
            contentSize = m.contentSize
            viewportSize = m.viewportSize
            contentInset = m.contentInset
            isScrollEnabled = m.isScrollEnabled
        }
    }
}
