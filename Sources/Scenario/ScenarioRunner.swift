import SimCore
import Imaging
import Interaction
import Raster

/// Runs a parsed script against a host. Pure and deterministic: the same script and
/// host give the same result, byte for byte, on every machine and build.
///
/// Touches are synthesized at the configured touch rate and delivered at their exact
/// virtual timestamps (the clock is advanced to each one first), so a `tap` takes its
/// 80 ms and a `long-press for 1s` holds for exactly one second of virtual time. A
/// failed expectation is recorded and the run goes on; an action the host refuses or
/// a `settle` that times out stops the run.
public struct ScenarioRunner {
    public var font: BitmapFont
    /// Record the screen at 30 frames per virtual second (for `--gif`).
    public var records = false
    /// Upper bound on distinct recorded frames, so a long run cannot grow memory
    /// without bound; later frames extend the last one.
    public var maxRecordedFrames = 900
    /// How long `settle` may take before it fails.
    public static let settleLimit = SimDuration.seconds(10)
    /// Finger travel of a `swipe` without `by`, and its release speed without `at`.
    public static let defaultSwipeDistance = 120.0
    public static let defaultSwipeVelocity = 1000.0
    /// Duration of a `move` or `drag` without `over`.
    public static let defaultMoveDuration = SimDuration.milliseconds(200)
    public static let defaultDragDuration = SimDuration.milliseconds(300)

    public init(font: BitmapFont = BitmapFont(), records: Bool = false) {
        self.font = font
        self.records = records
    }

    public func run(_ script: Script, configuration: ScenarioConfiguration, on host: any ScenarioHost) -> ScenarioResult {
        let driver = ScenarioDriver(host: host, configuration: configuration, runner: self, name: script.name)
        if records { driver.startRecording() }
        for command in script.commands {
            do throws(ScriptError) {
                try driver.execute(command)
            } catch {
                driver.result.failure = error
                break
            }
        }
        return driver.finish()
    }
}

/// Drives one host command by command: what the runner uses for scripts, and what
/// Swift tests use directly (`driver.tap(.toggle)`, `driver.type("你好")`, ...).
/// Results (expectations, snapshots) accumulate in `result`.
public final class ScenarioDriver {
    public let host: any ScenarioHost
    public let configuration: ScenarioConfiguration
    let runner: ScenarioRunner
    let name: String
    public internal(set) var result: ScenarioResult
    let synth: TouchSynthesizer
    let start: SimInstant
    /// The finger of `press`/`move`, if down.
    var activeTouch: Point?
    var nextTouchID = 1
    /// Trace events already consumed by `expect trace` (counted from the trace's start).
    var traceCursor = 0
    var recorder: Recorder?

    public init(host: any ScenarioHost, configuration: ScenarioConfiguration = ScenarioConfiguration(),
                runner: ScenarioRunner = ScenarioRunner(), name: String = "<driver>") {
        self.host = host
        self.configuration = configuration
        self.runner = runner
        self.name = name
        self.result = ScenarioResult(script: name)
        self.synth = TouchSynthesizer(hz: configuration.touchRate)
        self.start = host.clock.now
        self.traceCursor = host.trace.totalCount
    }

    func startRecording() {
        recorder = Recorder(host: host, runner: runner, theme: configuration.theme)
        recorder?.start()
    }

    /// Stops recording and fills in the trace and duration.
    public func finish() -> ScenarioResult {
        recorder?.stop()
        result.recording = recorder?.frames ?? []
        recorder = nil
        result.trace = host.trace.lines
        result.duration = host.clock.now - start
        return result
    }

    func fail(_ c: Located<Command>, _ message: String) -> ScriptError {
        ScriptError(file: name, line: c.line, column: c.column, message: message)
    }

    /// Runs one command (line and column are for error messages).
    public func execute(_ command: Command, line: Int = 0, column: Int = 0) throws(ScriptError) {
        try execute(Located(command, line: line, column: column))
    }

    func execute(_ c: Located<Command>) throws(ScriptError) {
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
            result.expectations.append(check(e, c))
        case .snapshot(let s):
            result.snapshots += try snapshot(s, c)
        }
    }

    var deviceScale: Int {
        switch configuration.device {
        case .iphone8: return 2
        case .iphone14: return 3
        case .custom(_, _, let s): return s
        }
    }

    var theme: Theme { configuration.theme == .dark ? .dark : .light }

    // MARK: actions

    func point(of target: Target, _ c: Located<Command>) throws(ScriptError) -> Point {
        if case .point(let p) = target {
            guard p.x >= 0, p.y >= 0, p.x < host.size.width, p.y < host.size.height else {
                throw fail(c, "point \(p) is outside the \(host.size) screen")
            }
            return p
        }
        guard let p = host.location(of: target) else {
            throw fail(c, "\(describe(target)) is not on screen")
        }
        return p
    }

    func deliver(_ touches: [TouchEvent]) {
        for t in touches {
            host.clock.advance(to: t.timestamp)
            host.handle(t)
        }
    }

    func newTouchSynth() -> TouchSynthesizer {
        nextTouchID += 1
        return TouchSynthesizer(hz: configuration.touchRate, touchID: nextTouchID)
    }

    func act(_ a: Action, _ c: Located<Command>) throws(ScriptError) {
        let now = host.clock.now
        switch a {
        case .tap(let t):
            try requireNoActiveTouch(c)
            let p = try point(of: t, c)
            deliver(newTouchSynth().tap(at: p, start: now))
        case .longPress(let t, let d):
            try requireNoActiveTouch(c)
            let p = try point(of: t, c)
            deliver(newTouchSynth().longPress(at: p, start: now, hold: d))
        case .press(let t):
            try requireNoActiveTouch(c)
            let p = try point(of: t, c)
            let s = newTouchSynth()
            deliver([TouchEvent(id: s.touchID, phase: .began, location: p, timestamp: now)])
            activeTouch = p
        case .move(let t, let over):
            guard let from = activeTouch else { throw fail(c, "move needs a finger down (press first)") }
            let to = try point(of: t, c)
            let d = over ?? ScenarioRunner.defaultMoveDuration
            let steps = max(1, Int(d.ticks / synth.samplePeriod.ticks))
            var events: [TouchEvent] = []
            for i in 1...steps {
                let f = Double(i) / Double(steps)
                let p = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
                events.append(TouchEvent(id: nextTouchID, phase: .moved, location: p,
                                         timestamp: now + SimDuration(ticks: d.ticks * Int64(i) / Int64(steps))))
            }
            deliver(events)
            activeTouch = to
        case .release, .cancel:
            guard let at = activeTouch else { throw fail(c, "\(a == .release ? "release" : "cancel") needs a finger down (press first)") }
            deliver([TouchEvent(id: nextTouchID, phase: a == .release ? .ended : .cancelled, location: at, timestamp: now)])
            activeTouch = nil
        case .swipe(let t, let dir, let distance, let velocity):
            try requireNoActiveTouch(c)
            let p = try point(of: t, c)
            let v = velocity ?? ScenarioRunner.defaultSwipeVelocity
            let dist = distance ?? ScenarioRunner.defaultSwipeDistance
            guard v > 0 else { throw fail(c, "a swipe needs a positive velocity") }
            let unit: Point
            switch dir {
            case .left: unit = Point(x: -1, y: 0)
            case .right: unit = Point(x: 1, y: 0)
            case .up: unit = Point(x: 0, y: -1)
            case .down: unit = Point(x: 0, y: 1)
            }
            // The synthesizer's fling travels v * (accel/2 + 120 ms + one sample); pick
            // the acceleration phase so that the finger covers `dist`.
            let sample = synth.samplePeriod.seconds
            let accel = max(0, 2 * (dist / v - 0.120 - sample))
            let duration = SimDuration.seconds(0.120 + accel)
            deliver(newTouchSynth().fling(from: p, velocity: Point(x: unit.x * v, y: unit.y * v), start: now, duration: duration))
        case .drag(let t, let dx, let dy, let over):
            try requireNoActiveTouch(c)
            let p = try point(of: t, c)
            let d = over ?? ScenarioRunner.defaultDragDuration
            // A 150 ms rest before lifting: the tracker reads no velocity, so no fling.
            deliver(newTouchSynth().drag(along: [p, Point(x: p.x + dx, y: p.y + dy)], start: now, duration: d,
                                         pause: .milliseconds(150)))
        case .wait(let d):
            host.clock.advance(by: d)
        case .settle:
            let limit = now + ScenarioRunner.settleLimit
            let frame = SimDuration.frames(1, at: 60)
            while !host.isSettled {
                guard host.clock.now < limit else {
                    throw fail(c, "did not settle within \(ScenarioRunner.settleLimit) of virtual time")
                }
                host.clock.advance(by: frame)
            }
        default:
            do throws(HostError) {
                try host.perform(a)
            } catch {
                throw fail(c, error.message)
            }
        }
    }

    func requireNoActiveTouch(_ c: Located<Command>) throws(ScriptError) {
        if activeTouch != nil { throw fail(c, "a finger is still down from 'press' (release or cancel it first)") }
    }

    func describe(_ t: Target) -> String { ScriptPrinter.target(t) }

    // MARK: expectations

    func check(_ e: Expectation, _ c: Located<Command>) -> ExpectationOutcome {
        let s = host.state
        func outcome(_ ok: Bool, _ expected: String, _ actual: String) -> ExpectationOutcome {
            ExpectationOutcome(line: c.line, column: c.column, expectation: e, passed: ok, expected: expected, actual: actual)
        }
        func quoted(_ x: String) -> String { quotedLiteral(x) }
        switch e {
        case .keyboard(let k):
            return outcome(s.keyboard == k, "keyboard \(k.rawValue)", "keyboard \(s.keyboard.rawValue)")
        case .sendEnabled(let b):
            return outcome(s.sendEnabled == b, "send \(b ? "enabled" : "disabled")", "send \(s.sendEnabled ? "enabled" : "disabled")")
        case .input(let t):
            return outcome(s.input == t, "input \(quoted(t))", "input \(quoted(s.input))")
        case .caret(let n):
            return outcome(s.caret == n, "caret \(n)", "caret \(s.caret)")
        case .panelPage(let n, let of):
            let ok = s.panelPage == n && (of == nil || of == s.panelPageCount)
            let exp = of.map { "panel.page \(n) of \($0)" } ?? "panel.page \(n)"
            return outcome(ok, exp, "panel.page \(s.panelPage) of \(s.panelPageCount)")
        case .panelGroup(.index(let i)):
            return outcome(s.panelGroupIndex == i, "panel.group \(i)", "panel.group \(s.panelGroupIndex) (\(quoted(s.panelGroupName)))")
        case .panelGroup(.name(let n)):
            return outcome(s.panelGroupName == n, "panel.group \(quoted(n))", "panel.group \(quoted(s.panelGroupName))")
        case .preview(let p):
            return outcome(s.preview == p, "preview \(p ?? "none")", "preview \(s.preview ?? "none")")
        case .panelResults(let n):
            return outcome(s.panelResults == n, "panel.results \(n)", "panel.results \(s.panelResults)")
        case .listCount(let n):
            return outcome(s.listCount == n, "list.count \(n)", "list.count \(s.listCount)")
        case .listVisible(let r):
            let actual = s.listVisible.map { "\($0.lowerBound)..\($0.upperBound)" } ?? "none"
            return outcome(s.listVisible == r, "list.visible \(r.lowerBound)..\(r.upperBound)", "list.visible \(actual)")
        case .listLast(let t):
            return outcome(s.listLast == t, "list.last \(quoted(t))", "list.last \(s.listLast.map(quoted) ?? "none")")
        case .animating(let n):
            return outcome(s.animating == n, "animating \(n)", "animating \(s.animating)")
        case .pasteboard(let t):
            return outcome(s.pasteboard == t, "pasteboard \(quoted(t))", "pasteboard \(quoted(s.pasteboard))")
        case .trace(let needle):
            let events = host.trace.retained
            let skip = max(0, traceCursor - host.trace.droppedCount)
            var found: Int?
            var k = 0
            for ev in events {
                if k >= skip, ev.description.contains(needle) { found = k; break }
                k += 1
            }
            if let found {
                traceCursor = host.trace.droppedCount + found + 1
                return outcome(true, "trace \(quoted(needle))", "trace \(quoted(events[events.startIndex + found].description))")
            }
            let recent = events.suffix(3).map(\.description).joined(separator: " | ")
            return outcome(false, "trace \(quoted(needle)) since the previous expect trace",
                           recent.isEmpty ? "no trace lines" : "no such line (last lines: \(recent))")
        }
    }
}
