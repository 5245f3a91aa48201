// The five seed flows of Flows/*.scenario, written in Swift with the Tester's finders
// (issue 24's acceptance): each runs as a Swift test and as its script, and the two
// give the same trace, line for line.

import Foundation
import Testing
import SimCore
import Tester
import ChatHarness
import ChatUI
import Scenario
import EmojiSimIO
import EmojiSimTesting

@Suite struct SeedFlowExamples {
    /// The screen a script with `device iphone8` and `conversation empty` runs on.
    static func makeScreen() -> SimCore.Host<ChatScreen> {
        var configuration = ScenarioConfiguration()
        configuration.device = .iphone8
        configuration.conversation = .empty
        return ScenarioHosting.makeScreen(configuration, assets: .demo)
    }

    /// Type, insert two emoji from the panel, switch back to the keyboard, type more, send.
    static func sendWithEmoji(_ tester: Tester<SimCore.Host<ChatScreen>>) throws {
        let screen = tester.subject
        try tester.tap(.input)
        try screen.type("今天")
        try tester.tap(.toggle)
        try tester.tap(.emoji("微笑"))
        try tester.tap(.emoji("哈哈"))
        try tester.expect(.input, .text("今天[微笑][哈哈]"))
        try tester.tap(.toggle)
        try tester.pumpUntilIdle()
        #expect(screen.keyboard == .system)
        try screen.type("好")
        #expect(screen.inputServerText == "今天[微笑][哈哈]好" && screen.isSendEnabled)
        try tester.tap(.send)
        try tester.pumpUntilIdle()
        #expect(screen.lastMessageText == "今天[微笑][哈哈]好")
        try tester.expect(.send, .disabled)
        #expect(screen.trace.lines.filter { $0.contains("inputBar didSend") }.count == 1)
    }

    /// The panel's delete key removes a whole emoji, then one character.
    static func deleteWholeEmoji(_ tester: Tester<SimCore.Host<ChatScreen>>) throws {
        let screen = tester.subject
        try tester.tap(.input)
        try screen.type("ab")
        try tester.tap(.toggle)
        try tester.tap(.emoji("笑哭"))
        try tester.expect(.input, .text("ab[笑哭]"))
        try tester.tap(.delete)
        try tester.expect(.input, .text("ab"))
        try tester.tap(.delete)
        try tester.expect(.input, .text("a"))
        #expect(screen.caret == 1..<1)
    }

    /// Swipe to the next page of the panel, then jump to another group with its tab.
    static func pagesAndTabs(_ tester: Tester<SimCore.Host<ChatScreen>>) throws {
        let screen = tester.subject
        try tester.tap(.input)
        try tester.tap(.toggle)
        try tester.pumpUntilIdle()
        #expect(screen.panelPageInGroup == 0)
        try tester.swipe(.panel, .left)
        try tester.pumpUntilIdle()
        #expect(screen.panelPageInGroup == 1)
        try tester.tap(.tab(.name("动图")))
        try tester.expect(.tab(.name("动图")), .selected)
        #expect(screen.panelGroupTitle == "动图" && screen.panelPageInGroup == 0)
    }

    /// Holding an emoji shows its preview; lifting hides it and inserts nothing.
    static func previewWithoutInsert(_ tester: Tester<SimCore.Host<ChatScreen>>) throws {
        let screen = tester.subject
        try tester.tap(.input)
        try tester.tap(.toggle)
        try tester.press(.emoji("微笑"))
        tester.pump(.milliseconds(500))
        #expect(screen.panelPreview?.code == "微笑")
        try tester.release()
        try tester.pumpUntilIdle()
        #expect(screen.panelPreview == nil)
        try tester.expect(.input, .text(""))
        #expect(!screen.trace.lines.contains { $0.contains("panel didSelect") })
    }

    /// Pasted placeholders become emoji (one unit each); unknown ones stay text.
    static func pastePlaceholders(_ tester: Tester<SimCore.Host<ChatScreen>>) throws {
        let screen = tester.subject
        try tester.tap(.input)
        screen.setPasteboard("你好[笑哭][unknown]")
        try screen.perform(.paste)
        try tester.expect(.input, .text("你好[笑哭][unknown]"))
        #expect(screen.caret == 12..<12)
        try tester.tap(.send)
        try tester.pumpUntilIdle()
        #expect(screen.lastMessageText == "你好[笑哭][unknown]")
    }

    /// The flow of a script in Flows/, by file name.
    static func flow(_ name: String) -> ((Tester<SimCore.Host<ChatScreen>>) throws -> Void)? {
        switch name {
        case "send-with-emoji": return sendWithEmoji
        case "delete-whole-emoji": return deleteWholeEmoji
        case "pages-and-tabs": return pagesAndTabs
        case "preview-without-insert": return previewWithoutInsert
        case "paste-placeholders": return pastePlaceholders
        default: return nil
        }
    }

    @Test(arguments: ["send-with-emoji", "delete-whole-emoji", "pages-and-tabs", "preview-without-insert", "paste-placeholders"])
    func theSwiftFlowAndItsScriptGiveTheSameTrace(name: String) throws {
        let flow = try #require(Self.flow(name))
        let swift = Self.makeScreen()
        try flow(Tester(swift))

        let root = try #require(SnapshotFiles.packageRoot(from: #filePath))
        let file = root.appendingPathComponent("Tests/EmojiSimExamples/Flows/\(name).scenario")
        let text = try String(contentsOf: file, encoding: .utf8)
        let script = try ScriptParser.parse(text)
        let configuration = ScenarioConfiguration(script: script)
        let scripted = ScenarioHosting.makeScreen(configuration, assets: .demo)
        let result = ScenarioRunner().run(script, configuration: configuration, on: scripted)
        #expect(result.passed, "\(result.expectations.filter { !$0.passed }.map { $0.message(file: name) })")
        #expect(result.failure == nil, "\(String(describing: result.failure))")

        let a = swift.trace.lines, b = scripted.trace.lines
        #expect(a.count > 10, "the flow traces what it does")
        #expect(a == b, "first difference at line \((0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)): swift \(a.count) lines, script \(b.count)")
    }
}
