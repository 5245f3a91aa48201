import Foundation
import Testing
import SimCore
import ChatUI
import EmojiSimIO
@testable import Scenario

/// Behaviour of the whole screen that scripts and Swift tests rely on: one click per
/// key, the moving bar's ignored touch, send's reasons, skin-tone names, Recents.
@Suite struct ScreenBehaviourTests {
    func run(_ text: String) throws -> ScenarioResult {
        let script = try ScriptParser.parse(text, name: "t.scenario")
        let configuration = ScenarioConfiguration(script: script)
        let assets = try ScenarioAssets.load(configuration.catalog, relativeTo: URL(fileURLWithPath: "."))
        let host = ScenarioHosting.makeScreen(configuration, assets: assets)
        return ScenarioRunner().run(script, configuration: configuration, on: host)
    }

    /// Trace lines that are clicks, without their time.
    func clicks(_ r: ScenarioResult) -> [String] {
        r.trace.filter { $0.contains("inputClick") || $0.contains("keyClick") }
            .map { String($0.split(separator: " ", maxSplits: 1)[1]) }
    }

    @Test func everyKeyClicksOnce() throws {
        let r = try run("""
        device iphone8
        conversation empty
        tap input
        type "ab"
        tap toggle
        tap panel.emoji 笑哭
        tap panel.delete
        """)
        #expect(r.failure == nil)
        // Two typed keys in one action, then the panel's emoji key and its delete key.
        #expect(clicks(r) == ["inputBar keyClick count=2", "screen inputClick", "screen inputClick"])
    }

    @Test func sendSaysTheInputIsBlankWhenItHoldsOnlySpaces() throws {
        let r = try run("""
        device iphone8
        conversation empty
        tap input
        type "  "
        tap send
        """)
        #expect(r.failure?.message == "tap send: disabled (the input is blank (only spaces))")
        let empty = try run("device iphone8\nconversation empty\ntap send\n")
        #expect(empty.failure?.message == "tap send: disabled (the input is empty)")
        let lines = try run("device iphone8\nconversation empty\ntap input\npaste \" \\n \"\ntap send\n")
        #expect(lines.failure?.message == "tap send: disabled (the input is blank (only spaces and line breaks))")
    }

    @Test func skinToneVariantsHaveNamesOfTheirOwnInThePicker() throws {
        // The demo catalog's names, and emoji-test.txt's with `catalog unicode`.
        for (catalog, name) in [("demo", "挥手：中等肤色"), ("unicode", "waving hand: medium skin tone")] {
            let r = try run("""
            device iphone8
            conversation empty
            catalog \(catalog)
            tap toggle
            search "👋"
            press panel.emoji 👋
            wait 600ms
            move label "\(name)"
            release
            expect input "👋🏽"
            """)
            #expect(r.failure == nil, "\(catalog): \(String(describing: r.failure))")
            #expect(r.passed, "\(catalog): \(r.expectations.filter { !$0.passed }.map { $0.message(file: "t") })")
        }
    }

    @Test func theRecentsPageDoesNotReorderUnderTheFinger() throws {
        let r = try run("""
        device iphone8
        conversation empty
        tap toggle
        tap panel.emoji 笑哭
        tap panel.emoji 微笑
        tap panel.tab 0
        expect panel.group "Recents"
        tap panel.cell 0 1
        tap panel.cell 0 1
        expect input "[笑哭][微笑][笑哭][笑哭]"
        """)
        #expect(r.failure == nil, "\(String(describing: r.failure))")
        #expect(r.passed, "\(r.expectations.filter { !$0.passed }.map { $0.message(file: "t") })")
    }
}
