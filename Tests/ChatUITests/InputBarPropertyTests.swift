import Testing
import SimCore
import EmojiText
@testable import ChatUI

/// Random scripts of actions at random instants: whatever the order, the bar keeps its
/// invariants, and a refused action changes nothing.
@Suite struct InputBarPropertyTests {
    static let actions: [InputBar.Action] = [
        .tapTextView(), .tapToggle, .tapOutside, .type("ab "), .type("你好"), .type("\n"),
        .compose("ni"), .commitComposition, .backspace, .returnKey,
        .insertEmoji(InputBarRig.smile), .insertEmoji(InputBarRig.grin), .deleteFromPanel,
        .selectAll, .cut, .copy, .paste, .undo, .redo, .press(.send), .press(.toggle), .release, .tapSend,
        .type(String(repeating: "x", count: 40)),
    ]

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func invariantsHoldOverRandomScripts(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let r = InputBarRig(InputBarConfiguration(maxLines: 3, placeholder: "Message", maxLength: 150))
        for _ in 0..<400 {
            try r.advance(.milliseconds(rng.int(in: 0...120)))
            var action = Self.actions[rng.int(in: 0..<Self.actions.count)]
            if rng.bool(probability: 0.1), r.bar.length > 0 {
                let a = rng.int(in: 0...r.bar.length), b = rng.int(in: a...r.bar.length)
                action = .select(location: a, length: b - a)
            }
            let before = r.bar
            let traceCount = r.trace.totalCount
            do {
                let events = try r.send(action)
                #expect(r.trace.totalCount == traceCount + events.count)
            } catch {
                #expect(r.bar == before, "a refused action changed the state")
                #expect(r.trace.totalCount == traceCount)
            }
            check(r)
        }
    }

    func check(_ r: InputBarRig) {
        let bar = r.bar, s = bar, now = r.clock.now
        #expect((s.keyboard.kind == .none) == !s.responder.isFirstResponder)
        #expect(s.keyboard.kind == s.responder.keyboard)
        #expect(abs(bar.frame(at: now).maxY - s.keyboard.barBottom(at: now)) < 1e-9)
        #expect(s.isSendEnabled == bar.serverText.contains { !$0.isWhitespace })
        #expect(bar.length <= 150)
        #expect(s.lineCount == bar.textLayout.lines.count)
        // Height target follows the line count, clamped to maxLines.
        let lines = min(max(s.lineCount, 1), 3)
        #expect(s.height.target == Double(lines) * 16 + 32)
        // The caret line is inside the visible part of the text container.
        let visible = Double(lines) * 16
        let caret = bar.caretRect
        #expect(s.scrollOffset >= 0 && s.scrollOffset <= Double(max(0, s.lineCount - 3)) * 16)
        #expect(caret.minY >= s.scrollOffset - 1e-9 && caret.maxY <= s.scrollOffset + visible + 1e-9)
        #expect(bar.selectedRange.upperBound <= bar.length)
        // Drawing never fails and brackets balance.
        let list = bar.displayList(at: now)
        let pushes = list.items.filter { if case .pushClip = $0.command { true } else { false } }.count
        let pops = list.items.filter { if case .popClip = $0.command { true } else { false } }.count
        #expect(pushes == pops)
    }
}
