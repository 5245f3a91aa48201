import SimCore

extension ScrollModel {
    /// A UIScrollView's whole state: geometry, configuration, what it is doing and the
    /// closed-form motions it runs (see `ScrollModel` for the transitions). Each
    /// transition below is one `ScrollModel.Action` and returns the `ScrollEvent`s it
    /// caused, in UIKit's order.
    ///
    /// Invariants: while dragging or bouncing, the offset is at most the viewport length
    /// beyond an edge (the rubber band's bound); every release motion and animation ends
    /// exactly on its resting offset, inside the content (on a page when paging).
    public struct State: Hashable, Sendable {
        /// The axes it scrolls along; others keep their offset.
        public var axes: ScrollAxes
        /// The visible size (`bounds.size`); set with `.setViewportSize`.
        public internal(set) var viewportSize: Size
        /// `contentSize`; set with `.setContentSize`.
        public internal(set) var contentSize: Size
        /// `contentInset`: extra scrollable room around the content.
        public internal(set) var contentInset: Insets
        /// `contentOffset`: the content point at the viewport's top-left.
        public internal(set) var contentOffset: Point
        /// `isScrollEnabled`; set with `.setScrollEnabled`.
        public internal(set) var isScrollEnabled = true
        /// How fast a release decelerates (`.normal` or `.fast`).
        public var decelerationRate: DecelerationRate = .normal
        /// Springs, settle distances and animation timing.
        public var physics = ScrollPhysics()
        /// Where a release comes to rest: anywhere, on pages, or on snap points.
        public var pagingPolicy: PagingPolicy = .none
        /// Page length per axis; nil means the viewport's size (UIKit's paging).
        public var pageSize: Size? = nil
        /// `bounces`: rubber band and spring back at the edges; off clamps at the edges.
        public var bounces = true
        /// Allow dragging an axis whose content fits (it then only rubber-bands).
        public var alwaysBounceHorizontal = false
        /// The same for the vertical axis (`alwaysBounceVertical`).
        public var alwaysBounceVertical = false

        enum Activity: Hashable, Sendable {
            case idle
            /// `fingerStart`: the offset the finger would have put before the rubber band.
            case dragging(fingerStart: Point, translation: Point)
            /// A motion caught by a touch that has not started dragging yet.
            case held
            case releasing
            case animating
        }

        private(set) var activity: Activity = .idle
        var motionX = AxisMotion.rest(0)
        var motionY = AxisMotion.rest(0)
        /// The page animation of a `.paging` release while it runs (or a touch holds it):
        /// UIKit keeps its direction, so a second flick the same way goes one page beyond
        /// its target instead of re-rounding from where the finger caught it.
        private(set) var pageRun: PageRun?

        /// Where a paging release motion is heading and in which direction (-1, 0, 1 per axis).
        struct PageRun: Hashable, Sendable {
            var target: Point
            var direction: Point
        }

        /// A resting scroll view. Non-finite or negative sizes and insets become 0.
        ///
        /// - Parameters:
        ///   - viewportSize: The visible size.
        ///   - contentSize: The content's size.
        ///   - contentInset: Extra room around the content.
        ///   - contentOffset: The starting offset; nil (or non-finite): the top-left
        ///     with the inset, `(-inset.left, -inset.top)`.
        ///   - axes: The axes it scrolls along (vertical).
        public init(viewportSize: Size, contentSize: Size, contentInset: Insets = .zero,
                    contentOffset: Point? = nil, axes: ScrollAxes = .vertical) {
            self.viewportSize = State.sanitized(viewportSize)
            self.contentSize = State.sanitized(contentSize)
            self.contentInset = State.sanitized(contentInset)
            self.axes = axes
            let start = Point(x: -self.contentInset.left, y: -self.contentInset.top)
            if let o = contentOffset, o.x.isFinite, o.y.isFinite { self.contentOffset = o } else { self.contentOffset = start }
        }

        // MARK: queries

        /// What it is doing now; a held motion (a touch that caught it) reads as idle.
        public var state: ScrollState {
            switch activity {
            case .idle, .held: return .idle
            case .dragging: return .dragging
            case .animating: return .animating
            case .releasing:
                let sx = motionX.state, sy = motionY.state
                if sx == .decelerating || sy == .decelerating { return .decelerating }
                if sx == .bouncing || sy == .bouncing { return .bouncing }
                return .decelerating
            }
        }

        /// UIKit's `isDragging`: the finger moves the content.
        public var isDragging: Bool { if case .dragging = activity { return true } else { return false } }
        /// UIKit's `isDecelerating`: a release motion (deceleration, bounce, paging) runs.
        public var isDecelerating: Bool { activity == .releasing }

        /// Valid offsets: -inset ... max(-inset, content + inset - viewport), per axis.
        public var minimumOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }
        /// The largest valid offset per axis (never below `minimumOffset`).
        public var maximumOffset: Point {
            Point(x: max(-contentInset.left, contentSize.width + contentInset.right - viewportSize.width),
                  y: max(-contentInset.top, contentSize.height + contentInset.bottom - viewportSize.height))
        }

        /// The page length per axis used by paging policies.
        public var effectivePageSize: Size { pageSize ?? viewportSize }

        /// Where the running motion will come to rest, when known in advance.
        public var targetContentOffset: Point? {
            guard activity == .releasing || activity == .animating,
                  let x = motionX.restingPosition, let y = motionY.restingPosition else { return nil }
            return Point(x: x, y: y)
        }


        func limits(horizontal: Bool) -> AxisLimits {
            let lo = horizontal ? minimumOffset.x : minimumOffset.y
            let hi = horizontal ? maximumOffset.x : maximumOffset.y
            return AxisLimits(lower: lo, upper: hi,
                              dimension: horizontal ? viewportSize.width : viewportSize.height, bounces: bounces)
        }

        /// An axis moves under the finger when enabled and either its content overflows
        /// or it always bounces.
        public func canDrag(horizontal: Bool) -> Bool {
            if horizontal {
                return axes.contains(.horizontal) && (maximumOffset.x > minimumOffset.x || alwaysBounceHorizontal)
            }
            return axes.contains(.vertical) && (maximumOffset.y > minimumOffset.y || alwaysBounceVertical)
        }

        // MARK: dragging

        /// The pan began (after its hysteresis). Catches any running motion where it is
        /// now (UIKit sends no didEndDecelerating for a caught deceleration).
        mutating func beginDrag(at time: SimInstant) -> [ScrollEvent] {
            guard isScrollEnabled, !isDragging else { return [] }
            var events: [ScrollEvent] = []
            if activity == .releasing || activity == .animating { advanceMotions(to: time, into: &events) }
            // Only a page animation still running (or held by the touch) keeps its direction.
            if activity != .releasing && activity != .held { pageRun = nil }
            motionX = .rest(contentOffset.x); motionY = .rest(contentOffset.y)
            let start = Point(x: fingerOffset(shown: contentOffset.x, horizontal: true),
                              y: fingerOffset(shown: contentOffset.y, horizontal: false))
            activity = .dragging(fingerStart: start, translation: .zero)
            events.append(.willBeginDragging)
            return events
        }

        /// The finger moved: `translation` is the pan's translation since it began.
        mutating func drag(translation: Point, at time: SimInstant) -> [ScrollEvent] {
            guard case let .dragging(start, _) = activity, translation.x.isFinite, translation.y.isFinite else { return [] }
            activity = .dragging(fingerStart: start, translation: translation)
            var next = contentOffset
            if canDrag(horizontal: true) { next.x = shownOffset(finger: start.x - translation.x, horizontal: true) }
            if canDrag(horizontal: false) { next.y = shownOffset(finger: start.y - translation.y, horizontal: false) }
            return setOffset(next)
        }

        /// The finger lifted with content-offset `velocity` (pt/s). Emits willEndDragging
        /// (after `adjustTarget` had its say: the UIKit delegate's inout
        /// targetContentOffset), didEndDragging and, when a motion follows,
        /// willBeginDecelerating. The snap of `.snapAfterDeceleration` starts right away
        /// when nothing decelerates.
        ///
        /// Under `.paging`, `adjustTarget` is called but what it writes is ignored: UIKit
        /// sends `scrollViewWillEndDragging` to paging scroll views too, but logs "Stop
        /// offset can not be modified for paging scroll views" and keeps its page. A flick
        /// (|v| > `physics.pagingFlickVelocity`) in the direction of a page animation that
        /// was still running when this drag began targets that animation's target plus one
        /// page (or the policy's page, if farther), so rapid flicks never stall on a page.
        mutating func endDrag(velocity: Point, at time: SimInstant,
                                     adjustTarget: (inout Point, Point) -> Void = { _, _ in }) -> [ScrollEvent] {
            guard isDragging else { return [] }
            var v = velocity
            if !canDrag(horizontal: true) || !v.x.isFinite { v.x = 0 }
            if !canDrag(horizontal: false) || !v.y.isFinite { v.y = 0 }
            let t = time.seconds
            let plan = ReleasePlan(self, velocity: v, at: t)
            let lx = limits(horizontal: true), ly = limits(horizontal: false)
            var proposed = plan.proposed
            if pagingPolicy == .paging, let run = pageRun {
                proposed = Point(x: continuedPage(run.target.x, run.direction.x, v.x, proposed.x, horizontal: true),
                                 y: continuedPage(run.target.y, run.direction.y, v.y, proposed.y, horizontal: false))
            }
            pageRun = nil
            var target = proposed
            if pagingPolicy == .paging {
                var ignored = proposed
                adjustTarget(&ignored, v)
            } else {
                adjustTarget(&target, v)
            }
            target = Point(x: target.x.isFinite ? lx.clamp(target.x) : proposed.x,
                           y: target.y.isFinite ? ly.clamp(target.y) : proposed.y)
            var events: [ScrollEvent] = [.willEndDragging(velocity: v, proposedTarget: proposed, target: target)]
            motionX = plan.motion(horizontal: true, to: target.x, model: self)
            motionY = plan.motion(horizontal: false, to: target.y, model: self)
            let willDecelerate = !(motionX.isResting && motionY.isResting)
            events.append(.didEndDragging(willDecelerate: willDecelerate))
            if willDecelerate && pagingPolicy == .paging {
                func sign(_ d: Double) -> Double { d > 0 ? 1 : (d < 0 ? -1 : 0) }
                pageRun = PageRun(target: target, direction: Point(x: sign(target.x - contentOffset.x),
                                                                   y: sign(target.y - contentOffset.y)))
            }
            if willDecelerate {
                activity = .releasing
                events.append(.willBeginDecelerating)
                // A zero-length first phase (e.g. released exactly on an edge) settles now.
                advanceMotions(to: time, into: &events)
            } else {
                activity = .idle
                applyRestingMotions(&events)
                startSnapIfNeeded(at: time)
            }
            return events
        }

        /// The page a same-direction flick continues to: one page beyond the running page
        /// animation's `target`, or `policy` if that is farther; `policy` otherwise.
        private func continuedPage(_ target: Double, _ direction: Double, _ v: Double, _ policy: Double,
                                   horizontal: Bool) -> Double {
            guard direction != 0, v * direction > physics.pagingFlickVelocity else { return policy }
            let page = horizontal ? effectivePageSize.width : effectivePageSize.height
            let l = limits(horizontal: horizontal)
            let next = PagingPolicy.nearestPage(offset: target + direction * page, page: page, range: l.lower...l.upper)
            return direction > 0 ? max(next, policy) : min(next, policy)
        }

        /// The pan was cancelled: a release without velocity.
        mutating func cancelDrag(at time: SimInstant) -> [ScrollEvent] {
            endDrag(velocity: .zero, at: time)
        }

        // MARK: touches without a drag

        /// A finger touched down: a running release motion stops where it is (UIKit's
        /// catch). Animations from `setContentOffset(_:animated:)` keep running.
        mutating func touchDown(at time: SimInstant) -> [ScrollEvent] {
            guard activity == .releasing else { return [] }
            var events: [ScrollEvent] = []
            advanceMotions(to: time, into: &events)
            guard activity == .releasing else { return events }
            motionX = .rest(contentOffset.x); motionY = .rest(contentOffset.y)
            activity = .held
            return events
        }

        /// The finger lifted without dragging: a caught motion resumes settling (back
        /// inside the content, onto a page) from rest. No willBeginDecelerating: UIKit
        /// sends that only after a drag (the finger never dragged, so there was no
        /// willEndDragging/didEndDragging either); the resettle still ends with
        /// didEndDecelerating, which the seed policy's snap relies on.
        mutating func touchUp(at time: SimInstant) -> [ScrollEvent] {
            guard activity == .held else { return [] }
            pageRun = nil
            let plan = ReleasePlan(self, velocity: .zero, at: time.seconds)
            motionX = plan.motion(horizontal: true, to: plan.proposed.x, model: self)
            motionY = plan.motion(horizontal: false, to: plan.proposed.y, model: self)
            if motionX.isResting && motionY.isResting {
                activity = .idle
                var events: [ScrollEvent] = []
                applyRestingMotions(&events)
                events.append(.didEndDecelerating)
                startSnapIfNeeded(at: time)
                return events
            }
            activity = .releasing
            return []
        }

        // MARK: frames

        /// Advances running motions to the frame instant `time`: didScroll when the offset
        /// moved, then didEndDecelerating or didEndScrollingAnimation when a motion ended
        /// (the seed policy's snap starts at that instant). O(1).
        mutating func tick(at time: SimInstant) -> [ScrollEvent] {
            var events: [ScrollEvent] = []
            advanceMotions(to: time, into: &events)
            return events
        }

        /// `tick(at:)` appending to a caller's buffer (no allocation per frame).
        mutating func tick(at time: SimInstant, into events: inout [ScrollEvent]) {
            advanceMotions(to: time, into: &events)
        }

        private mutating func advanceMotions(to time: SimInstant, into events: inout [ScrollEvent]) {
            guard activity == .releasing || activity == .animating else { return }
            let t = time.seconds
            let x = motionX.sample(at: t, limits: limits(horizontal: true), physics: physics, rate: decelerationRate).x
            let y = motionY.sample(at: t, limits: limits(horizontal: false), physics: physics, rate: decelerationRate).x
            setOffset(Point(x: x, y: y), into: &events)
            guard motionX.isResting && motionY.isResting else { return }
            pageRun = nil
            if activity == .releasing {
                activity = .idle
                events.append(.didEndDecelerating)
                startSnapIfNeeded(at: time)
            } else {
                activity = .idle
                events.append(.didEndScrollingAnimation)
            }
        }

        // MARK: programmatic scrolling

        /// `setContentOffset(_:animated:)`. Not clamped, as in UIKit. Animated: over
        /// `physics.animationDuration` with `physics.animationCurve`, didScroll each frame
        /// and didEndScrollingAnimation at the end (nothing if already there). It replaces
        /// any running motion (without its end event, as UIKit does). While dragging, the
        /// offset jumps and the drag continues from it.
        mutating func setContentOffset(_ offset: Point, animated: Bool, at time: SimInstant) -> [ScrollEvent] {
            guard offset.x.isFinite, offset.y.isFinite else { return [] }
            if case let .dragging(_, translation) = activity {
                activity = .dragging(fingerStart: Point(x: fingerOffset(shown: offset.x, horizontal: true) + translation.x,
                                                        y: fingerOffset(shown: offset.y, horizontal: false) + translation.y),
                                     translation: translation)
                return setOffset(offset)
            }
            var events: [ScrollEvent] = []
            if activity == .releasing || activity == .animating { advanceMotions(to: time, into: &events) }
            pageRun = nil
            if !animated || offset == contentOffset {
                motionX = .rest(offset.x); motionY = .rest(offset.y)
                activity = .idle
                setOffset(offset, into: &events)
                return events
            }
            startAnimation(to: offset, at: time)
            return events
        }

        private mutating func startAnimation(to offset: Point, at time: SimInstant) {
            let t = time.seconds, d = physics.animationDuration.seconds
            motionX = .animate(from: contentOffset.x, to: offset.x, at: t, duration: d, curve: physics.animationCurve)
            motionY = .animate(from: contentOffset.y, to: offset.y, at: t, duration: d, curve: physics.animationCurve)
            activity = .animating
        }

        /// Turning scrolling off ends a drag in place (as a cancelled pan would).
        mutating func setScrollEnabled(_ enabled: Bool, at time: SimInstant) -> [ScrollEvent] {
            var events: [ScrollEvent] = []
            if !enabled && isDragging { events = cancelDrag(at: time) }
            isScrollEnabled = enabled
            return events
        }

        // MARK: geometry changes

        /// A new content size clamps a resting offset into the content; a running release
        /// motion is re-planned from its current position and velocity with the new
        /// limits; an animation keeps its target; a drag picks the limits up on its next move.
        mutating func setContentSize(_ size: Size, at time: SimInstant) -> [ScrollEvent] {
            changeGeometry(at: time) { $0.contentSize = State.sanitized(size) }
        }

        mutating func setViewportSize(_ size: Size, at time: SimInstant) -> [ScrollEvent] {
            changeGeometry(at: time) { $0.viewportSize = State.sanitized(size) }
        }

        mutating func setContentInset(_ inset: Insets, at time: SimInstant) -> [ScrollEvent] {
            changeGeometry(at: time) { $0.contentInset = State.sanitized(inset) }
        }

        /// Non-finite or negative lengths count as 0: geometry may come from layout math
        /// on untrusted input, and NaN must never reach the physics.
        static func sanitized(_ size: Size) -> Size {
            Size(width: size.width.isFinite ? max(0, size.width) : 0, height: size.height.isFinite ? max(0, size.height) : 0)
        }

        static func sanitized(_ i: Insets) -> Insets {
            func f(_ v: Double) -> Double { v.isFinite ? v : 0 }
            return Insets(top: f(i.top), left: f(i.left), bottom: f(i.bottom), right: f(i.right))
        }

        private mutating func changeGeometry(at time: SimInstant, _ change: (inout State) -> Void) -> [ScrollEvent] {
            var events: [ScrollEvent] = []
            if activity == .releasing || activity == .animating { advanceMotions(to: time, into: &events) }
            let t = time.seconds
            let vx = activity == .releasing ? motionX.sample(at: t, limits: limits(horizontal: true), physics: physics, rate: decelerationRate).v : 0
            let vy = activity == .releasing ? motionY.sample(at: t, limits: limits(horizontal: false), physics: physics, rate: decelerationRate).v : 0
            change(&self)
            switch activity {
            case .idle, .held:
                let clamped = Point(x: limits(horizontal: true).clamp(contentOffset.x),
                                    y: limits(horizontal: false).clamp(contentOffset.y))
                motionX = .rest(clamped.x); motionY = .rest(clamped.y)
                setOffset(clamped, into: &events)
            case .releasing:
                let plan = ReleasePlan(self, velocity: Point(x: vx, y: vy), at: t)
                motionX = plan.motion(horizontal: true, to: plan.proposed.x, model: self)
                motionY = plan.motion(horizontal: false, to: plan.proposed.y, model: self)
                // A re-planned page animation heads for its new page, in the same direction.
                if pageRun != nil { pageRun?.target = plan.proposed }
                advanceMotions(to: time, into: &events)
            case .dragging, .animating:
                break
            }
            return events
        }

        // MARK: helpers

        private mutating func setOffset(_ p: Point) -> [ScrollEvent] {
            var events: [ScrollEvent] = []
            setOffset(p, into: &events)
            return events
        }

        private mutating func setOffset(_ p: Point, into events: inout [ScrollEvent]) {
            guard p != contentOffset else { return }
            contentOffset = p
            events.append(.didScroll(p))
        }

        /// The rubber band applied to a finger offset.
        private func shownOffset(finger: Double, horizontal: Bool) -> Double {
            let l = limits(horizontal: horizontal)
            if finger > l.upper {
                return l.bounces ? l.upper + physics.rubberBand(finger - l.upper, dimension: l.dimension) : l.upper
            }
            if finger < l.lower {
                return l.bounces ? l.lower - physics.rubberBand(l.lower - finger, dimension: l.dimension) : l.lower
            }
            return finger
        }

        /// Inverse of `shownOffset`, so a drag starting out of bounds continues smoothly.
        private func fingerOffset(shown: Double, horizontal: Bool) -> Double {
            let l = limits(horizontal: horizontal)
            if shown > l.upper { return l.upper + physics.inverseRubberBand(shown - l.upper, dimension: l.dimension) }
            if shown < l.lower { return l.lower - physics.inverseRubberBand(l.lower - shown, dimension: l.dimension) }
            return shown
        }

        /// A release decision for both axes: the free motion (deceleration, bounce) each
        /// axis would make, and the target the policy proposes (the free motion's rest for
        /// `.none` and `.snapAfterDeceleration`, a page for `.paging` and `.projection`).
        struct ReleasePlan {
            let t: Double
            let velocity: Point
            let freeX: AxisMotion, freeY: AxisMotion
            let restX: Double, restY: Double
            let proposed: Point

            init(_ m: State, velocity v: Point, at t: Double) {
                self.t = t
                self.velocity = v
                let lx = m.limits(horizontal: true), ly = m.limits(horizontal: false)
                freeX = .release(x: m.contentOffset.x, v: v.x, at: t, limits: lx, physics: m.physics, rate: m.decelerationRate)
                freeY = .release(x: m.contentOffset.y, v: v.y, at: t, limits: ly, physics: m.physics, rate: m.decelerationRate)
                restX = freeX.finalRest(limits: lx, physics: m.physics, rate: m.decelerationRate)
                restY = freeY.finalRest(limits: ly, physics: m.physics, rate: m.decelerationRate)
                func policyTarget(_ horizontal: Bool, _ free: Double) -> Double {
                    guard m.axes.contains(horizontal ? .horizontal : .vertical) else { return free }
                    let l = m.limits(horizontal: horizontal)
                    let page = horizontal ? m.effectivePageSize.width : m.effectivePageSize.height
                    return m.pagingPolicy.target(offset: horizontal ? m.contentOffset.x : m.contentOffset.y,
                                                 velocity: horizontal ? v.x : v.y, page: page,
                                                 range: l.lower...l.upper, rate: m.decelerationRate,
                                                 physics: m.physics) ?? free
                }
                proposed = Point(x: policyTarget(true, restX), y: policyTarget(false, restY))
            }

            /// The free motion when it ends on `target`, else an approach to `target`.
            func motion(horizontal: Bool, to target: Double, model m: State) -> AxisMotion {
                let free = horizontal ? freeX : freeY
                if target == (horizontal ? restX : restY) { return free }
                let x = horizontal ? m.contentOffset.x : m.contentOffset.y
                let v = horizontal ? velocity.x : velocity.y
                if target == x && abs(v) <= m.physics.stopVelocity { return .rest(x) }
                return .approach(x: x, v: v, target: target, at: t, physics: m.physics)
            }
        }

        /// Moves the offset onto the resting positions (used when nothing decelerates).
        private mutating func applyRestingMotions(_ events: inout [ScrollEvent]) {
            if case let .rest(x) = motionX.phase, case let .rest(y) = motionY.phase {
                setOffset(Point(x: x, y: y), into: &events)
            }
        }

        /// The seed policy: after the free deceleration, animate to the nearest page.
        private mutating func startSnapIfNeeded(at time: SimInstant) {
            guard pagingPolicy == .snapAfterDeceleration else { return }
            let lx = limits(horizontal: true), ly = limits(horizontal: false)
            var target = contentOffset
            if axes.contains(.horizontal) {
                target.x = PagingPolicy.nearestPage(offset: contentOffset.x, page: effectivePageSize.width, range: lx.lower...lx.upper)
            }
            if axes.contains(.vertical) {
                target.y = PagingPolicy.nearestPage(offset: contentOffset.y, page: effectivePageSize.height, range: ly.lower...ly.upper)
            }
            guard target != contentOffset else { return }
            startAnimation(to: target, at: time)
        }

    }
}
