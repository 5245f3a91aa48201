import SimCore
import Raster
@testable import Interaction
import Tester

/// What a `ScrollView` host did, for the tests to read: every delegate moment with its
/// instant, and the largest overshoot seen. A reference type because `Reducer.perform`
/// reads the state and changes nothing of it (as ArenaView's `UpdateLog`).
final class ScrollLog {
    private(set) var lines: [String] = []
    private(set) var events: [ScrollEvent] = []
    /// Largest overshoot beyond the content seen after any action or frame, per
    /// viewport dimension.
    private(set) var worstOvershootRatio = 0.0

    func append(_ e: ScrollEvent, at now: SimInstant) {
        lines.append("\(now) \(e)")
        events.append(e)
    }

    func measure(_ model: ScrollModel.State) {
        let lo = model.minimumOffset, hi = model.maximumOffset, o = model.contentOffset
        let ox = max(0, lo.x - o.x, o.x - hi.x) / max(model.viewportSize.width, 1e-9)
        let oy = max(0, lo.y - o.y, o.y - hi.y) / max(model.viewportSize.height, 1e-9)
        worstOvershootRatio = max(worstOvershootRatio, ox, oy)
    }
}

/// A bare scroll view as a Tester subject, through `Host<ScrollView>` (`TestableReducer`):
/// the `ScrollModel` alone (no gesture arena: the tests send its drag actions), its
/// touches as UIScrollView's own (down catches a motion, a lift without drag settles).
/// Frames run only while `linked` (`ScrollHarness.settle`), so a test that steps frames
/// itself (`ScrollHarness.tick`) sees exactly the ticks it sends.
struct ScrollView: TestableReducer {
    struct State: Equatable {
        var model: ScrollModel.State
        /// Whether the host's display link may tick the model.
        var linked = false
    }
    enum Action {
        case model(ScrollModel.Action)
        case touch(TouchEvent)
        case link(Bool)
    }
    typealias Event = ScrollEvent
    typealias Failure = Never

    let scroll = ScrollModel()
    let log: ScrollLog

    func reduce(into state: inout State, _ action: Action, at now: SimInstant) -> [ScrollEvent] {
        switch action {
        case .model(let a): return scroll.reduce(into: &state.model, a, at: now)
        case .touch(let t):
            switch t.phase {
            case .began: return scroll.reduce(into: &state.model, .touchDown, at: now)
            case .ended, .cancelled: return scroll.reduce(into: &state.model, .touchUp, at: now)
            case .moved, .stationary: return []
            }
        case .link(let on):
            state.linked = on
            return []
        }
    }
    func nextDeadline(_ state: State) -> SimInstant? { nil }
    func needsFrames(_ state: State, at now: SimInstant) -> Bool { state.linked && scroll.needsFrames(state.model, at: now) }
    func motion(_ state: State, at now: SimInstant) -> [String] { scroll.motion(state.model, at: now) }
    func trace(_ event: ScrollEvent, at now: SimInstant) -> TraceEvent? { event.traceEvent(at: now, source: "scroll") }
    func perform(_ event: ScrollEvent, in state: State, at now: SimInstant) {
        log.append(event, at: now)
        log.measure(state.model)
    }
    func performFrame(in state: State, at now: SimInstant) { log.measure(state.model) }
    static var frameAction: Action? { .model(.tick) }
    static var deadlineAction: Action? { nil }

    func touchAction(_ touch: TouchEvent) -> Action { .touch(touch) }
    func bounds(_ state: State) -> Rect { Rect(origin: .zero, size: state.model.viewportSize) }
    func displayList(_ state: State, at now: SimInstant) -> DisplayList { DisplayList(size: state.model.viewportSize) }
}

/// Drives a ScrollModel like a DisplayLink would, on `Tester(Host(ScrollView))` in
/// manual timing: the Tester alone moves the clock (frames at `hz`), events are logged
/// with their instants, overshoot is measured after every action and frame. Settling
/// is the Tester's `pumpUntilIdle` (the same idle rule as scripts and the other rigs).
struct ScrollHarness {
    let host: Host<ScrollView>
    let tester: Tester<Host<ScrollView>>
    let hz: Int
    private let recorded: ScrollLog

    init(_ model: ScrollModel.State, hz: Int = 120) {
        self.hz = hz
        recorded = ScrollLog()
        host = Host(ScrollView(log: recorded), state: ScrollView.State(model: model), frameRate: hz)
        tester = Tester(host, timing: .manual)
    }

    var model: ScrollModel.State { host.state.model }
    /// The clock's instant (only the Tester moves it).
    var now: SimInstant { host.clock.now }
    var log: [String] { recorded.lines }
    var events: [ScrollEvent] { recorded.events }
    var worstOvershootRatio: Double { recorded.worstOvershootRatio }

    var frame: SimDuration { .frames(1, at: hz) }

    /// Sends `action` to the model now.
    func send(_ action: ScrollModel.Action) { host.send(.model(action)) }

    /// One frame by hand: the Tester moves the clock one frame on, then the model ticks.
    func tick() {
        tester.pump(frame)
        send(.tick)
    }

    /// Lets `duration` pass with nothing ticking (the link is off outside `settle`).
    func wait(_ duration: SimDuration) { tester.pump(duration) }

    /// A finger down on the view, held `hold`, lifted without dragging (UIScrollView's
    /// touch: down catches a running motion, the lift settles it).
    func touch(hold: SimDuration) throws {
        let b = host.bounds
        try tester.press(at: Point(x: b.midX, y: b.midY))
        tester.pump(hold)
        try tester.release()
    }

    /// Drags by `translation` in `frames` equal steps, one per frame, then releases with
    /// `velocity` (offset velocity).
    func drag(_ translation: Point, frames: Int, release velocity: Point) {
        send(.beginDrag)
        for i in 1...max(frames, 1) {
            tester.pump(frame)
            let f = Double(i) / Double(max(frames, 1))
            send(.drag(translation: Point(x: translation.x * f, y: translation.y * f)))
        }
        send(.endDrag(velocity: velocity))
    }

    /// Runs the Tester's `pumpUntilIdle` with the display link on, for at most `limit`
    /// frames; returns the frames that ran (`limit` when the model never came to rest).
    @discardableResult
    func settle(limit: Int = 120 * 60) -> Int {
        host.send(.link(true))
        defer { host.send(.link(false)) }
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
