import SimCore
import Testing
@testable import Interaction

/// Where a release comes to rest, end to end, per policy: 10 pages of 320 pt (range
/// 0...2880), a drag to `offset` then a release at `velocity` (offset velocity).
@Suite struct PolicyOutcomeTests {
    func rest(_ policy: PagingPolicy, from offset: Double, velocity: Double) -> (Double, [String]) {
        var m = horizontalModel(content: 3200, paging: policy)
        _ = m.setContentOffset(Point(x: offset + 30, y: 0), animated: false, at: .zero)
        let h = ScrollHarness(m)
        h.drag(Point(x: 30, y: 0), frames: 3, release: Point(x: velocity, y: 0))
        h.settle()
        return (h.model.contentOffset.x, h.names)
    }

    // offset, velocity, then the resting offset for none, paging, snapAfterDeceleration, projection
    static let k = 1 / 2.002002
    static let table: [[Double]] = [
        [100, 0, 100, 0, 0, 0],
        [200, 0, 200, 320, 320, 320],
        [100, 400, 100 + 400 * k, 320, 320, 320],
        [100, 1000, 100 + 1000 * k, 320, 640, 640],
        [700, -250, 700 - 250 * k, 640, 640, 640],
        [700, -2000, 0, 640, 0, 0],
        [1500, -2000, 1500 - 2000 * k, 1280, 640, 640],
        [2700, 3000, 2880, 2880, 2880, 2880],
        [50, -3000, 0, 0, 0, 0],
    ]

    @Test(arguments: table)
    func restingOffsets(_ c: [Double]) {
        let cases: [(PagingPolicy, Double)] = [(.none, c[2]), (.paging, c[3]), (.snapAfterDeceleration, c[4]), (.projection, c[5])]
        for (policy, want) in cases {
            let (x, names) = rest(policy, from: c[0], velocity: c[1])
            #expect(abs(x - want) < 0.01, "\(policy) offset \(c[0]) velocity \(c[1]): \(x), want \(want)")
            #expect(names.first == "willBeginDragging")
        }
    }

    @Test func contentShrinkDuringDecelerationReplans() {
        let h = ScrollHarness(horizontalModel(content: 20000))
        h.drag(Point(x: -20, y: 0), frames: 2, release: Point(x: 3000, y: 0))
        for _ in 0..<30 { h.tick() }
        h.send(.setContentSize(Size(width: 800, height: 200)))
        h.settle()
        #expect(h.model.contentOffset.x == 480)
        #expect(h.worstOvershootRatio < 1)
        #expect(h.names.last == "didEndDecelerating")
    }

    @Test func viewportChangeKeepsARestingOffsetInside() {
        var m = horizontalModel(content: 1000)
        _ = m.setContentOffset(Point(x: 680, y: 0), animated: false, at: .zero)
        _ = m.setViewportSize(Size(width: 500, height: 200), at: .zero)
        #expect(m.contentOffset.x == 500)
        _ = m.setContentInset(Insets(left: 20, right: 20), at: .zero)
        #expect(m.contentOffset.x == 500)
        #expect(m.maximumOffset.x == 520 && m.minimumOffset.x == -20)
    }

    @Test func setContentOffsetWhileDraggingContinuesTheDrag() {
        var m = horizontalModel()
        _ = m.beginDrag(at: .zero)
        _ = m.drag(translation: Point(x: -50, y: 0), at: .zero)
        _ = m.setContentOffset(Point(x: 1000, y: 0), animated: false, at: .zero)
        _ = m.drag(translation: Point(x: -60, y: 0), at: .zero)
        #expect(m.contentOffset.x == 1010)
    }

    @Test func animatedScrollInterruptedByADrag() {
        let h = ScrollHarness(horizontalModel())
        h.send(.setContentOffset(Point(x: 960, y: 0), animated: true))
        for _ in 0..<10 { h.tick() }
        let mid = h.model.contentOffset.x
        #expect(mid > 0 && mid < 960)
        h.drag(Point(x: -10, y: 0), frames: 1, release: .zero)
        #expect(h.model.state == .idle)
        #expect(h.model.contentOffset.x > mid)
        #expect(!h.events.contains(.didEndScrollingAnimation))
    }

    @Test func twoAxisPagingUsesEachAxisPage() {
        var m = ScrollModel.State(viewportSize: Size(width: 300, height: 400), contentSize: Size(width: 1500, height: 2000), axes: .both)
        m.pagingPolicy = .paging
        let h = ScrollHarness(m)
        h.drag(Point(x: -100, y: -250), frames: 5, release: Point(x: 100, y: 0))
        h.settle()
        #expect(h.model.contentOffset == Point(x: 0, y: 400))
    }
}

@Suite struct ScrollRobustnessTests {
    @Test func nonFiniteInputIsIgnored() {
        var m = ScrollModel.State(viewportSize: Size(width: .nan, height: 100), contentSize: Size(width: -5, height: .infinity),
                            contentOffset: Point(x: .nan, y: 0), axes: .both)
        #expect(m.viewportSize == Size(width: 0, height: 100))
        #expect(m.contentSize == Size(width: 0, height: 0))
        #expect(m.contentOffset == .zero)
        _ = m.setContentSize(Size(width: 1000, height: 1000), at: .zero)
        _ = m.setViewportSize(Size(width: 100, height: 100), at: .zero)
        _ = m.beginDrag(at: .zero)
        #expect(m.drag(translation: Point(x: .nan, y: 1), at: .zero).isEmpty)
        _ = m.endDrag(velocity: Point(x: .infinity, y: .nan), at: .zero)
        #expect(m.contentOffset == .zero)
        #expect(m.state == .idle)
        #expect(m.setContentOffset(Point(x: .nan, y: 0), animated: true, at: .zero).isEmpty)
    }
}

@Suite struct ScrollCatchOrderTests {
    @Test func dragStartingAfterTheMotionEndedReportsTheEndFirst() {
        var m = horizontalModel(content: 20000)
        _ = m.beginDrag(at: .zero)
        _ = m.drag(translation: Point(x: -10, y: 0), at: .zero)
        _ = m.endDrag(velocity: Point(x: 100, y: 0), at: .zero)
        // No frame ticked; the drag begins long after the deceleration would have ended.
        let events = m.beginDrag(at: .zero + .seconds(10))
        #expect(events.map(\.name) == ["didScroll", "didEndDecelerating", "willBeginDragging"])
        #expect(m.isDragging)
    }
}
