import SimCore
import Testing
@testable import Interaction

@Suite struct PagingPolicyTests {
    let physics = ScrollPhysics()
    let range = 0.0...2880.0   // 10 pages of 320
    func target(_ p: PagingPolicy, _ x: Double, _ v: Double, page: Double = 320) -> Double? {
        p.target(offset: x, velocity: v, page: page, range: range, rate: .normal, physics: physics)
    }

    @Test(arguments: [
        // offset, velocity -> page target (UIKit paging, flick threshold 300 pt/s)
        (0.0, 0.0, 0.0), (100, 0, 0), (159.9, 0, 0), (160, 0, 320), (300, 0, 320),
        (100, 299, 0), (100, 301, 320), (10, 5000, 320), (330, 5000, 640),
        (630, -301, 320), (630, -299, 640), (320, -5000, 0), (320, 5000, 640),
        (2800, 5000, 2880), (-50, -3000, 0), (3000, 0, 2880), (1000, 0, 960),
    ])
    func uikitPaging(_ c: (Double, Double, Double)) {
        #expect(target(.paging, c.0, c.1) == c.2, "offset \(c.0) velocity \(c.1)")
    }

    @Test(arguments: [
        // projection: nearest page to x + v / 2.002
        (0.0, 0.0, 0.0), (100, 100, 0), (100, 200, 320), (0, 1000, 640), (0, 3000, 1600),
        (1000, -1000, 640), (2500, 3000, 2880), (300, -3000, 0),
    ])
    func projection(_ c: (Double, Double, Double)) {
        #expect(target(.projection, c.0, c.1) == c.2, "offset \(c.0) velocity \(c.1)")
    }

    @Test func freePoliciesLetTheDecelerationChoose() {
        #expect(target(.none, 100, 1000) == nil)
        #expect(target(.snapAfterDeceleration, 100, 1000) == nil)
        #expect(PagingPolicy.nearestPage(offset: 159, page: 320, range: range) == 0)
        #expect(PagingPolicy.nearestPage(offset: 160, page: 320, range: range) == 320)
        #expect(PagingPolicy.nearestPage(offset: 2870, page: 320, range: range) == 2880)
    }

    @Test func pagesNarrowerThanTheViewport() {
        // Page 300 inside a 320 viewport: targets are multiples of 300.
        #expect(target(.paging, 140, 0, page: 300) == 0)
        #expect(target(.paging, 160, 0, page: 300) == 300)
        #expect(target(.paging, 160, 1000, page: 300) == 300)
        #expect(target(.paging, 310, 1000, page: 300) == 600)
    }

    @Test func pagingReleaseRestsOnThePage() {
        let h = ScrollHarness(horizontalModel(paging: .paging))
        h.drag(Point(x: -100, y: 0), frames: 5, release: Point(x: 800, y: 0))
        #expect(h.model.targetContentOffset == Point(x: 320, y: 0))
        h.settle()
        #expect(h.model.contentOffset.x == 320)
        #expect(h.names == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging",
                            "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    @Test func seedPolicySnapsAfterDecelerating() {
        let h = ScrollHarness(horizontalModel(paging: .snapAfterDeceleration))
        h.drag(Point(x: -100, y: 0), frames: 5, release: Point(x: 500, y: 0))
        h.settle()
        // 100 + 500 / 2.002 = 349.75 -> nearest page 320, animated.
        #expect(h.model.contentOffset.x == 320)
        #expect(h.names == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging",
                            "willBeginDecelerating", "didScroll", "didEndDecelerating",
                            "didScroll", "didEndScrollingAnimation"])
    }

    @Test func seedPolicySnapsAfterASlowRelease() {
        let h = ScrollHarness(horizontalModel(paging: .snapAfterDeceleration))
        h.drag(Point(x: -200, y: 0), frames: 5, release: .zero)
        #expect(h.model.state == .animating)
        h.settle()
        #expect(h.model.contentOffset.x == 320)
        #expect(h.names == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging",
                            "didScroll", "didEndScrollingAnimation"])
    }
}
