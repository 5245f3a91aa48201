import Testing
import Foundation
import SimCore
import ChatUI
@testable import Scenario
import EmojiSimIO
import EmojiSimTesting

/// Issue 47, item 10: `--viewer` and `--gif` cost 2-5 s of CPU a virtual hour (16 lines
/// of `wait 3600s` passed 20 s). A capture now costs per change of the screen: while the
/// host's `screenRevision` is unchanged the last list is reused without laying out or
/// drawing (one `ScreenSampler` for both captures), the step log's timer wakes only at the ticks it captures, and a full
/// recording stops its timer (each timer tick made the Tester run one of the model's
/// frames, which is what the hour cost).
@Suite struct CaptureCostTests {
    static let root = SnapshotFiles.packageRoot(from: #filePath)!

    struct Run {
        /// Screen lists the captures drew (laid out and drawn).
        var lists: Int
        /// Actions the host took (frames included): what the run cost the model.
        var actions: UInt64
        var result: ScenarioResult
    }

    /// Runs `text` as the runner does, recording a GIF and a step log when `captures`.
    func run(_ text: String, captures: Bool = true) throws -> Run {
        let script = try ScriptParser.parse(text, name: "idle.scenario")
        let config = ScenarioConfiguration(script: script)
        var runner = ScenarioRunner(font: try BundledFont.unifont(), records: captures)
        runner.logsSteps = captures
        let assets = try ScenarioAssets.load(config.catalog, relativeTo: Self.root.appendingPathComponent("Tests/Scenarios"),
                                             confinedTo: Self.root)
        let host = ScenarioHosting.makeScreen(config, assets: assets)
        let driver = ScenarioDriver(host: host, configuration: config, runner: runner, name: script.name)
        if captures { driver.startRecording(); driver.startStepLog() }
        for command in script.commands {
            driver.stepLogger?.begin(command)
            try driver.execute(command)
            driver.stepLogger?.end(expectation: nil, error: nil)
        }
        let lists = driver.sampler.listsDrawn
        let result = driver.finish()
        return Run(lists: lists, actions: host.revision, result: result)
    }

    /// A still screen for ten virtual minutes: 18,000 capture ticks each, which drew the
    /// screen's list every time; now a handful, and the recording is still one frame
    /// as long as the run.
    @Test func aStillScreenIsNotDrawnAgainWhileNothingChanges() throws {
        let r = try run("device iphone8\nconversation empty\nwait 600s")
        #expect(r.lists < 10, "\(r.lists) lists drawn by the recorder and the step log")
        var total = SimDuration.zero
        for f in r.result.recording { total += f.duration }
        #expect(total == r.result.duration)
        #expect(r.result.recording.count == 1)
        let log = try #require(r.result.steps)
        #expect(log.frames.count == 1 && log.timeline.count == 1)
    }

    /// The demo conversation's GIFs play for a virtual hour: the captures used to make
    /// the model run a frame at each of their 108,000 ticks. Now the recording stops its
    /// timer once full and the step log wakes at its sampled ticks only: the model runs
    /// few more actions than with no capture at all.
    @Test func playingGIFsCostTheModelNoFrameAPerCaptureTick() throws {
        let text = "device iphone8\nwait 3600s"
        let plain = try run(text, captures: false)
        let captured = try run(text)
        #expect(captured.actions < plain.actions + 20_000, "\(captured.actions) actions with captures, \(plain.actions) without")
        // The recording still spans the whole hour, the last frame extended to its end.
        var total = SimDuration.zero
        for f in captured.result.recording { total += f.duration }
        #expect(total >= captured.result.duration && total <= captured.result.duration + .frames(1, at: 30))
        #expect(captured.result.trace == plain.result.trace)
    }
}
