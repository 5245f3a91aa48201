import Testing
import Foundation
import SimCore
import ChatUI
import Scenario
import EmojiSimIO
import Tester
import ChatHarness
import EmojiSimTesting

/// Tapping page dots from Swift, as Tests/Scenarios/flow-page-dots.scenario does from a
/// script: `tester.tap(.pageDot(N))` turns one page towards dot N (UIPageControl), and
/// the two give the same trace, line for line.
@Suite struct PageDotTapTests {
    static func makeScreen() -> SimCore.Host<ChatScreen> {
        var configuration = ScenarioConfiguration()
        configuration.device = .iphone8
        configuration.conversation = .empty
        return ScenarioHosting.makeScreen(configuration, assets: .demo)
    }

    @Test func aDotTapTurnsOnePageTowardsItAsTheScriptDoes() throws {
        let swift = Self.makeScreen()
        let tester = Tester(swift)
        try tester.tap(.toggle)
        try tester.expect(.pageDot(0), .selected)
        try tester.tap(.pageDot(1))
        try tester.expect(.pageDot(1), .selected)
        #expect(swift.panelPageInGroup == 1)
        try tester.tap(.pageDot(0))
        #expect(tester.check(.pageDot(0), .selected).passed)
        try tester.tap(.pageDot(2))
        try tester.pumpUntilIdle()
        #expect(swift.panelPageInGroup == 1, "one page per tap, however far the dot")
        let before = swift.trace.lines.count
        try tester.tap(.pageDot(1))
        try tester.pumpUntilIdle()
        #expect(!swift.trace.lines.dropFirst(before).contains { $0.contains("setContentOffset") },
                "the current dot changes nothing")
        try tester.tap(.pageDot(2))
        try tester.expect(.pageDot(2), .selected)
        #expect(swift.panelPageInGroup == 2)
        // Each turn is the panel's animated programmatic page change, with its moments.
        let turns = swift.trace.lines.filter { $0.contains("panel setContentOffset") }
        #expect(turns.count == 4 && turns.allSatisfy { $0.contains("animated=true") })
        #expect(swift.trace.lines.filter { $0.contains("panel didEndScrollingAnimation") }.count == 4)

        let root = try #require(SnapshotFiles.packageRoot(from: #filePath))
        let file = root.appendingPathComponent("Tests/Scenarios/flow-page-dots.scenario")
        let script = try ScriptParser.parse(try String(contentsOf: file, encoding: .utf8))
        let configuration = ScenarioConfiguration(script: script)
        let scripted = ScenarioHosting.makeScreen(configuration, assets: .demo)
        let result = ScenarioRunner().run(script, configuration: configuration, on: scripted)
        #expect(result.passed && result.failure == nil)
        let a = swift.trace.lines, b = scripted.trace.lines
        #expect(a == b, "first difference at line \((0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count))")
    }

    /// A lift outside the control, or a cancelled touch, turns nothing (UIControl's
    /// touch-up-inside).
    @Test func aLiftOutsideTheControlTurnsNothing() throws {
        let screen = Self.makeScreen()
        let tester = Tester(screen)
        try tester.tap(.toggle)
        try tester.press(.pageDot(1))
        try tester.move(to: .tab(.index(0)))
        try tester.release()
        try tester.pumpUntilIdle()
        #expect(screen.panelPageInGroup == 0)
        #expect(!screen.trace.lines.contains { $0.contains("setContentOffset") })
    }
}
