import Testing
import SimCore
import EmojiText
import Tester
import ChatHarness
@testable import ChatUI

/// Issue 18, item 9: typing into a long text. The trace quotes a long text in part, the
/// text-changed events still follow the text exactly, errors leave the bar as it was
/// although the editor is edited in place, and the screen's input check stays exact.
@Suite struct InputBarLongTextTests {
    @Test func shortTextsAreQuotedWholeLongOnesHeadAndTail() {
        let short = String(repeating: "ab\"", count: 300) // 900 bytes: whole, as before
        #expect(InputBarEvent.quoteBounded(short) == InputBarEvent.quote(short))
        let long = String(repeating: "x", count: 150) + String(repeating: "中", count: 1000) + String(repeating: "y", count: 150)
        let q = InputBarEvent.quoteBounded(long)
        #expect(q == "\"" + String(repeating: "x", count: 100) + "\"..3100..\"" + String(repeating: "y", count: 100) + "\"")
        let e = InputBarEvent.textChanged(text: long, selectionLocation: 1300, selectionLength: 0)
        #expect(e.description == "textChanged text=\(q) selection=1300+0")
    }

    @Test func textChangedFollowsTheTextWhileTypingLong() throws {
        let r = InputBarRig(InputBarConfiguration())
        try r.send(.tapTextView())
        var changes = 0
        for i in 0..<1500 {
            let events = try r.send(.type(i % 7 == 6 ? " " : "x"))
            changes += events.filter { $0.traceName == "textChanged" }.count
        }
        #expect(changes == 1500)
        #expect(r.bar.text.utf8.count == 1500)
        // Selecting without a change of text reports the selection only; re-typing the
        // selected text leaves the text but moves the caret: one event each.
        var events = try r.send(.select(location: 10, length: 1))
        #expect(events.filter { $0.traceName == "textChanged" }.count == 1)
        let selected = r.bar.editor.selectedPlainText
        events = try r.send(.type(selected))
        #expect(events.filter { $0.traceName == "textChanged" }.count == 1)
        events = try r.send(.select(location: 11, length: 0))
        #expect(events.filter { $0.traceName == "textChanged" }.isEmpty)
    }

    @Test func sendingAndRetypingTheSameTextIsNoTextChange() throws {
        var config = InputBarConfiguration()
        config.returnKeySends = true
        let r = InputBarRig(config)
        try r.send(.tapTextView())
        try r.send(.type("same"))
        // Send (the return), then type the same text again: the text ends as it began.
        let events = try r.send(.type("\nsame"))
        #expect(events.contains { if case .didSend("same") = $0 { true } else { false } })
        #expect(r.bar.text == "same")
        #expect(!events.contains { $0.traceName == "textChanged" })
    }

    @Test func aRefusedActionLeavesTheBarAsItWas() throws {
        let r = InputBarRig(InputBarConfiguration())
        try r.send(.tapTextView())
        try r.send(.type(String(repeating: "long text ", count: 50)))
        try r.send(.tapToggle) // the emoji keyboard: typing is refused
        let before = r.bar
        #expect(throws: InputBarError.self) { try r.send(.type("x")) }
        #expect(throws: InputBarError.self) { try r.send(.select(location: 9999, length: 0)) }
        #expect(r.bar == before)
        #expect(r.bar.text.utf8.count == 500)
    }

    @Test func theScreenChecksALongInputExactly() throws {
        let screen = makeDemoScreen()
        try Tester(screen).tap(.input)
        for i in 0..<400 { try screen.type(i % 50 == 49 ? "[笑哭] " : "abc ") }
        #expect(screen.inputText.utf8.count > ChatScreen.fullInputCheckBytes)
        #expect(screen.invariantViolations().isEmpty)
        #expect(screen.inputInvariantViolations(full: true).isEmpty)
        #expect(screen.inputText.hasSuffix("abc [笑哭] "))
    }
}
