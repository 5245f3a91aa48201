import Testing
import SimCore
import ChatUI
import EmojiSimIO
@testable import Scenario

/// A tab is found by the label it shows as well as by its group name: the demo
/// catalog's group `Seed` shows `动图` on its tab (its title for the default locale).
@Suite struct PanelTabLabelTests {
    func run(_ text: String) throws -> (ScenarioResult, Host<ChatScreen>) {
        let script = try ScriptParser.parse(text, name: "t.scenario")
        let host = ScenarioHosting.makeScreen(ScenarioConfiguration(script: script), assets: .demo)
        return (ScenarioRunner().run(script, configuration: ScenarioConfiguration(script: script), on: host), host)
    }

    @Test func aTabIsFoundByTheLabelItShows() throws {
        let (r, screen) = try run("""
        device iphone14
        conversation empty
        tap toggle
        tap panel.tab "动图"
        expect panel.group "动图"
        expect panel.group "Seed"
        expect panel.group 1
        tap panel.tab 0
        tap panel.tab "Seed"
        expect panel.group "动图"
        """)
        #expect(r.failure == nil)
        #expect(r.expectations.count == 4 && r.passed)
        #expect(screen.panel.currentGroupName == "Seed")
        #expect(screen.panel.sections[1].title == "动图")
        // A pass by title names the group and its title, so the report's row reads
        // "expected panel.group "动图", actual panel.group "Seed" titled "动图"".
        #expect(r.expectations.last?.expected == "panel.group \"动图\"")
        #expect(r.expectations.last?.actual == "panel.group \"Seed\" titled \"动图\"")
    }

    @Test func aLabelOfAnotherGroupDoesNotMatch() throws {
        let (r, _) = try run("""
        device iphone14
        conversation empty
        tap toggle
        tap panel.tab "经典"
        expect panel.group "动图"
        """)
        #expect(r.failure == nil && !r.passed)
        #expect(r.expectations.map(\.passed) == [false])
        #expect(r.expectations.first?.actual == "panel.group \"经典\"")
    }
}
