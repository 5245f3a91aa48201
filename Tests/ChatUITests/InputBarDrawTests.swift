import Testing
import SimCore
import Raster
@testable import ChatUI

@Suite struct InputBarDrawTests {
    func items(_ list: DisplayList, _ view: String) -> [DisplayItem] { list.items(inView: view) }

    @Test func emptyBarShowsThePlaceholderAndADisabledSend() {
        let r = InputBarRig(InputBarConfiguration(placeholder: "Message"))
        let list = r.bar.displayList(at: r.clock.now)
        #expect(list.size == Size(width: 375, height: 48))
        let placeholder = items(list, "InputBar.placeholder")
        #expect(placeholder.count == 1 && placeholder[0].accessibilityLabel == "Message")
        if case let .text(layout, origin, role) = placeholder[0].command {
            #expect(role == .placeholderText && origin == Point(x: 56, y: 8 + 8))
            #expect(layout.text(ofLine: 0) == "Message")
        } else { Issue.record("placeholder is not text") }
        let send = items(list, "InputBar.send")
        #expect(send.allSatisfy { $0.state.contains(.disabled) })
        #expect(send.first.map { if case .fillRect(_, .disabled) = $0.command { true } else { false } } == true)
        #expect(items(list, "InputBar.caret").isEmpty) // not first responder
        #expect(list.accessibilityItems.compactMap(\.accessibilityLabel) == ["Emoji", "Message", "Send"])
    }

    @Test func typedTextReplacesThePlaceholderAndEnablesSend() throws {
        let r = InputBarRig(InputBarConfiguration(placeholder: "Message"))
        try r.send(.tapTextView())
        try r.send(.type("hi"))
        try r.send(.tapToggle)
        try r.send(.insertEmoji(InputBarRig.smile))
        let list = r.bar.displayList(at: r.clock.now)
        #expect(items(list, "InputBar.placeholder").isEmpty)
        let text = items(list, "InputBar.textView").first { if case .text = $0.command { true } else { false } }
        #expect(text?.accessibilityLabel == "hi[猫笑哭]") // emoji by meaning
        let caret = items(list, "InputBar.caret")
        #expect(caret.count == 1)
        if case let .caret(rect, .caret) = caret[0].command {
            #expect(rect == Rect(x: 56 + 32, y: 16, width: 2, height: 16)) // after "hi" + one emoji
        }
        #expect(items(list, "InputBar.send").allSatisfy { $0.state.isEmpty })
        #expect(list.accessibilityItems.first?.accessibilityLabel == "Keyboard") // the toggle's icon
    }

    @Test func selectionAndMarkedTextAreDrawn() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.type("hello"))
        try r.send(.select(location: 1, length: 3))
        var list = r.bar.displayList(at: r.clock.now)
        let sel = list.items.filter { if case .selection = $0.command { true } else { false } }
        #expect(sel.map(\.command) == [.selection(Rect(x: 56 + 8, y: 16, width: 24, height: 16), .selection)])
        #expect(items(list, "InputBar.caret").isEmpty) // a range selection hides the caret
        try r.send(.select(location: 5, length: 0))
        try r.send(.compose("ni"))
        list = r.bar.displayList(at: r.clock.now)
        let marked = items(list, "InputBar.marked")
        #expect(marked.count == 2)
        #expect(marked.first?.command == .line(from: Point(x: 56 + 40, y: 31), to: Point(x: 56 + 56, y: 31), width: 1, .accent))
        if case let .text(layout, origin, .accent)? = marked.last?.command {
            #expect(layout.text(ofLine: 0) == "ni" && origin == Point(x: 56 + 40, y: 16))
        } else { Issue.record("marked text is not redrawn in the accent colour") }
        #expect(marked.last?.accessibilityLabel == "ni")
    }

    @Test func highlightedSendIsInTheStyleState() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.type("x"))
        try r.send(.press(.send))
        let list = r.bar.displayList(at: r.clock.now)
        #expect(items(list, "InputBar.send").allSatisfy { $0.state == .highlighted })
        try r.send(.release)
        #expect(r.bar.displayList(at: r.clock.now).items(inView: "InputBar.send").allSatisfy { $0.state.isEmpty })
    }

    @Test func scrolledTextIsOffsetAndClipped() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.type(String(repeating: "x", count: 30 * 7)))
        try r.advance(.seconds(1))
        let list = r.bar.displayList(at: r.clock.now)
        #expect(list.size.height == 112)
        let text = items(list, "InputBar.textView").first { if case .text = $0.command { true } else { false } }
        if case let .text(_, origin, _)? = text?.command {
            #expect(origin.y == 8 + 8 - 32)
        } else { Issue.record("no text") }
        #expect(list.items.contains { $0.command == .pushClip(Rect(x: 51, y: 16, width: 252, height: 80)) })
    }
}
