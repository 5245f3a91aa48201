import Foundation
import Testing
import ChatUI
import EmojiSimIO
@testable import Scenario

/// Issue 27: `catalog convert demo --to json`, then a script on the converted catalog
/// behaves as on the demo: the tab titled 动图 is found by its title (the group titles
/// were lost before), and the run's trace is the same event for event.
@Suite struct ConvertedCatalogTests {
    static let script = """
    device iphone14
    conversation empty
    tap input
    tap toggle
    tap panel.tab "动图"
    expect panel.group "动图"
    expect panel.group "Seed"
    tap panel.emoji f056
    tap panel.tab "表情符号"
    tap panel.emoji 😄
    expect input "[f056]😄"
    """

    func run(_ assets: ScenarioAssets) throws -> ScenarioResult {
        let script = try ScriptParser.parse(Self.script, name: "t.scenario")
        let host = ScenarioHosting.makeScreen(ScenarioConfiguration(script: script), assets: assets)
        return ScenarioRunner().run(script, configuration: ScenarioConfiguration(script: script), on: host)
    }

    @Test func aConvertedDemoFindsItsTabsByTitleAndTracesTheSame() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("converted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try JSONCatalog.write(CatalogBridge.demoCatalog(), to: dir.appendingPathComponent("demo.json"))
        let converted = try ScenarioAssets.load(.json("demo.json"), relativeTo: dir)
        let a = try run(.demo), b = try run(converted)
        #expect(a.passed, "\(a.expectations.filter { !$0.passed }.map(\.actual)) \(String(describing: a.failure))")
        #expect(b.passed, "\(b.expectations.filter { !$0.passed }.map(\.actual)) \(String(describing: b.failure))")
        #expect(a.trace == b.trace)
        #expect(converted.catalog.groups.map(\.titles) == ScenarioAssets.demo.catalog.groups.map(\.titles))
    }
}
