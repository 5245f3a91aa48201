import SimCore
import ChatUI
import Tester
import ChatHarness

/// Monkey testing: random valid actions against a fresh host, every invariant checked
/// after each step; on a violation the action list is shrunk (delta debugging over
/// fresh hosts, all deterministic) to a minimal failing script. Between actions it
/// writes expectations from what the screen shows and traced (`MonkeyExpectations`):
/// each must hold and read back from its printed line as itself.
///
/// Actions are chosen from what the screen allows at that moment (typing only while
/// the system keyboard is up, panel taps only while the panel shows), so a run tests
/// behaviour, not the refusals. The same seed always gives the same run. It runs in
/// `timing manual`: races (actions while things still move) are what it is for.
public struct Monkey<Host: MonkeyHost> {
    /// The seed of the action stream (expectations use their own, derived from it).
    public var seed: UInt64
    /// Actions per run.
    public var steps: Int
    /// The setup of every host (printed at the top of a finding's script).
    public var configuration: ScenarioConfiguration
    /// Makes a fresh host (the run's, and one per replay while shrinking).
    public var makeHost: () -> Host
    /// Called after each step of the run with the steps done so far (not while
    /// shrinking): how a long run reports progress (the CLI prints a line every 10,000
    /// steps). Nil: nothing is called.
    public var progress: ((Int) -> Void)?

    /// A monkey.
    ///
    /// - Parameters:
    ///   - seed: The seed.
    ///   - steps: Actions per run.
    ///   - configuration: The hosts' setup.
    ///   - makeHost: Makes a fresh host from nothing.
    public init(seed: UInt64, steps: Int, configuration: ScenarioConfiguration = ScenarioConfiguration(),
                makeHost: @escaping () -> Host) {
        self.seed = seed; self.steps = steps; self.configuration = configuration; self.makeHost = makeHost
    }

    /// What a run found.
    public struct Finding: Sendable {
        /// What went wrong.
        public enum Kind: String, Sendable {
            /// A model invariant broke after an action.
            case invariant = "invariant broken"
            /// An expectation the monkey wrote from the screen did not hold (or did not
            /// read back from its printed line).
            case expectation = "expectation failed"
        }
        /// Whether an invariant broke or an expectation failed.
        public var kind: Kind
        /// The run's seed.
        public var seed: UInt64
        /// The step (0-based) after which the invariant broke or the expectation failed,
        /// in the original run.
        public var step: Int
        /// The broken invariants, or the failed expectation's problem.
        public var violations: [String]
        /// The shrunk script that still breaks an invariant (or, for an expectation, ends
        /// with it and still fails it the same way).
        public var script: Script
        /// `script` as text, ready to save as a .scenario file.
        public var text: String
    }

    /// Runs; nil when every invariant held at every step and every expectation the
    /// monkey wrote held.
    public func run() -> Finding? {
        var rng = SeededRandom(seed: seed)
        // Expectations draw from their own stream, so the actions of a seed are the same
        // with or without them (and the same as before they existed).
        var expectRng = SeededRandom(seed: seed ^ MonkeyExpectations.streamSalt)
        let host = makeHost()
        let driver = ScenarioDriver(host: host, configuration: configuration, name: "monkey-\(seed)")
        driver.timing = .manual
        var commands: [Script.Command] = []
        for step in 0..<steps {
            if step > 0, let progress { progress(step) }
            let action = host.monkeyAction(&rng)
            commands.append(.action(action))
            do throws(ScriptError) {
                try driver.execute(.action(action))
            } catch {
                // A refusal is not a bug by itself (for example a target that scrolled
                // away); the invariants below decide.
            }
            let violations = host.invariantViolations()
            if !violations.isEmpty {
                // Expectations do not change the screen: the shrink drops them.
                let actions = commands.filter { if case .action = $0 { return true } else { return false } }
                let shrunk = shrink(actions) { breaksAnInvariant($0) }
                return finding(.invariant, step: step, violations: violations, from: commands.count, shrunk: shrunk)
            }
            guard expectRng.bool(probability: MonkeyExpectations.rate) else { continue }
            // An expectation written from what the screen shows and traced now must hold,
            // and must read back from its printed line as itself.
            let e = MonkeyExpectations.choose(&expectRng, on: host, window: driver.traceWindow)
            commands.append(.expect(e))
            if let problem = MonkeyExpectations.problem(e, on: driver) {
                // Shrunk to the lines before it that still make it fail the same way.
                let before = Array(commands.dropLast())
                let shrunk = shrink(before) { failsTheSame(e, problem, after: $0) } + [.expect(e)]
                return finding(.expectation, step: step, violations: [problem], from: commands.count, shrunk: shrunk)
            }
            // Trace lines behind the window are never read again (the saved script's
            // replay reads the same window): forgotten, the trace stays near the window
            // instead of growing with the steps (100,000 steps held 341 MB).
            host.trace.discard(before: driver.traceCursor)
        }
        return nil
    }

    func finding(_ kind: Finding.Kind, step: Int, violations: [String], from count: Int, shrunk: [Script.Command]) -> Finding {
        let script = Script(name: "monkey-\(seed).scenario",
                            commands: setupCommands() + [Script.Located(.action(.timing(.manual)), line: 0, column: 0)]
                                + shrunk.map { Script.Located($0, line: 0, column: 0) })
        let text = ScriptPrinter.print(script, header: [
            "monkey seed \(seed), \(kind.rawValue) after step \(step):",
        ] + violations.map { "  " + $0 } + ["shrunk from \(count) to \(shrunk.count) lines"])
        return Finding(kind: kind, seed: seed, step: step, violations: violations, script: script, text: text)
    }

    func setupCommands() -> [Script.Located<Script.Command>] {
        let c = configuration
        var out: [Script.Setup] = [.device(c.device), .theme(c.theme), .catalog(c.catalog), .conversation(c.conversation)]
        out.append(.set(.panelLayout(columns: c.panelColumns, rows: c.panelRows)))
        out.append(.set(.panelSnap(c.panelSnap)))
        out.append(.set(.touchRate(c.touchRate)))
        return out.map { Script.Located(.setup($0), line: 0, column: 0) }
    }

    /// A fresh driver in manual timing, as the run's.
    func freshDriver() -> ScenarioDriver<Host> {
        let driver = ScenarioDriver(host: makeHost(), configuration: configuration)
        driver.timing = .manual
        return driver
    }

    /// True when replaying `actions` on a fresh host breaks an invariant.
    func breaksAnInvariant(_ actions: [Script.Command]) -> Bool {
        let driver = freshDriver()
        for c in actions {
            do throws(ScriptError) { try driver.execute(c) } catch {}
            if !driver.host.invariantViolations().isEmpty { return true }
        }
        return false
    }

    /// True when `e`, after replaying `commands` (earlier expectations included: they
    /// move the trace window), fails with the same problem.
    func failsTheSame(_ e: Script.Expectation, _ problem: String, after commands: [Script.Command]) -> Bool {
        let driver = freshDriver()
        for c in commands {
            do throws(ScriptError) { try driver.execute(c) } catch {}
        }
        return MonkeyExpectations.problem(e, on: driver) == problem
    }

    /// ddmin-style: remove chunks of halving size while `fails` holds, then single
    /// lines. O(n log n) replays for the common case.
    func shrink(_ commands: [Script.Command], _ fails: ([Script.Command]) -> Bool) -> [Script.Command] {
        var current = commands
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

/// A scenario host the monkey can drive: what its random actions and targets are, from
/// its state now (its own nouns; the monkey's loop, shrinking and expectations are
/// generic). The chat screen's are in Chat/ChatMonkey.swift.
public protocol MonkeyHost: ScenarioHost {
    /// A random action the subject allows now (touches on its targets, its verbs, time).
    func monkeyAction(_ rng: inout SeededRandom) -> Script.Action
    /// A random target of the subject's, from its state now (sometimes one that is
    /// absent), for `expect <target> …`.
    func monkeyTarget(_ rng: inout SeededRandom) -> Finder
    /// Trace line names the monkey looks for with `expect no trace`.
    var monkeyTraceNames: [String] { get }
    /// True when `expect <target> <expectation>` would read back as another line (a
    /// fact whose word is the target's: the chat screen's `expect send enabled`), so
    /// the monkey does not write it. Default: false.
    func monkeyAvoids(_ expectation: FinderExpectation, on target: Finder) -> Bool
}

extension MonkeyHost {
    /// Nothing to avoid.
    /// - Parameters:
    ///   - expectation: The finder expectation.
    ///   - target: Its target.
    /// - Returns: false.
    public func monkeyAvoids(_ expectation: FinderExpectation, on target: Finder) -> Bool { false }
}
