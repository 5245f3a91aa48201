import SimCore
import Interaction

/// The panel's horizontal scroll: Interaction's `ScrollModel` (UIKit's drag, rubber
/// band, deceleration, bounce, paging/snap policies, animated scrolls) plus the
/// the catch-and-settle of a touch landing on a moving scroll.
///
/// Policies map onto `PagingPolicy`: paging -> .paging, round -> .snapAfterDeceleration,
/// projected -> .projection, none -> .none. The page length is the panel width.
@usableFromInline struct PanelScroller: Hashable, Sendable {
    private(set) var model: ScrollModel.State
    /// A touch caught a moving scroll (UIKit's touch-down stop), not yet released.
    private(set) var isHeld = false

    init() {
        model = ScrollModel.State(viewportSize: Size(width: 1, height: 1), contentSize: .zero, axes: .horizontal)
    }

    var offset: Double { model.contentOffset.x }
    var state: ScrollState { model.state }
    /// A release motion or animation runs (what a touch-down would catch).
    @usableFromInline var isMoving: Bool { model.isDecelerating || model.state == .animating }
    var isDragging: Bool { model.isDragging }

    static func pagingPolicy(_ p: PanelSnapPolicy) -> PagingPolicy {
        switch p {
        case .paging: return .paging
        case .round: return .snapAfterDeceleration
        case .projected: return .projection
        case .none: return .none
        }
    }

    mutating func configure(policy: PanelSnapPolicy) {
        model.pagingPolicy = PanelScroller.pagingPolicy(policy)
    }

    /// New viewport / content (a relayout); the offset is then set by the caller.
    mutating func setGeometry(viewport: Size, content: Size, at t: SimInstant) -> [ScrollEvent] {
        var e = scroll.reduce(into: &model, .setViewportSize(viewport), at: t)
        e += scroll.reduce(into: &model, .setContentSize(content), at: t)
        return e
    }

    /// A pan recognizer's transition (began, changed, ended with its velocity, cancelled).
    mutating func apply(_ u: GestureUpdate, at t: SimInstant) -> [ScrollEvent] {
        if u.kind == .pan && u.state == .began { isHeld = false }
        return scroll.reduce(into: &model, .pan(u), at: t)
    }

    /// `setContentOffset(_:animated:)`.
    mutating func setOffset(_ x: Double, animated: Bool, at t: SimInstant) -> [ScrollEvent] {
        isHeld = false
        return scroll.reduce(into: &model, .setContentOffset(Point(x: x, y: 0), animated: animated), at: t)
    }

    /// A finger touched a moving scroll view: a release motion stops where it is; an
    /// animated scroll (a tab tap) is replaced by a rest at the current offset.
    mutating func touchDown(at t: SimInstant) -> [ScrollEvent] {
        if model.state == .animating {
            var e = scroll.reduce(into: &model, .tick, at: t)
            e += scroll.reduce(into: &model, .setContentOffset(model.contentOffset, animated: false), at: t)
            isHeld = true
            return e
        }
        let e = scroll.reduce(into: &model, .touchDown, at: t)
        isHeld = true
        return e
    }

    /// The catching finger lifted without dragging: settle onto a page again.
    mutating func touchUp(at t: SimInstant, pageWidth: Double, pageCount: Int, snaps: Bool) -> [ScrollEvent] {
        guard isHeld else { return [] }
        isHeld = false
        var e = scroll.reduce(into: &model, .touchUp, at: t)
        if snaps, model.state == .idle, pageWidth > 0, pageCount > 0 {
            let page = min(max((offset / pageWidth).rounded(.toNearestOrAwayFromZero), 0), Double(pageCount - 1))
            if page * pageWidth != offset { e += scroll.reduce(into: &model, .setContentOffset(Point(x: page * pageWidth, y: 0), animated: true), at: t) }
        }
        return e
    }

    mutating func setScrollEnabled(_ on: Bool, at t: SimInstant) -> [ScrollEvent] {
        scroll.reduce(into: &model, .setScrollEnabled(on), at: t)
    }

    mutating func tick(at t: SimInstant) -> [ScrollEvent] { scroll.reduce(into: &model, .tick, at: t) }

    /// The scroll view's reducer (no dependencies).
    private var scroll: ScrollModel { ScrollModel() }
}
