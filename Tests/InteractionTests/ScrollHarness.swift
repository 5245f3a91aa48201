import SimCore
import Raster
@testable import Interaction
import Tester

/// A ScrollModel as a `Testable`: its own clock, a display link at `hz` that ticks the
/// model and records every frame, and the model's motion for the Tester's idle rule.
/// The link runs only inside `ScrollHarness.settle` (drags and the tests' hand-made
/// frames move the clock with nothing ticking behind them).
final class ScrollSubject: Testable {
    var model: ScrollModel.State
    let clock = VirtualClock()
    let trace = Trace()
    let link: DisplayLink
    var log: [String] = []
    var events: [ScrollEvent] = []
    /// Largest overshoot beyond the content seen at any frame, per viewport dimension.
    var worstOvershootRatio = 0.0
    private let backref = Backref<ScrollSubject>()

    init(_ model: ScrollModel.State, hz: Int) {
        self.model = model
        link = DisplayLink(clock: clock, hz: hz)
        backref.bind(self)
        link.add { [backref] t in
            guard let s = backref.target else { return }
            s.record(s.model.tick(at: t))
        }
    }

    deinit { backref.clear() }

    func record(_ e: [ScrollEvent]) {
        for x in e { log.append("\(clock.now) \(x)") }
        events += e
        let lo = model.minimumOffset, hi = model.maximumOffset, o = model.contentOffset
        let ox = max(0, lo.x - o.x, o.x - hi.x) / max(model.viewportSize.width, 1e-9)
        let oy = max(0, lo.y - o.y, o.y - hi.y) / max(model.viewportSize.height, 1e-9)
        worstOvershootRatio = max(worstOvershootRatio, ox, oy)
    }

    var bounds: Rect { Rect(origin: .zero, size: model.viewportSize) }
    /// The harness drives the model's drag API directly, not touches.
    func handle(_ touch: TouchEvent) {}
    var motion: [String] { model.state == .idle ? [] : ["the scroll view moves (\(model.state))"] }
    func displayList() -> DisplayList { DisplayList(size: model.viewportSize) }
    func invariantViolations() -> [String] { [] }
    var frameLink: DisplayLink? { link }
}

/// Drives a ScrollModel like a DisplayLink would: frames at `hz`, events logged with
/// their instants, invariants checkable per frame. Settling is the Tester's
/// `pumpUntilIdle` (the same idle rule as scripts and the other rigs).
struct ScrollHarness {
    let subject: ScrollSubject
    let tester: Tester<ScrollSubject>
    let hz: Int

    init(_ model: ScrollModel.State, hz: Int = 120) {
        self.hz = hz
        subject = ScrollSubject(model, hz: hz)
        tester = Tester(subject, timing: .manual)
    }

    var model: ScrollModel.State {
        get { subject.model }
        nonmutating set { subject.model = newValue }
    }
    /// The clock's instant; setting it moves the clock (nothing ticks on the way).
    var now: SimInstant {
        get { subject.clock.now }
        nonmutating set { subject.clock.advance(to: newValue) }
    }
    var log: [String] { subject.log }
    var events: [ScrollEvent] { subject.events }
    var worstOvershootRatio: Double { subject.worstOvershootRatio }

    var frame: SimDuration { .frames(1, at: hz) }

    func record(_ e: [ScrollEvent]) { subject.record(e) }

    /// Drags by `translation` in `frames` equal steps, one per frame, then releases with
    /// `velocity` (offset velocity).
    func drag(_ translation: Point, frames: Int, release velocity: Point,
              adjust: (inout Point, Point) -> Void = { _, _ in }) {
        record(model.beginDrag(at: now))
        for i in 1...max(frames, 1) {
            now += frame
            let f = Double(i) / Double(max(frames, 1))
            record(model.drag(translation: Point(x: translation.x * f, y: translation.y * f), at: now))
        }
        record(model.endDrag(velocity: velocity, at: now, adjustTarget: adjust))
    }

    /// Runs the Tester's `pumpUntilIdle` with the display link on, for at most `limit`
    /// frames; returns the frames that ran (`limit` when the model never came to rest).
    @discardableResult
    func settle(limit: Int = 120 * 60) -> Int {
        subject.link.start()
        defer { subject.link.stop() }
        do {
            return try tester.pumpUntilIdle(limit: SimDuration(ticks: frame.ticks * Int64(limit))).frames
        } catch {
            return limit
        }
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
                     page: Double? = nil) -> ScrollModel.State {
    var m = ScrollModel.State(viewportSize: Size(width: width, height: 200),
                        contentSize: Size(width: content, height: 200), axes: .horizontal)
    m.pagingPolicy = paging
    if let page { m.pageSize = Size(width: page, height: 200) }
    return m
}
