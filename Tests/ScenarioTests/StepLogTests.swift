import Testing
import Foundation
import SimCore
import Raster
@testable import Scenario
import EmojiSimIO
import EmojiSimTesting

/// The trace viewer's step log (Sources/Scenario/StepLog.swift): one step per line after
/// the setup, with its touches, the finder's rectangle, its trace lines, the state after
/// it and its frames; recording it changes nothing about the run.
@Suite struct StepLogTests {
    static let root = SnapshotFiles.packageRoot(from: #filePath)!

    func run(_ text: String, name: String = "t.scenario", budget: StepLog.Budget = StepLog.Budget(),
             logs: Bool = true) throws -> ScenarioResult {
        let script = try ScriptParser.parse(text, name: name)
        let config = ScenarioConfiguration(script: script)
        var runner = ScenarioRunner(font: try BundledFont.unifont())
        runner.logsSteps = logs
        runner.stepBudget = budget
        let host = try ScenarioHosting.makeHost(config, scriptFolder: Self.root.appendingPathComponent("Tests/Scenarios"),
                                                  catalogRoot: Self.root)
        return runner.run(script, configuration: config, on: host)
    }

    /// Every example script: the same trace, expectations, snapshots and warnings with
    /// and without the log, and one step per line after the setup.
    @Test func loggingChangesNothingAndCoversEveryActingLine() throws {
        let folder = Self.root.appendingPathComponent("Tests/Scenarios")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".scenario") }.sorted()
        #expect(names.count >= 7)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let plain = try run(text, name: name, logs: false)
            let logged = try run(text, name: name)
            #expect(plain.trace == logged.trace, "\(name)")
            #expect(plain.expectations == logged.expectations, "\(name)")
            #expect(plain.snapshots == logged.snapshots, "\(name)")
            #expect(plain.warnings == logged.warnings, "\(name)")
            #expect(plain.steps == nil)
            let log = try #require(logged.steps)
            let script = try ScriptParser.parse(text, name: name)
            let acting = script.commands.filter { if case .setup = $0.value { return false } else { return true } }
            #expect(log.steps.map { $0.line } == acting.map { $0.line }, "\(name)")
            for s in log.steps {
                #expect(s.frame != nil, "\(name):\(s.line)")
                #expect(s.trace.upperBound <= logged.trace.count)
                #expect(s.start <= s.end)
            }
            #expect(!log.timeline.isEmpty)
            #expect(log.timeline.allSatisfy { $0.frame < log.frames.count })
            #expect(Set(log.frames).count == log.frames.count, "\(name): frames are distinct")
            for (a, b) in zip(log.timeline, log.timeline.dropFirst()) {
                #expect(a.time < b.time && a.frame != b.frame, "\(name): timeline entries in order, each a change")
            }
            #expect(log.timeline.last.map { $0.time <= log.end } ?? false)
        }
    }

    @Test func aTapRecordsItsTouchesAimTraceAndState() throws {
        let r = try run("""
        conversation empty
        tap input
        type "hi"
        expect input "hi"
        expect send disabled
        """)
        let log = try #require(r.steps)
        #expect(log.steps.count == 4)
        let tap = log.steps[0]
        #expect(tap.kind == .action && tap.text == "tap input")
        #expect(tap.touches.map { $0.phase } == [.began, .ended])
        #expect(tap.aims.count == 1 && tap.aims[0].target == "input")
        #expect(tap.aims[0].frame.contains(tap.touches[0].location))
        #expect(tap.touchFrame != nil)
        #expect(tap.end - tap.start >= .milliseconds(80))
        let lines = r.trace[tap.trace]
        #expect(lines.contains { $0.containsOccurrence(of: "inputBar") })
        #expect(tap.state.contains(.keyboard(.system)))
        #expect(log.steps[1].state.contains(.input("hi")))
        #expect(log.steps[1].touches.isEmpty && log.steps[1].touchFrame == nil)
        #expect(log.steps[2].expectation?.passed == true)
        #expect(log.steps[3].failed && log.firstFailingStep == 3)
        #expect(log.steps[3].expectation?.actual == "send enabled")
        #expect(log.steps[3].state.contains(.sendEnabled(true)))
    }

    @Test func theLineThatStopsTheRunIsTheLastStepWithItsError() throws {
        let r = try run("""
        conversation empty
        tap input
        tap panel.delete
        expect keyboard none
        """)
        let log = try #require(r.steps)
        #expect(log.steps.count == 2)
        #expect(log.steps[1].error?.containsOccurrence(of: "the emoji keyboard is not shown") == true)
        #expect(log.firstFailingStep == 1)
        #expect(log.steps[1].frame != nil)
    }

    /// A miss in manual timing: the step keeps the warning and where the target went.
    @Test func aMissInManualTimingKeepsTheWarningAndTheTargetsNewFrame() throws {
        // The emoji keyboard is still sliding up: the key moves under the 80 ms tap.
        let r = try run("""
        conversation empty
        timing manual
        tap toggle
        wait 80ms
        tap panel.emoji 笑哭
        expect input "[笑哭]"
        """)
        #expect(r.failure == nil)
        let log = try #require(r.steps)
        let tap = log.steps[3]
        #expect(tap.text == "tap panel.emoji 笑哭" && tap.line == 5)
        let w = try #require(tap.warnings.first)
        #expect(w.containsOccurrence(of: "moved") && w.containsOccurrence(of: "under the finger"))
        let aim = try #require(tap.aims.first)
        let after = try #require(tap.targetAfter)
        #expect(aim.frame.contains(aim.point) && !after.contains(aim.point))
        #expect(after.minY < aim.frame.minY, "the key slid up")
        #expect(log.steps[4].failed && log.firstFailingStep == 4)
        #expect(tap.touchFrame != nil && tap.touchFrame != tap.frame)
    }

    /// A 10-minute run with an animating GIF on screen stays within the budget: the
    /// timeline is sampled coarser, never more than `timelineFrames` distinct frames.
    @Test func aLongRunIsSampledWithinTheBudget() throws {
        let r = try run("""
        conversation demo
        wait 600s
        expect list.count 0
        """, budget: StepLog.Budget(timelineFrames: 40))
        let log = try #require(r.steps)
        #expect(Set(log.timeline.map { $0.frame }).count <= 40)
        #expect(log.frames.count <= 40 + 2 * log.steps.count)
        #expect(log.end - log.start == .seconds(600))
        if log.timeline.count > 2 { #expect(log.isSampled) }
        #expect(log.timeline.first?.time == log.start)
        for (a, b) in zip(log.timeline, log.timeline.dropFirst()) { #expect(a.time < b.time && a.frame != b.frame) }
    }

    @Test func touchesPastTheBudgetAreCounted() throws {
        let r = try run("""
        conversation empty
        press 100,300
        move 200,300 over 1s
        release
        """, budget: StepLog.Budget(touchesPerStep: 10))
        let log = try #require(r.steps)
        #expect(log.steps[1].touches.count == 10)
        #expect(log.steps[1].touchesDropped == 110)
        #expect(log.steps[0].touches.count == 1 && log.steps[2].touches.map { $0.phase } == [.ended])
    }
}
