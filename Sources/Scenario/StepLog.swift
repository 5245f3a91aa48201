import SimCore
import Interaction
import Raster
import Tester

/// What the trace viewer shows of one run: a step per line that acts, expects or
/// snapshots (every line after the setup), the distinct frames the screen showed, and
/// a timeline of them over virtual time. Recorded by `ScenarioRunner` when
/// `logsSteps` is set (`emojisim run --viewer DIR`, a failing `assertScenario`); the
/// page is written by EmojiSimTesting's `TraceViewer`.
///
/// Frames are kept as the display lists the screen drew (the GIF recorder's change
/// detection: an unchanged list is the same picture), once per distinct list; the page
/// writer renders each at 1x. Bounded by `Budget`: past it the timeline is sampled at a
/// coarser rate, and the page says so.
public struct StepLog: Hashable, Sendable {
    /// How much a log keeps.
    public struct Budget: Hashable, Sendable {
        /// Distinct frames the timeline (the page's scrubber) keeps at most. Captures run
        /// at 30 frames a second of virtual time; whenever the timeline's distinct frames
        /// pass this, the capture interval doubles (30, 15, 7.5 ... a second) and the
        /// timeline is resampled on the coarser grid, so a run of any length keeps at
        /// most this many, spread over its whole time.
        public var timelineFrames: Int
        /// Distinct frames the steps keep at most (the screen after each line and when
        /// its first finger went down); a step past it shows no frame.
        public var stepFrames: Int
        /// Touches kept per step (a long `move` at 120 Hz is 120 a second); later ones
        /// are counted in `Step.touchesDropped`.
        public var touchesPerStep: Int

        /// The defaults: 240 timeline frames, 600 step frames, 2,000 touches a step.
        public init(timelineFrames: Int = 240, stepFrames: Int = 600, touchesPerStep: Int = 2_000) {
            self.timelineFrames = max(2, timelineFrames)
            self.stepFrames = max(1, stepFrames)
            self.touchesPerStep = max(1, touchesPerStep)
        }
    }

    /// Where a touch was aimed: the finder's resolved rectangle and the point touched.
    public struct Aim: Hashable, Sendable {
        /// The target as the script names it (`panel.emoji 笑哭`).
        public var target: String
        /// Its frame when the touch was aimed, in screen points (zero-sized for a point).
        public var frame: Rect
        /// Where the finger went down.
        public var point: Point

        /// An aim.
        public init(target: String, frame: Rect, point: Point) {
            self.target = target; self.frame = frame; self.point = point
        }
    }

    /// One line of the script as it ran.
    public struct Step: Hashable, Sendable {
        /// What kind of line it is.
        public enum Kind: String, Hashable, Sendable {
            /// A touch, a wait, typing or any other action line.
            case action
            /// An `expect` line.
            case expect
            /// A `snapshot` line.
            case snapshot
        }

        /// The script line the step came from (1-based).
        public var line: Int
        /// The column where the line's command starts (1-based).
        public var column: Int
        /// Action, expectation or snapshot.
        public var kind: Kind
        /// The line in its canonical spelling (`ScriptPrinter.line`).
        public var text: String
        /// Virtual time when the line started.
        public var start: SimInstant
        /// Virtual time when the line ended (after its touches and waits).
        public var end: SimInstant
        /// Every touch the line delivered, in order (at most `Budget.touchesPerStep`).
        public var touches: [TouchEvent] = []
        /// Touches delivered past `Budget.touchesPerStep`.
        public var touchesDropped = 0
        /// Where its touches were aimed (one per aimed touch action).
        public var aims: [Aim] = []
        /// Where the aimed target was when its touch ended, in manual timing (nil: not
        /// checked, or the target left the screen).
        public var targetAfter: Rect?
        /// The trace lines it produced: indices into `ScenarioResult.trace`.
        public var trace: Range<Int> = 0..<0
        /// The state after the line, as the `expect` lines that hold
        /// (`ScenarioHost.stateExpectations`).
        public var state: [Script.Expectation]
        /// Index into `StepLog.frames` of the screen after the line; nil past the budget.
        public var frame: Int?
        /// Index into `StepLog.frames` of the screen when the line's first finger went
        /// down; nil without touches or past the budget.
        public var touchFrame: Int?
        /// Manual-timing warnings of the line (a touch that missed its target, and why).
        public var warnings: [String] = []
        /// The outcome of an `expect` line.
        public var expectation: ExpectationOutcome?
        /// The error that stopped the run at this line.
        public var error: String?

        /// A step; the rest is filled in as the line runs.
        public init(line: Int, column: Int, kind: Kind, text: String, start: SimInstant, end: SimInstant,
                    state: [Script.Expectation]) {
            self.line = line; self.column = column; self.kind = kind; self.text = text
            self.start = start; self.end = end; self.state = state
        }

        /// True when the line failed: its expectation did not hold or it stopped the run.
        public var failed: Bool { error != nil || expectation.map { !$0.passed } ?? false }
    }

    /// A change of the picture on the timeline: from `time` on, the screen showed
    /// `frame` (an index into `frames`).
    public struct TimelineEntry: Hashable, Sendable {
        /// When the picture changed.
        public var time: SimInstant
        /// The picture from then on (an index into `frames`).
        public var frame: Int
        /// An entry.
        public init(time: SimInstant, frame: Int) { self.time = time; self.frame = frame }
    }

    /// One step per line after the setup, in the order they ran (a run that stopped
    /// ends with the line that stopped it).
    public var steps: [Step] = []
    /// The distinct frames, as the display lists the screen drew (render at 1x).
    public var frames: [DisplayList] = []
    /// The picture over virtual time, one entry per change, on the capture grid.
    public var timeline: [TimelineEntry] = []
    /// When the run started.
    public var start = SimInstant.zero
    /// When the run ended.
    public var end = SimInstant.zero
    /// The capture interval the timeline ended with: 1/30 s unless sampled.
    public var captureInterval = SimDuration.frames(1, at: 30)
    /// Distinct step frames that were not kept (`Budget.stepFrames`).
    public var stepFramesDropped = 0
    /// The budget the log was recorded under.
    public var budget = Budget()
    /// The run's theme (the frames render in it).
    public var theme: Theme = .light
    /// The device's pixel scale (frames render at 1x whatever it is).
    public var deviceScale = 1

    /// An empty log.
    public init() {}

    /// True when the timeline was sampled coarser than 30 frames a second.
    public var isSampled: Bool { captureInterval > SimDuration.frames(1, at: 30) }

    /// The index of the first failing step (a failed expectation or the line that
    /// stopped the run), nil when none failed.
    public var firstFailingStep: Int? { steps.firstIndex(where: { $0.failed }) }
}

/// Records a `StepLog` while a driver runs: the driver calls `begin`/`end` around each
/// line and `aimed` where a touch is aimed; touches come from the Tester's
/// `touchObserver`, frames from a 30 Hz capture on the host's clock (as the GIF
/// recorder's). Generic over the host (no existentials in the core).
final class StepLogger<Host: ScenarioHost> {
    let host: Host
    private(set) var log = StepLog()
    private var current: StepLog.Step?
    /// Distinct lists by identity, their use by the timeline and by steps.
    private var ids: [DisplayList: Int] = [:]
    private var lists: [Int: DisplayList] = [:]
    private var nextID = 0
    private var lastList: DisplayList?
    private var lastID = -1
    /// The sampler's version of `lastList`: while it gives the same one, the screen's
    /// list is `lastList` (nothing is compared or drawn).
    private var lastVersion = -1
    /// Where the screen's list comes from (shared with the GIF recorder).
    let sampler: ScreenSampler<Host>
    private var stepFrameCount = 0
    private var stepPinned: Set<Int> = []
    /// Timeline entries by capture tick (in 1/30 s from the start) and frame id.
    private var entries: [(tick: Int, id: Int)] = []
    private var tick = 0
    private var stride = 1
    private var timer: VirtualClock.TimerID?
    private let backref = Backref<StepLogger>()
    private var started = SimInstant.zero

    init(host: Host, budget: StepLog.Budget, theme: Theme, deviceScale: Int, sampler: ScreenSampler<Host>) {
        self.host = host
        self.sampler = sampler
        log.budget = budget
        log.theme = theme
        log.deviceScale = deviceScale
        backref.bind(self)
    }

    deinit { backref.clear() }

    private static var baseInterval: SimDuration { .frames(1, at: 30) }

    func start() {
        started = host.clock.now
        log.start = started
        capture()
        schedule()
    }

    /// The timer at the capture interval, from the next tick of its grid on: only the
    /// ticks that capture wake up (a timer makes the Tester run the model's frames up to
    /// it, so a timer at 30 Hz that captured every 2^k-th tick cost a frame each tick).
    private func schedule() {
        if let timer { host.clock.cancel(timer) }
        let next = (tick / stride + 1) * stride
        timer = host.clock.scheduleRepeating(every: Self.baseInterval * stride, startingAt: started + Self.baseInterval * next) {
            [backref] _ in backref.target?.onTick()
        }
    }

    /// Base ticks (1/30 s) since the start, now.
    private var elapsedTicks: Int { Int((host.clock.now - started).ticks / Self.baseInterval.ticks) }

    private func onTick() {
        tick = elapsedTicks
        capture()
    }

    /// The id of the screen's list now, registering it when new; nil when it is new and
    /// `allowed` says no more may be kept.
    private func frameID(_ allowed: () -> Bool) -> Int? {
        let (list, version) = sampler.screen()
        if lastList != nil, version == lastVersion { return lastID }
        if let lastList, lastList == list { lastVersion = version; return lastID }
        if let id = ids[list] { lastList = list; lastID = id; lastVersion = version; return id }
        guard allowed() else { return nil }
        let id = nextID
        nextID += 1
        ids[list] = id
        lists[id] = list
        lastList = list
        lastID = id
        lastVersion = version
        return id
    }

    private func capture() {
        guard let id = frameID({ true }) else { return }
        guard entries.last?.id != id else { return }
        entries.append((tick, id))
        uses[id, default: 0] += 1
        if timelineDistinct() > log.budget.timelineFrames { coarsen() }
    }

    /// Timeline entries per frame id (its keys are the timeline's distinct frames).
    private var uses: [Int: Int] = [:]

    private func timelineDistinct() -> Int { uses.count }

    private func recount() {
        uses = [:]
        for e in entries { uses[e.id, default: 0] += 1 }
    }

    /// Doubles the capture interval and resamples the timeline on the coarser grid: an
    /// entry moves to the next grid tick when it still shows there, else it is dropped;
    /// frames no entry or step uses any more are released.
    private func coarsen() {
        defer { schedule() }
        while timelineDistinct() > log.budget.timelineFrames {
            stride *= 2
            var out: [(tick: Int, id: Int)] = []
            for (i, e) in entries.enumerated() {
                // The last entry is what shows now: it stays where it is.
                let isLast = i + 1 == entries.count
                let t = isLast ? e.tick : (e.tick + stride - 1) / stride * stride
                guard isLast || t < entries[i + 1].tick else { continue }
                if out.last?.id == e.id { continue }
                out.append((t, e.id))
            }
            entries = out
            recount()
        }
        var used = stepPinned
        for e in entries { used.insert(e.id) }
        for id in Array(lists.keys) where !used.contains(id) {
            if let l = lists[id] { ids[l] = nil }
            lists[id] = nil
        }
        if lists[lastID] == nil { lastList = nil; lastID = -1; lastVersion = -1 }
    }

    private func stepFrame() -> Int? {
        let id = frameID({ stepFrameCount < log.budget.stepFrames })
        guard let id else { log.stepFramesDropped += 1; return nil }
        if !stepPinned.contains(id) { stepPinned.insert(id); stepFrameCount += 1 }
        return id
    }

    func begin(_ c: Script.Located<Script.Command>) {
        let kind: StepLog.Step.Kind
        switch c.value {
        case .setup: current = nil; return
        case .action: kind = .action
        case .expect: kind = .expect
        case .snapshot: kind = .snapshot
        }
        var step = StepLog.Step(line: c.line, column: c.column, kind: kind, text: ScriptPrinter.line(c.value),
                                start: host.clock.now, end: host.clock.now, state: host.stateExpectations)
        step.trace = host.trace.totalCount..<host.trace.totalCount
        current = step
    }

    func touched(_ t: TouchEvent) {
        guard current != nil else { return }
        if current!.touches.isEmpty && current!.touchesDropped == 0 { current!.touchFrame = stepFrame() }
        if current!.touches.count < log.budget.touchesPerStep { current!.touches.append(t) } else { current!.touchesDropped += 1 }
    }

    func aimed(_ target: Finder, frame: Rect, point: Point) {
        current?.aims.append(StepLog.Aim(target: target.description, frame: frame, point: point))
    }

    func targetEnded(at frame: Rect?) { current?.targetAfter = frame }

    func warned(_ message: String) { current?.warnings.append(message) }

    func end(expectation: ExpectationOutcome?, error: String?) {
        guard var step = current else { return }
        current = nil
        step.end = host.clock.now
        step.trace = step.trace.lowerBound..<host.trace.totalCount
        step.state = host.stateExpectations
        step.expectation = expectation
        step.error = error
        step.frame = stepFrame()
        log.steps.append(step)
    }

    /// Stops capturing; frames are numbered in order of first use, trace ranges made
    /// indices into the retained trace (`ScenarioResult.trace`).
    func finish() -> StepLog {
        if let timer { host.clock.cancel(timer) }
        timer = nil
        // The screen as the run left it, at the instant it ended (between two captures,
        // or at the last one: then it replaces that capture's picture).
        var final: (time: SimInstant, id: Int)?
        tick = elapsedTicks
        if let id = frameID({ true }), entries.last?.id != id {
            let gridTime = started + Self.baseInterval * tick
            if host.clock.now > gridTime || entries.isEmpty { final = (host.clock.now, id) }
            else { entries[entries.count - 1].id = id }
        }
        log.end = host.clock.now
        log.captureInterval = Self.baseInterval * stride
        var renumber: [Int: Int] = [:]
        func number(_ id: Int?) -> Int? {
            guard let id, let list = lists[id] else { return nil }
            if let n = renumber[id] { return n }
            renumber[id] = log.frames.count
            log.frames.append(list)
            return log.frames.count - 1
        }
        let dropped = host.trace.droppedCount
        for i in log.steps.indices {
            log.steps[i].touchFrame = number(log.steps[i].touchFrame)
            log.steps[i].frame = number(log.steps[i].frame)
            let r = log.steps[i].trace
            let lo = max(0, r.lowerBound - dropped), hi = max(lo, r.upperBound - dropped)
            log.steps[i].trace = lo..<hi
        }
        for e in entries {
            guard let n = number(e.id) else { continue }
            log.timeline.append(StepLog.TimelineEntry(time: started + Self.baseInterval * e.tick, frame: n))
        }
        if let final, let n = number(final.id) {
            if let last = log.timeline.last, last.frame == n { return log }
            log.timeline.append(StepLog.TimelineEntry(time: final.time, frame: n))
        }
        return log
    }
}
