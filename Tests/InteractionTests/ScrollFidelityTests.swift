import SimCore
import Testing
@testable import Interaction
import Tester

/// UIKit details of UIScrollView a port relies on (docs/PORTING.md), each asserted
/// exhaustively with the TestStore: every state change and every delegate moment.
@Suite struct ScrollFidelityTests {
    static let page = Point(x: 320, y: 0)

    func pagingStore() -> ScrollStore {
        scrollStore(horizontalModel(width: 320, content: 3200, paging: .paging))
    }

    /// Settles the store's model through the Tester (`ScrollHarness`: a 120 Hz display
    /// link whose first frame is `first`, `pumpUntilIdle`, at most 30 s); the store goes
    /// on from the resting model. Returns the settle's events and the instant of its
    /// last frame.
    func settle(_ store: inout ScrollStore, from first: Int) -> (events: [ScrollEvent], at: SimInstant) {
        let harness = ScrollHarness(store.state, hz: 120)
        harness.wait(SimInstant.frame(first - 1) - harness.now)
        harness.settle(limit: 120 * 30)
        store = scrollStore(harness.model)
        return (harness.events, harness.now)
    }

    /// Starts a paging fling from 0: drag 40 pt in one frame, release at 1000 pt/s.
    func flingTowardsPageOne(_ store: inout ScrollStore) {
        store.send(.beginDrag, at: .frame(0), [.willBeginDragging])
        #expect(store.state.state == .dragging)
        store.send(.drag(translation: Point(x: -40, y: 0)), at: .frame(1), [.didScroll(Point(x: 40, y: 0))]) {
            $0.contentOffset = Point(x: 40, y: 0)
        }
        let v = Point(x: 1000, y: 0)
        store.send(.endDrag(velocity: v), at: .frame(1),
                   [.willEndDragging(velocity: v, proposedTarget: Self.page, target: Self.page),
                    .didEndDragging(willDecelerate: true), .willBeginDecelerating])
        #expect(store.state.state == .decelerating)
        #expect(store.state.targetContentOffset == Self.page)
    }

    /// UIKit keeps the paging direction while a page animation runs: a second flick the
    /// same way targets the running target plus one page. Re-rounding from where the
    /// finger caught it (here ~250 pt, short of page 1) would target page 1 again, and
    /// rapid flicks would stall on it.
    @Test func pagingKeepsItsDirectionWhileAPageAnimationRuns() {
        var store = pagingStore()
        flingTowardsPageOne(&store)
        for n in 2...6 { store.skip(.tick, at: .frame(n)) }
        let caught = store.state.contentOffset
        #expect(caught.x > 40 && caught.x < 320)
        store.send(.beginDrag, at: .frame(6), [.willBeginDragging])
        #expect(store.state.state == .dragging)
        #expect(store.state.targetContentOffset == nil)
        let moved = Point(x: caught.x + 10, y: 0)
        store.send(.drag(translation: Point(x: -10, y: 0)), at: .frame(7), [.didScroll(moved)]) { $0.contentOffset = moved }
        // The policy alone, from `moved`, would say page 1 (320).
        #expect(PagingPolicy.paging.target(offset: moved.x, velocity: 1000, page: 320, range: 0...2880,
                                           rate: .normal, physics: ScrollPhysics()) == 320)
        let v = Point(x: 1000, y: 0), two = Point(x: 640, y: 0)
        store.send(.endDrag(velocity: v), at: .frame(7),
                   [.willEndDragging(velocity: v, proposedTarget: two, target: two),
                    .didEndDragging(willDecelerate: true), .willBeginDecelerating])
        #expect(store.state.state == .decelerating)
        #expect(store.state.targetContentOffset == two)
        let rest = settle(&store, from: 8)
        #expect(store.state.contentOffset == two)
        #expect(rest.events.last == .didEndDecelerating)
    }

    /// A flick against the running page animation is an ordinary paging release: the
    /// next page boundary in its own direction from where the finger lifts.
    @Test func pagingFlickAgainstARunningPageAnimationTurnsBack() {
        var m = horizontalModel(width: 320, content: 3200, paging: .paging)
        _ = m.setContentOffset(Point(x: 640, y: 0), animated: false, at: .zero)
        let store = scrollStore(m)
        store.skip(.beginDrag, at: .frame(0))
        store.skip(.drag(translation: Point(x: -40, y: 0)), at: .frame(1))
        store.skip(.endDrag(velocity: Point(x: 1000, y: 0)), at: .frame(1))   // towards 960
        for n in 2...6 { store.skip(.tick, at: .frame(n)) }
        #expect(store.state.targetContentOffset == Point(x: 960, y: 0) && store.state.contentOffset.x > 680)
        store.skip(.beginDrag, at: .frame(6))
        let v = Point(x: -1000, y: 0), back = Point(x: 640, y: 0)
        store.send(.endDrag(velocity: v), at: .frame(6),
                   [.willEndDragging(velocity: v, proposedTarget: back, target: back),
                    .didEndDragging(willDecelerate: true), .willBeginDecelerating])
        #expect(store.state.state == .decelerating)
        #expect(store.state.targetContentOffset == back)
    }

    /// Once the page animation has ended, the direction is forgotten: a flick moves one
    /// page from where the finger lifts.
    @Test func pagingDirectionEndsWithThePageAnimation() {
        var store = pagingStore()
        flingTowardsPageOne(&store)
        let end = settle(&store, from: 2).at
        let t = end + .seconds(1)
        store.send(.beginDrag, at: t, [.willBeginDragging])
        #expect(store.state.state == .dragging)
        let v = Point(x: 1000, y: 0), two = Point(x: 640, y: 0)
        store.send(.endDrag(velocity: v), at: t,
                   [.willEndDragging(velocity: v, proposedTarget: two, target: two), .didEndDragging(willDecelerate: true),
                    .willBeginDecelerating])
        #expect(store.state.state == .decelerating)
        #expect(store.state.targetContentOffset == two)
    }

    /// UIKit sends scrollViewWillEndDragging to paging scroll views, but "Stop offset can
    /// not be modified for paging scroll views": the delegate's target is ignored.
    @Test func willEndDraggingIsSentUnderPagingButItsTargetCannotBeModified() {
        let store = pagingStore()
        store.skip(.beginDrag, at: .frame(0))
        store.skip(.drag(translation: Point(x: -40, y: 0)), at: .frame(1))
        let v = Point(x: 1000, y: 0)
        store.send(.endDrag(velocity: v, target: Point(x: 1280, y: 0)), at: .frame(1),
                   [.willEndDragging(velocity: v, proposedTarget: Self.page, target: Self.page),
                    .didEndDragging(willDecelerate: true), .willBeginDecelerating])
        #expect(store.state.state == .decelerating)
        #expect(store.state.targetContentOffset == Self.page)
        // The closure form (UIKit's inout pointer) is called, and ignored, too.
        var m = horizontalModel(paging: .paging)
        _ = m.beginDrag(at: .zero)
        _ = m.drag(translation: Point(x: -40, y: 0), at: .zero)
        var asked = 0
        let events = m.endDrag(velocity: v, at: .zero) { target, _ in asked += 1; target.x = 1280 }
        #expect(asked == 1)
        #expect(events.first == .willEndDragging(velocity: v, proposedTarget: Self.page, target: Self.page))
    }

    /// Lifting a finger that caught a moving scroll view without dragging: the motion
    /// resettles onto a page with no willBeginDecelerating (UIKit sends it only after a
    /// drag), and ends with didEndDecelerating.
    @Test func liftingAFingerThatCaughtAMovingScrollViewWithoutDraggingSendsNoWillBeginDecelerating() {
        var store = pagingStore()
        flingTowardsPageOne(&store)
        for n in 2...6 { store.skip(.tick, at: .frame(n)) }
        store.send(.touchDown, at: .frame(6))
        #expect(store.state.state == .idle)
        #expect(store.state.targetContentOffset == nil)
        let held = store.state.contentOffset
        store.send(.tick, at: .frame(9))   // held: nothing moves
        store.send(.touchUp, at: .frame(9))
        #expect(store.state.state == .decelerating)
        #expect(store.state.targetContentOffset == (held.x >= 160 ? Self.page : .zero))
        let rest = settle(&store, from: 10)
        #expect(!rest.events.contains(.willBeginDecelerating))
        #expect(rest.events.last == .didEndDecelerating)
        #expect(store.state.contentOffset == (held.x >= 160 ? Self.page : .zero))
    }
}

/// ScrollModel behaviours asserted exhaustively with the TestStore.
@Suite struct ScrollModelStoreTests {
    @Test func releaseWithoutVelocityDoesNotDecelerate() {
        let store = scrollStore(horizontalModel())
        store.send(.beginDrag, at: .frame(0), [.willBeginDragging])
        #expect(store.state.state == .dragging)
        for n in 1...5 {
            let p = Point(x: Double(n) * 10, y: 0)
            store.send(.drag(translation: Point(x: -p.x, y: 0)), at: .frame(n), [.didScroll(p)]) { $0.contentOffset = p }
        }
        let at = Point(x: 50, y: 0)
        store.send(.endDrag(velocity: .zero), at: .frame(5),
                   [.willEndDragging(velocity: .zero, proposedTarget: at, target: at), .didEndDragging(willDecelerate: false)])
        #expect(store.state.state == .idle)
    }

    @Test func delegateMayChangeTheTarget() {
        let store = scrollStore(horizontalModel(content: 5000))
        store.skip(.beginDrag, at: .frame(0))
        store.skip(.drag(translation: Point(x: -20, y: 0)), at: .frame(2))
        let v = Point(x: 1000, y: 0)
        let proposed = Point(x: 20 + 1000 / DecelerationRate.normal.decayPerSecond, y: 0)
        let target = Point(x: 300, y: 0)
        store.send(.endDrag(velocity: v, target: target), at: .frame(2),
                   [.willEndDragging(velocity: v, proposedTarget: proposed, target: target),
                    .didEndDragging(willDecelerate: true), .willBeginDecelerating])
        #expect(store.state.state == .decelerating)
        #expect(store.state.targetContentOffset == target)
        var n = 3
        while store.state.state != .idle && n < 2000 { store.skip(.tick, at: .frame(n)); n += 1 }
        #expect(store.state.contentOffset == target)
    }

    @Test func scrollDisabledIgnoresDragsAndEndsARunningOne() {
        let off = scrollStore(horizontalModel())
        off.send(.setScrollEnabled(false), at: .zero) { $0.isScrollEnabled = false }
        off.send(.beginDrag, at: .zero)
        let store = scrollStore(horizontalModel())
        store.skip(.beginDrag, at: .zero)
        store.skip(.drag(translation: Point(x: -30, y: 0)), at: .zero)
        let at = Point(x: 30, y: 0)
        store.send(.setScrollEnabled(false), at: .zero,
                   [.willEndDragging(velocity: .zero, proposedTarget: at, target: at), .didEndDragging(willDecelerate: false)]) {
            $0.isScrollEnabled = false
        }
        #expect(store.state.state == .idle)
        store.send(.drag(translation: Point(x: -60, y: 0)), at: .zero)
    }

    @Test func contentSizeChangeClampsTheOffset() {
        let store = scrollStore(horizontalModel(content: 3200))
        store.send(.setContentOffset(Point(x: 2880, y: 0), animated: false), at: .zero, [.didScroll(Point(x: 2880, y: 0))]) {
            $0.contentOffset = Point(x: 2880, y: 0)
        }
        store.send(.setContentSize(Size(width: 1000, height: 200)), at: .zero, [.didScroll(Point(x: 680, y: 0))]) {
            $0.contentSize = Size(width: 1000, height: 200)
            $0.contentOffset = Point(x: 680, y: 0)
        }
        store.send(.setContentSize(Size(width: 5000, height: 200)), at: .zero) { $0.contentSize = Size(width: 5000, height: 200) }
    }

    @Test func animatedScrollRunsItsCurveAndEndsWithDidEndScrollingAnimation() {
        let store = scrollStore(horizontalModel())
        let target = Point(x: 640, y: 0)
        store.send(.setContentOffset(target, animated: true), at: .zero)
        #expect(store.state.state == .animating)
        #expect(store.state.targetContentOffset == target)
        var scrolls = 0
        for n in 1...17 {
            let events = store.skip(.tick, at: .frame(n, at: 60))
            scrolls += events.count
            #expect(events.count == 1 && events.first?.name == "didScroll")
        }
        store.send(.tick, at: .frame(18, at: 60), [.didScroll(target), .didEndScrollingAnimation]) {
            $0.contentOffset = target
        }
        #expect(store.state.state == .idle)
        #expect(store.state.targetContentOffset == nil)
        #expect(scrolls == 17)
        store.send(.setContentOffset(target, animated: true), at: .frame(19, at: 60))   // already there: nothing
    }

    @Test func verticalAxisWithInsets() {
        let m = ScrollModel.State(viewportSize: Size(width: 320, height: 500), contentSize: Size(width: 320, height: 2000),
                            contentInset: Insets(top: 20, bottom: 30), axes: .vertical)
        let store = scrollStore(m)
        #expect(store.state.contentOffset == Point(x: 0, y: -20))
        #expect(store.state.maximumOffset.y == 1530)
        store.skip(.beginDrag, at: .zero)
        // x does not move on a vertical view.
        store.send(.drag(translation: Point(x: -50, y: -100)), at: .zero, [.didScroll(Point(x: 0, y: 80))]) {
            $0.contentOffset = Point(x: 0, y: 80)
        }
        store.skip(.endDrag(velocity: Point(x: 0, y: 50000)), at: .zero)
        var n = 1
        while store.state.state != .idle && n < 5000 { store.skip(.tick, at: .frame(n)); n += 1 }
        #expect(store.state.contentOffset.y == 1530)
    }
}
