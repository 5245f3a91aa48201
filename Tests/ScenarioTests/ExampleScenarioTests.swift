import Testing
import Foundation
import Scenario
import EmojiSimIO
import EmojiSimTesting

/// The example scripts in Tests/Scenarios (the seeds' flows) run against their
/// references in Snapshots/<script>/, exactly as `emojisim run Tests/Scenarios` does.
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

    @Test(arguments: scripts)
    func example(_ name: String) throws {
        let url = Self.root.appendingPathComponent("Tests/Scenarios").appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let script = try ScriptParser.parse(text, name: name)
        let verifier = ScenarioVerifier(
            snapshotsRoot: Self.root.appendingPathComponent("Snapshots"), record: RecordMode.resolve(nil),
            runner: ScenarioRunner(font: try BundledFont.unifont()),
            // custom-catalog.scenario reads ../Fixtures: allow the Tests tree.
            makeHost: { try ScenarioHosting.makeHost($0, scriptFolder: $1, catalogRoot: Self.root.appendingPathComponent("Tests")) })
        let v = try verifier.verify(script, at: url)
        #expect(v.result.failure == nil, "\(v.result.failure?.description ?? "")")
        for e in v.result.expectations where !e.passed { Issue.record("\(e.message(file: name))") }
        for s in v.snapshots where !s.passed { Issue.record("\(name): snapshot \(s.output.fileName): \(s.status)") }
        #expect(v.passed)
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
