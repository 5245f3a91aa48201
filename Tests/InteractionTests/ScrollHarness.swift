import SimCore
@testable import Interaction

/// Drives a ScrollModel like a DisplayLink would: frames at `hz`, events logged with
/// their instants, invariants checkable per frame.
struct ScrollHarness {
    var model: ScrollModel
    var hz = 120
    var now = SimInstant.zero
    var log: [String] = []
    var events: [ScrollEvent] = []
    /// Largest overshoot beyond the content seen at any frame, per viewport dimension.
    var worstOvershootRatio = 0.0

    init(_ model: ScrollModel, hz: Int = 120) { self.model = model; self.hz = hz }

    var frame: SimDuration { .frames(1, at: hz) }

    mutating func record(_ e: [ScrollEvent]) {
        for x in e { log.append("\(now) \(x)") }
        events += e
        let lo = model.minimumOffset, hi = model.maximumOffset, o = model.contentOffset
        let ox = max(0, lo.x - o.x, o.x - hi.x) / max(model.viewportSize.width, 1e-9)
        let oy = max(0, lo.y - o.y, o.y - hi.y) / max(model.viewportSize.height, 1e-9)
        worstOvershootRatio = max(worstOvershootRatio, ox, oy)
    }

    /// Drags by `translation` in `frames` equal steps, one per frame, then releases with
    /// `velocity` (offset velocity).
    mutating func drag(_ translation: Point, frames: Int, release velocity: Point,
                       adjust: (inout Point, Point) -> Void = { _, _ in }) {
        record(model.beginDrag(at: now))
        for i in 1...max(frames, 1) {
            now += frame
            let f = Double(i) / Double(max(frames, 1))
            record(model.drag(translation: Point(x: translation.x * f, y: translation.y * f), at: now))
        }
        record(model.endDrag(velocity: velocity, at: now, adjustTarget: adjust))
    }

    /// Ticks frames until the model is idle (or `limit` frames); returns frames ticked.
    @discardableResult
    mutating func settle(limit: Int = 120 * 60) -> Int {
        var n = 0
        while model.state != .idle && n < limit {
            now += frame
            record(model.tick(at: now))
            n += 1
        }
        return n
    }

    var names: [String] {
        events.map(\.name).reduce(into: [String]()) { acc, n in
            // Collapse runs of didScroll so order tables stay readable.
            if n == "didScroll" && acc.last == "didScroll" { return }
            acc.append(n)
        }
    }
}

func horizontalModel(width: Double = 320, content: Double = 3200, paging: PagingPolicy = .none,
                     page: Double? = nil) -> ScrollModel {
    var m = ScrollModel(viewportSize: Size(width: width, height: 200),
                        contentSize: Size(width: content, height: 200), axes: .horizontal)
    m.pagingPolicy = paging
    if let page { m.pageSize = Size(width: page, height: 200) }
    return m
}
