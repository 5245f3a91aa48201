import Testing
import Foundation
import Scenario
import EmojiSimIO
import EmojiSimTesting

/// The example scripts in Tests/Scenarios (the seeds' flows) run against their
/// references in Snapshots/Tests/Scenarios/<script>/, exactly as `emojisim run
/// Tests/Scenarios` does: one `assertScenario` each.
@Suite struct ExampleScenarioTests {
    static let root = SnapshotFiles.packageRoot(from: #filePath)!
    static let scripts: [String] = {
        let folder = root.appendingPathComponent("Tests/Scenarios")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".scenario") }.sorted()
    }()

    @Test func everyExampleIsFound() {
        #expect(Self.scripts.count >= 7)
    }

    @Test(.snapshots(), arguments: scripts)
    func example(_ name: String) throws {
        // Every failed expectation and snapshot is its own issue, at its script line.
        let v = try #require(assertScenario("Tests/Scenarios/" + name))
        let passed = v.passed
        #expect(passed)
    }

    @Test func aScriptRunTwiceGivesTheSameBytes() throws {
        let url = Self.root.appendingPathComponent("Tests/Scenarios/seed-chain.scenario")
        let script = try ScriptParser.parse(try String(contentsOf: url, encoding: .utf8), name: "seed-chain.scenario")
        let config = ScenarioConfiguration(script: script)
        let runner = ScenarioRunner(font: try BundledFont.unifont(), records: true)
        let a = runner.run(script, configuration: config, on: try ScenarioHosting.makeHost(config, scriptFolder: url.deletingLastPathComponent()))
        let b = runner.run(script, configuration: config, on: try ScenarioHosting.makeHost(config, scriptFolder: url.deletingLastPathComponent()))
        #expect(a.snapshots == b.snapshots)
        #expect(a.trace == b.trace)
        #expect(a.recording == b.recording)
        #expect(!a.recording.isEmpty)
    }
}
