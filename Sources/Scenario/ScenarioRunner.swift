import SimCore
import Imaging
import Interaction
import Raster
import ChatUI
import Tester
import ChatHarness

/// Runs a parsed script against a host. Pure and deterministic: the same script and
/// host give the same result, byte for byte, on every machine and build.
///
/// Everything goes through one `Tester`: touches synthesized at the configured touch
/// rate and delivered at their exact virtual timestamps (a `tap` takes its 80 ms, a
/// `long-press for 1s` holds for exactly one second), and in `timing auto` (the
/// default) the clock runs until the screen is idle before every action on a target,
/// every expectation and every snapshot (docs/SCENARIOS.md, "Timing"). A failed
/// expectation is recorded and the run goes on; an action that cannot be performed
/// (refused, not actionable, not idle in time) stops the run.
public struct ScenarioRunner {
    /// The font text snapshots and recordings draw with.
    public var font: BitmapFont
    /// Record the screen at 30 frames per virtual second (for `--gif`).
    public var records = false
    /// Upper bound on distinct recorded frames, so a long run cannot grow memory
    /// without bound; later frames extend the last one.
    public var maxRecordedFrames = 900
    /// How long `settle` and auto timing may wait for idle (`TesterDefaults.idleLimit`).
    public static let settleLimit = TesterDefaults.idleLimit
    /// The defaults of `swipe`, `move` and `drag` (`TesterDefaults`): a swipe's travel.
    public static let defaultSwipeDistance = TesterDefaults.swipeDistance
    /// A swipe's release speed in pt/s.
    public static let defaultSwipeVelocity = TesterDefaults.swipeVelocity
    /// How long a `move` takes without `over`.
    public static let defaultMoveDuration = TesterDefaults.moveDuration
    /// How long a `drag` takes without `over`.
    public static let defaultDragDuration = TesterDefaults.dragDuration

    /// Record a `StepLog` (the trace viewer's steps, frames and timeline) in
    /// `ScenarioResult.steps`.
    public var logsSteps = false
    /// What the step log keeps at most.
    public var stepBudget = StepLog.Budget()

    /// A runner.
    ///
    /// - Parameters:
    ///   - font: The font snapshots draw text with.
    ///   - records: Whether to record the screen at 30 frames per virtual second.
    public init(font: BitmapFont = BitmapFont(), records: Bool = false) {
        self.font = font
        self.records = records
    }

    /// Runs `script` on `host`, line by line, until its end or the first error.
    ///
    /// - Parameters:
    ///   - script: The parsed script.
    ///   - configuration: Its setup (`ScenarioConfiguration(script:)`); the host was made from it.
    ///   - host: The screen to drive.
    /// - Returns: Every expectation's outcome, the snapshots, warnings, the trace, and
    ///   the error that stopped the run, if any.
    /// - Complexity: O(script length + virtual time run, in frames and touches).
    public func run<Host: ScenarioHost>(_ script: Script, configuration: ScenarioConfiguration, on host: Host) -> ScenarioResult {
        let driver = ScenarioDriver(host: host, configuration: configuration, runner: self, name: script.name)
        if records { driver.startRecording() }
        if logsSteps { driver.startStepLog() }
        for command in script.commands {
            driver.stepLogger?.begin(command)
            do throws(ScriptError) {
                try driver.execute(command)
                if case .expect = command.value { driver.stepLogger?.end(expectation: driver.result.expectations.last, error: nil) }
                else { driver.stepLogger?.end(expectation: nil, error: nil) }
            } catch {
                driver.stepLogger?.end(expectation: nil, error: error.message)
                driver.result.failure = error
                break
            }
        }
        return driver.finish()
    }
}

/// Drives one host command by command: what the runner uses for scripts, and what
/// Swift tests use directly (`driver.tap(.toggle)`, `driver.type("你好")`, ...).
/// Results (expectations, snapshots, warnings) accumulate in `result`.
public final class ScenarioDriver<Host: ScenarioHost> {
    /// The screen driven.
    public let host: Host
    /// The script's setup.
    public let configuration: ScenarioConfiguration
    /// The one driver of touches and time (timing mode, touch rate, idle waits).
    public let tester: Tester<Host>
    let runner: ScenarioRunner
    let name: String
    /// What happened so far: expectations, snapshots, warnings (`finish()` adds the trace).
    public internal(set) var result: ScenarioResult
    let start: SimInstant
    /// Trace events already consumed by `expect trace` (counted from the trace's start).
    var traceCursor = 0
    /// The script line of the trace expectation that last moved `traceCursor`, for
    /// messages ("since line 7's expect trace"); nil before the first.
    var traceCursorLine: Int?
    /// Each trace expectation's needle's matching lines, read once (`TraceMatchIndex`).
    var traceMatches = TraceMatchIndex()
    var recorder: Recorder<Host>?
    /// The screen's list for the captures, drawn once per change of the screen and
    /// shared by the recorder and the step log.
    let sampler: ScreenSampler<Host>
    /// The trace viewer's step log, while one is recorded (`ScenarioRunner.logsSteps`).
    var stepLogger: StepLogger<Host>?

    /// A driver of `host`, in auto timing.
    ///
    /// - Parameters:
    ///   - host: The screen to drive.
    ///   - configuration: The setup (touch rate, theme, catalog name for errors).
    ///   - runner: The runner whose font and recording settings apply.
    ///   - name: The name errors use.
    public init(host: Host, configuration: ScenarioConfiguration = ScenarioConfiguration(),
                runner: ScenarioRunner = ScenarioRunner(), name: String = "<driver>") {
        self.host = host
        self.configuration = configuration
        self.runner = runner
        self.name = name
        self.result = ScenarioResult(script: name)
        self.tester = Tester(host, timing: .auto, touchRate: configuration.touchRate)
        self.sampler = ScreenSampler(host: host)
        self.start = host.clock.now
        self.traceCursor = host.trace.totalCount
    }

    /// `timing auto` or `manual` (a script's `timing` line sets it).
    public var timing: TimingMode {
        get { tester.timing }
        set { tester.timing = newValue }
    }

    func startRecording() {
        recorder = Recorder(host: host, runner: runner, theme: configuration.theme, sampler: sampler)
        recorder?.start()
    }

    func startStepLog() {
        let logger = StepLogger(host: host, budget: runner.stepBudget, theme: configuration.theme,
                                deviceScale: configuration.device.scale, sampler: sampler)
        stepLogger = logger
        tester.touchObserver = { logger.touched($0) }
        logger.start()
    }

    /// Stops recording and fills in the trace and duration (and the step log).
    public func finish() -> ScenarioResult {
        recorder?.stop()
        result.recording = recorder?.frames ?? []
        recorder = nil
        result.trace = host.trace.lines
        result.duration = host.clock.now - start
        if let stepLogger {
            result.steps = stepLogger.finish()
            tester.touchObserver = nil
            self.stepLogger = nil
        }
        return result
    }

    func fail(_ c: Script.Located<Script.Command>, _ message: String) -> ScriptError {
        ScriptError(file: name, line: c.line, column: c.column, message: message)
    }

    /// Runs one command (line and column are for error messages).
    public func execute(_ command: Script.Command, line: Int = 0, column: Int = 0) throws(ScriptError) {
        try execute(Script.Located(command, line: line, column: column))
    }

    func execute(_ c: Script.Located<Script.Command>) throws(ScriptError) {
        switch c.value {
        case .setup:
            return
        case .action(let a):
            try act(a, c)
            // Every action is also an invariant test: a broken model invariant stops the
            // run at the line that broke it (the monkey checks the same list).
            let violations = host.invariantViolations()
            if !violations.isEmpty {
                throw fail(c, "invariant broken: " + violations.joined(separator: "; "))
            }
        case .expect(let e):
            try synchronize(c, "expect " + ScriptPrinter.expectation(e))
            result.record(check(e, c))
        case .snapshot(let s):
            try synchronize(c, "snapshot " + s.name)
            result.snapshots += try snapshot(s, c)
        }
    }

    var deviceScale: Int { configuration.device.scale }

    var theme: Theme { configuration.theme }

    // MARK: timing

    /// Auto timing's wait for idle before `what`; a failure names what still moves.
    func synchronize(_ c: Script.Located<Script.Command>, _ what: String) throws(ScriptError) {
        do throws(TesterError) { try tester.synchronize() } catch { throw fail(c, "\(what): \(error)") }
    }

    /// A script warning: kept in the result (the CLI prints it to stderr) and traced.
    func warn(_ c: Script.Located<Script.Command>, _ what: String, _ message: String) {
        let w = ScriptWarning(file: name, line: c.line, column: c.column, message: "\(what) (line \(c.line)): \(message)")
        result.warnings.append(w)
        stepLogger?.warned(w.message)
        host.trace.record(host.clock.now, "tester", "warning", ("line", String(c.line)), ("message", message))
    }

    // MARK: actions

    var catalogName: String {
        switch configuration.catalog {
        case .demo: return "demo"
        case .plist(let e, _): return e
        case .unicode(let p): return p ?? "unicode"
        case .folder(let p), .json(let p): return p
        }
    }

    /// Actionability through the Tester (`Tester.aim(_:for:)`): after idle in auto
    /// timing, the target exists, is on screen, is enabled and receives the touch; a
    /// failure is an error. In manual timing a disabled or covered target is touched
    /// anyway, with a warning (`verify`).
    func aim(_ target: Finder, _ what: String, _ c: Script.Located<Script.Command>) throws(ScriptError) -> FinderAim {
        do throws(TesterError) { return try tester.aim(target, for: what) } catch {
            guard case .notActionable(_, _, let result) = error else { throw fail(c, "\(what): \(error)") }
            // A script knows which catalog it loaded: name it.
            if case .notInCatalog(let code) = result {
                throw fail(c, "\(what): no emoji with code '\(code)' in catalog '\(catalogName)'")
            }
            throw fail(c, error.description)
        }
    }

    /// A target's frame whatever its actionability, nil when it has none now.
    func frameOf(_ target: Finder) -> Rect? { host.laidOutResolve(target).found?.frame }

    /// After a touch in manual timing: did it end on the target it was aimed at?
    func verify(_ aim: FinderAim, _ target: Finder, _ what: String, _ c: Script.Located<Script.Command>) {
        guard tester.timing == .manual else { return }
        if let doubt = aim.doubt { warn(c, what, doubt); return }
        if case .point = target { return }
        stepLogger?.targetEnded(at: frameOf(target))
        guard let now = frameOf(target) else {
            warn(c, what, "the \(target) left the screen under the finger; the touch ended where it no longer is")
            return
        }
        if !now.insetBy(dx: -0.5, dy: -0.5).contains(aim.point) {
            let dx = now.midX - aim.frame.midX, dy = now.midY - aim.frame.midY
            let moved = (dx * dx + dy * dy).squareRoot()
            warn(c, what, "the \(target) moved \(formatPoints(moved.rounded())) pt under the finger and the touch ended outside it")
        }
    }

    func tested(_ c: Script.Located<Script.Command>, _ what: String, _ body: () throws(TesterError) -> Void) throws(ScriptError) {
        do throws(TesterError) { try body() } catch {
            if case .finger(let m) = error { throw fail(c, m) }
            if case .swipe(.tooShort) = error { throw fail(c, "\(what): \(error); use a longer distance or a lower speed") }
            throw fail(c, "\(what): \(error)")
        }
    }

    /// Where a swipe or drag starts (`Tester.start(for:_:travel:)`): anywhere in a
    /// region (the panel, the list) that keeps the whole path on screen, else the aim's
    /// point (the path must fit from it).
    func start(for target: Finder, _ aim: FinderAim, travel: Point, _ what: String, _ c: Script.Located<Script.Command>) throws(ScriptError) -> Point {
        do throws(TesterError) { return try tester.start(for: target, aim, travel: travel) } catch {
            throw fail(c, "\(what): \(error)")
        }
    }

    func act(_ a: Script.Action, _ c: Script.Located<Script.Command>) throws(ScriptError) {
        // Only failures and warnings print the action: a 10,000-character `receive` is
        // not re-quoted on every line that succeeds.
        lazy var what = ScriptPrinter.action(a)
        switch a {
        case .tap(let t):
            if tester.finger != nil { throw fail(c, "a finger is still down from 'press' (release or cancel it first)") }
            let aim = try aim(t, what, c)
            stepLogger?.aimed(t, frame: aim.frame, point: aim.point)
            try tested(c, what) { () throws(TesterError) in try tester.tap(at: aim.point) }
            verify(aim, t, what, c)
        case .doubleTap(let t):
            if tester.finger != nil { throw fail(c, "a finger is still down from 'press' (release or cancel it first)") }
            let aim = try aim(t, what, c)
            stepLogger?.aimed(t, frame: aim.frame, point: aim.point)
            try tested(c, what) { () throws(TesterError) in
                try tester.tap(at: aim.point)
                _ = tester.pump(Script.Action.doubleTapGap)
                try tester.tap(at: aim.point)
            }
            verify(aim, t, what, c)
        case .longPress(let t, let d):
            if tester.finger != nil { throw fail(c, "a finger is still down from 'press' (release or cancel it first)") }
            let aim = try aim(t, what, c)
            stepLogger?.aimed(t, frame: aim.frame, point: aim.point)
            try tested(c, what) { () throws(TesterError) in try tester.longPress(at: aim.point, for: d) }
            verify(aim, t, what, c)
        case .press(let t):
            if tester.finger != nil { throw fail(c, "a finger is still down from 'press' (release or cancel it first)") }
            let aim = try aim(t, what, c)
            stepLogger?.aimed(t, frame: aim.frame, point: aim.point)
            try tested(c, what) { () throws(TesterError) in try tester.press(at: aim.point) }
        case .move(let t, let over):
            guard tester.finger != nil else { throw fail(c, "move needs a finger down (press first)") }
            let to: Point
            if case .point(let p) = t { to = p } else {
                let r = host.laidOutResolve(t)
                guard let h = r.found else { throw fail(c, "\(what): \(t) is not on screen") }
                to = r.isHit ? h.point : h.frame.center
                stepLogger?.aimed(t, frame: h.frame, point: to)
            }
            try tested(c, what) { () throws(TesterError) in try tester.move(to: to, over: over ?? TesterDefaults.moveDuration) }
        case .release:
            try tested(c, what) { () throws(TesterError) in try tester.release() }
        case .cancel:
            try tested(c, what) { () throws(TesterError) in try tester.cancel() }
        case .swipe(let t, let dir, let distance, let velocity):
            if tester.finger != nil { throw fail(c, "a finger is still down from 'press' (release or cancel it first)") }
            let aim = try aim(t, what, c)
            stepLogger?.aimed(t, frame: aim.frame, point: aim.point)
            let v = velocity ?? TesterDefaults.swipeVelocity
            guard v > 0 else { throw fail(c, "\(what): a swipe needs a positive velocity") }
            let path = Tester<Host>.travel(dir, distance ?? TesterDefaults.swipeDistance)
            // An impossible flick is an error before anything moves.
            try tested(c, what) { () throws(TesterError) in _ = try tester.swipePlan(travel: path, velocity: v) }
            let from = try start(for: t, aim, travel: path, what, c)
            try tested(c, what) { () throws(TesterError) in try tester.swipe(from: from, travel: path, velocity: v) }
        case .drag(let t, let dx, let dy, let over):
            if tester.finger != nil { throw fail(c, "a finger is still down from 'press' (release or cancel it first)") }
            let aim = try aim(t, what, c)
            stepLogger?.aimed(t, frame: aim.frame, point: aim.point)
            let path = Point(x: dx, y: dy)
            let from = try start(for: t, aim, travel: path, what, c)
            try tested(c, what) { () throws(TesterError) in
                try tester.drag(from: from, by: path, over: over ?? TesterDefaults.dragDuration)
            }
        case .wait(let d):
            tester.pump(d)
        case .settle:
            do throws(TesterError) { try tester.pumpUntilIdle() } catch {
                if case .notIdle(let limit, let moving) = error {
                    throw fail(c, "did not settle within \(limit) of virtual time (still moving: \(moving.joined(separator: "; ")))")
                }
                throw fail(c, "settle: \(error)")
            }
        case .timing(let m):
            tester.timing = m
        case .verb(let p):
            do throws(ScenarioHostError) {
                try host.perform(p)
            } catch {
                throw fail(c, error.message)
            }
        }
    }
}
