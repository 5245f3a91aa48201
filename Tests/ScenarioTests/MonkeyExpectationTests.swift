import Testing
import SimCore
import ChatUI
import EmojiSimIO
@testable import Scenario

/// The expectations the monkey writes between its steps: every kind appears, each holds
/// on a screen that is right, and one that fails is a finding ending in it.
@Suite struct MonkeyExpectationTests {
    /// Drives the demo screen with the monkey's own actions and, after each, checks 
    /// expectations written from it (each moves the trace window as a script line).
    @Test func writtenFromTheScreenTheyHoldAndCoverEveryKind() {
        let config = ScenarioConfiguration()
        let screen = ScenarioHosting.makeScreen(config, assets: .demo)
        let driver = ScenarioDriver(host: screen, configuration: config)
        driver.timing = .manual
        var rng = SeededRandom(seed: 3)
        var expectRng = SeededRandom(seed: 4)
        var kinds: Set<String> = []
        var finderWords: Set<String> = []
        var problems: [String] = []
        for _ in 0..<150 {
            let a = MonkeyActions.choose(&rng, state: screen.facts)
            do throws(ScriptError) { try driver.execute(.action(a)) } catch {}
            for _ in 0..<3 {
                let e = MonkeyExpectations.choose(&expectRng, on: screen, window: driver.traceWindow)
                kinds.insert(String(ScriptPrinter.expectation(e).prefix(while: { $0 != " " && $0 != "\"" })) +
                             (e.isTraceCount ? " count" : ""))
                if case .finder(_, let x) = e { finderWords.insert(String(x.description.prefix(while: { $0 != " " }))) }
                if let p = MonkeyExpectations.problem(e, on: driver) { problems.append(p) }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        for k in ["trace", "trace count", "no", "input", "caret", "keyboard", "send", "list.count"] {
            #expect(kinds.contains(k), "no \(k) expectation among \(kinds.sorted())")
        }
        for w in ["visible", "hidden", "exists", "absent", "enabled", "disabled", "count", "text"] {
            #expect(finderWords.contains(w), "no target expectation '\(w)' among \(finderWords.sorted())")
        }
    }

    @Test func aSeedsActionsAreTheSameWithExpectations() {
        // The expectations draw from their own stream: the planted receive bug is found
        // after the same step as before they existed.
        let make: () -> TestHost = { let h = TestHost(); h.facts.keyboard = .system; h.brokenAfterReceives = 3; return h }
        let f = Monkey(seed: 9, steps: 300, makeHost: make).run()
        #expect(f?.kind == .invariant)
        #expect(f?.script.commands.allSatisfy { if case .expect = $0.value { return false } else { return true } } == true)
    }

    @Test func aFailedExpectationIsAFindingThatEndsWithIt() throws {
        let make: () -> TestHost = { let h = TestHost(); h.facts.keyboard = .system; h.driftsWhenRead = true; return h }
        var found: Monkey<TestHost>.Finding?
        for seed in UInt64(1)...20 {
            if let f = Monkey(seed: seed, steps: 100, makeHost: make).run(), f.kind == .expectation { found = f; break }
        }
        let f = try #require(found)
        guard case .expect(.fact(let fact)) = f.script.commands.last?.value, fact.words == "caret" else {
            Issue.record("the finding ends with \(String(describing: f.script.commands.last))")
            return
        }
        #expect(f.violations.count == 1)
        #expect(f.violations[0].hasPrefix("expect caret "))
        #expect(f.text.hasPrefix("# monkey seed \(f.seed), expectation failed after step \(f.step):"))
        let replay = try ScriptParser.parse(f.text)
        #expect(replay.commands.map { $0.value } == f.script.commands.map { $0.value })
    }
}

extension Scenario.Script.Expectation {
    var isTraceCount: Bool { if case .traceCount = self { return true } else { return false } }
}

/// 100,000 monkey steps held 341 MB, growing with the steps: the trace kept every line,
/// though the monkey reads only those after its last `expect trace`.
@Suite struct MonkeyTraceBoundTests {
    @Test func theTraceKeepsTheWindowNotTheRun() throws {
        var made: SimCore.Host<ChatScreen>?
        let config = ScenarioConfiguration()
        let monkey = Monkey(seed: 1, steps: 2_000, configuration: config) {
            let h = ScenarioHosting.makeScreen(config, assets: .demo)
            made = h
            return h
        }
        #expect(monkey.run() == nil)
        let trace = try #require(made?.trace)
        #expect(trace.totalCount > 2_000)
        #expect(trace.retained.count * 4 < trace.totalCount, "\(trace.retained.count) of \(trace.totalCount) lines kept")
    }
}
