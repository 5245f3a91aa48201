import SimCore
import ChatUI
import Tester

/// Monkey testing: random valid actions against a fresh host, every invariant checked
/// after each step; on a violation the action list is shrunk (delta debugging over
/// fresh hosts, all deterministic) to a minimal failing script.
///
/// Actions are chosen from what the screen allows at that moment (typing only while
/// the system keyboard is up, panel taps only while the panel shows), so a run tests
/// behaviour, not the refusals. The same seed always gives the same run. It runs in
/// `timing manual`: races (actions while things still move) are what it is for.
public struct Monkey<Host: ScenarioHost> {
    public var seed: UInt64
    public var steps: Int
    public var configuration: ScenarioConfiguration
    public var makeHost: () -> Host

    public init(seed: UInt64, steps: Int, configuration: ScenarioConfiguration = ScenarioConfiguration(),
                makeHost: @escaping () -> Host) {
        self.seed = seed; self.steps = steps; self.configuration = configuration; self.makeHost = makeHost
    }

    /// What a run found.
    public struct Finding: Sendable {
        public var seed: UInt64
        /// The step (0-based) after which the invariant broke, in the original run.
        public var step: Int
        public var violations: [String]
        /// The shrunk script that still breaks an invariant.
        public var script: Script
        /// `script` as text, ready to save as a .scenario file.
        public var text: String
    }

    /// Runs; nil when every invariant held at every step.
    public func run() -> Finding? {
        var rng = SeededRandom(seed: seed)
        let host = makeHost()
        let driver = ScenarioDriver(host: host, configuration: configuration, name: "monkey-\(seed)")
        driver.timing = .manual
        var actions: [Action] = []
        for step in 0..<steps {
            let action = MonkeyActions.choose(&rng, state: host.state)
            actions.append(action)
            do throws(ScriptError) {
                try driver.execute(.action(action))
            } catch {
                // A refusal is not a bug by itself (for example a target that scrolled
                // away); the invariants below decide.
            }
            let violations = host.invariantViolations()
            if !violations.isEmpty {
                let shrunk = shrink(actions)
                let script = Script(name: "monkey-\(seed).scenario",
                                    commands: setupCommands() + [Located(.action(.timing(.manual)), line: 0, column: 0)]
                                        + shrunk.map { Located(.action($0), line: 0, column: 0) })
                let text = ScriptPrinter.print(script, header: [
                    "monkey seed \(seed), invariant broken after step \(step):",
                ] + violations.map { "  " + $0 } + ["shrunk from \(actions.count) to \(shrunk.count) actions"])
                return Finding(seed: seed, step: step, violations: violations, script: script, text: text)
            }
        }
        return nil
    }

    func setupCommands() -> [Located<Command>] {
        let c = configuration
        var out: [Setup] = [.device(c.device), .theme(c.theme), .catalog(c.catalog), .conversation(c.conversation)]
        out.append(.set(.panelLayout(columns: c.panelColumns, rows: c.panelRows)))
        out.append(.set(.panelSnap(c.panelSnap)))
        out.append(.set(.touchRate(c.touchRate)))
        return out.map { Located(.setup($0), line: 0, column: 0) }
    }

    /// True when replaying `actions` on a fresh host breaks an invariant.
    func fails(_ actions: [Action]) -> Bool {
        let host = makeHost()
        let driver = ScenarioDriver(host: host, configuration: configuration)
        driver.timing = .manual
        for a in actions {
            do throws(ScriptError) { try driver.execute(.action(a)) } catch {}
            if !host.invariantViolations().isEmpty { return true }
        }
        return false
    }

    /// ddmin-style: remove chunks of halving size while the failure persists, then
    /// single actions. O(n log n) replays for the common case.
    func shrink(_ actions: [Action]) -> [Action] {
        var current = actions
        var chunk = max(1, current.count / 2)
        while true {
            var i = 0
            while i < current.count {
                var candidate = current
                candidate.removeSubrange(i..<min(current.count, i + chunk))
                if !candidate.isEmpty, fails(candidate) { current = candidate } else { i += chunk }
            }
            if chunk == 1 { return current }
            chunk /= 2
        }
    }
}

/// The monkey's choice of actions, by what the screen allows now.
enum MonkeyActions {
    static let words = ["你好", "hello", " ", "哈哈", "[微笑]", "[f056]", "😄", "👍🏽", "👨‍👩‍👧", "🇨🇳", "1️⃣", "ok", "\n", "[笑哭]", "[unknown]", "[[哈哈]]"]

    /// A random action valid for `state`.
    static func choose(_ rng: inout SeededRandom, state s: HostState) -> Action {
        var options: [Action] = [
            .tap(.input), .tap(.toggle), .tap(.outside),
            .wait(.milliseconds(rng.int(in: 16...600))), .settle,
            .receive(randomText(&rng)),
            .swipe(.list, rng.bool() ? .up : .down, distance: Double(rng.int(in: 20...200)), velocity: Double(rng.int(in: 100...4000))),
            .drag(.list, dx: 0, dy: Double(rng.int(in: -200...200)), over: nil),
        ]
        if rng.bool(probability: 0.05) { options.append(.memoryWarning) }
        if rng.bool(probability: 0.03) { options.append(.resize(width: Double(rng.int(in: 320...430)), height: Double(rng.int(in: 568...926)))) }
        if s.sendEnabled { options.append(.tap(.send)) }
        if let v = s.listVisible { options.append(.tap(.listRow(rng.int(in: v)))) }
        switch s.keyboard {
        case .system:
            options += [
                .type(randomText(&rng)), .type(randomText(&rng)), .backspace(count: rng.int(in: 1...3)),
                .select(start: rng.int(in: 0...8), length: rng.int(in: 0...4)), .selectAll, .cut, .copy, .paste(nil),
                .paste(randomText(&rng)), .undo, .redo,
                .compose(marked: "ni", commit: rng.bool() ? "你" : nil),
                // Text view touches: caret taps, the loupe, handle drags (a position past
                // the text or a handle without a selection is a refusal, not a bug).
                .tap(.inputAt(rng.int(in: 0...8))), .doubleTap(.inputAt(rng.int(in: 0...8))),
                .longPress(.inputAt(rng.int(in: 0...8)), duration: .milliseconds(rng.int(in: 300...900))),
                .drag(.inputAt(rng.int(in: 0...8)), dx: Double(rng.int(in: -60...60)), dy: Double(rng.int(in: -8...8)),
                      over: .milliseconds(rng.int(in: 600...1200))),
                .drag(.inputHandle(rng.bool() ? .start : .end), dx: Double(rng.int(in: -80...80)), dy: 0, over: nil),
            ]
        case .emoji:
            options += [
                .tap(.panelCell(row: rng.int(in: 0...2), column: rng.int(in: 0...6))),
                .tap(.panelCell(row: rng.int(in: 0...2), column: rng.int(in: 0...6))),
                .tap(.panelDelete),
                .longPress(.panelCell(row: rng.int(in: 0...2), column: rng.int(in: 0...6)), duration: .milliseconds(rng.int(in: 100...900))),
                .swipe(.panel, rng.bool() ? .left : .right, distance: Double(rng.int(in: 20...250)), velocity: Double(rng.int(in: 50...3000))),
                .drag(.panel, dx: Double(rng.int(in: -300...300)), dy: 0, over: nil),
                rng.bool(probability: 0.3) ? .search(rng.bool() ? "smile" : "哈") : .searchClear,
            ]
            if s.panelGroupCount > 0 { options.append(.tap(.panelTab(.index(rng.int(in: 0..<s.panelGroupCount))))) }
        case .none:
            break
        }
        return options[rng.int(in: 0..<options.count)]
    }

    static func randomText(_ rng: inout SeededRandom) -> String {
        var s = ""
        for _ in 0..<rng.int(in: 1...4) { s += words[rng.int(in: 0..<words.count)] }
        return s
    }
}
