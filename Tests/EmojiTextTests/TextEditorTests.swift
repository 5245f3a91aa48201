import Testing
@testable import EmojiText

@Suite struct TextEditorTests {
    let catalog = EmojiCatalog.demo
    func emoji(_ code: String) -> Emoji { catalog.emoji(forCode: code)! }
    func editor(_ text: String = "", max: Int? = nil, measure: TextMeasure = .characters) -> TextEditor {
        TextEditor(catalog: catalog, text: text, configuration: .init(maximumLength: max, lengthMeasure: measure))
    }

    @Test func insertsAtTheCaretNotAtTheEnd() throws {
        var e = editor("你好世界")
        #expect(e.caret == 4)
        try e.setCaret(2)
        let change = e.insertEmoji(emoji("笑哭"))
        #expect(e.plainText == "你好[笑哭]世界")
        #expect(e.caret == 3)
        #expect(change.textChanged && change.selectionChanged && !change.truncated && change.action == .insertEmoji)
        e.insertText("!")
        #expect(e.plainText == "你好[笑哭]!世界" && e.caret == 4)
        #expect(e.richText.attachments.map(\.emoji.code) == ["笑哭"])
    }

    @Test func insertReplacesTheSelection() throws {
        var e = editor("abcdef")
        try e.setSelection(1..<4)
        e.insertEmoji(emoji("😄"))
        #expect(e.plainText == "a😄ef" && e.caret == 2)
        e.selectAll()
        #expect(e.selection == 0..<4)
        e.insertText("x")
        #expect(e.plainText == "x" && e.caret == 1)
    }

    @Test func deleteBackwardRemovesWholeEmoji() {
        let cases: [(String, String)] = [
            ("a[笑哭]", "a"), ("a[f056]", "a"), ("a👨‍👩‍👧", "a"), ("a🇦🇷", "a"), ("a1️⃣", "a"), ("a👋🏽", "a"),
            ("a[f09f9884]", "a"), ("ae\u{301}", "a"), ("a🫶🏿", "a"), ("a你", "a"), ("a\r\n", "a"),
        ]
        for (start, end) in cases {
            var e = editor(start)
            let change = e.deleteBackward()
            #expect(e.plainText == end, "\(start)")
            #expect(e.caret == 1 && change.textChanged)
        }
        var e = editor("")
        #expect(e.deleteBackward().isNone)
    }

    @Test func deleteForwardRemovesWholeEmoji() throws {
        var e = editor("[微笑]👨‍👩‍👧‍👦x")
        try e.setCaret(0)
        e.deleteForward()
        #expect(e.plainText == "👨‍👩‍👧‍👦x" && e.caret == 0)
        e.deleteForward()
        #expect(e.plainText == "x")
        try e.setCaret(1)
        #expect(e.deleteForward().isNone)
        try e.setSelection(0..<1)
        e.deleteForward()
        #expect(e.plainText == "")
    }

    @Test func cutCopyPasteUsePlainBackedText() throws {
        var e = editor("你好[笑哭]😄!")
        var board = Pasteboard()
        try e.setSelection(1..<4)
        e.copy(to: &board)
        #expect(board.string == "好[笑哭]😄")
        let cut = e.cut(to: &board)
        #expect(cut.textChanged && e.plainText == "你!" && e.caret == 1)
        try e.setCaret(2)
        e.paste(from: board)
        #expect(e.plainText == "你!好[笑哭]😄" && e.caret == 5)
        #expect(e.richText.attachments.map(\.emoji.code) == ["笑哭", "😄"])
        // Pasted placeholders become emoji again.
        e.paste(from: Pasteboard(string: "[f056][f09f9884][nope]"))
        #expect(e.richText.attachments.map(\.emoji.code) == ["笑哭", "😄", "f056", "😄"])
        #expect(e.caret == 5 + 2 + 6)
        // Empty selection: copy and cut do nothing.
        var other = Pasteboard(string: "keep")
        e.copy(to: &other)
        #expect(other.string == "keep")
        #expect(e.cut(to: &other).isNone)
        #expect(e.paste(from: Pasteboard()).isNone)
    }

    @Test func undoRedoWithTypingCoalesced() throws {
        var e = editor()
        for ch in ["h", "e", "l", "l", "o"] { e.insertText(ch) }
        e.insertEmoji(emoji("微笑"))
        e.insertText(" ")
        e.insertText("x")
        #expect(e.plainText == "hello[微笑] x")
        e.undo()
        #expect(e.plainText == "hello[微笑]" && e.caret == 6)
        e.undo()
        #expect(e.plainText == "hello")
        e.undo()
        #expect(e.plainText == "" && !e.canUndo)
        #expect(e.undo().isNone)
        e.redo(); e.redo()
        #expect(e.plainText == "hello[微笑]" && e.caret == 6)
        // A new edit clears the redo stack.
        e.insertText("!")
        #expect(!e.canRedo)
        // Moving the caret breaks the typing run.
        try e.setCaret(0)
        e.insertText("A")
        e.insertText("B")
        e.undo()
        #expect(e.plainText == "hello[微笑]!")
        // Consecutive backspaces are one step.
        try e.setCaret(e.unitCount)
        e.deleteBackward(); e.deleteBackward(); e.deleteBackward()
        #expect(e.plainText == "hell")
        e.undo()
        #expect(e.plainText == "hello[微笑]!")
    }

    @Test func markedTextComposesCommitsAndCancels() throws {
        var e = editor("你好")
        var change = e.setMarkedText("n")
        #expect(change.markedTextChanged && e.isComposing)
        e.setMarkedText("ni")
        #expect(e.plainText == "你好ni" && e.markedRange == 2..<4 && e.markedText == "ni" && e.caret == 4)
        // The IME's final insert replaces the marked text and commits it.
        e.insertText("你")
        #expect(e.plainText == "你好你" && !e.isComposing && e.caret == 3)
        e.undo()
        #expect(e.plainText == "你好")
        // Cancel restores the state before the composition.
        try e.setSelection(0..<1)
        e.setMarkedText("hao")
        #expect(e.plainText == "hao好")
        change = e.cancelMarkedText()
        #expect(e.plainText == "你好" && e.selection == 0..<1 && change.textChanged && !e.isComposing)
        // Commit keeps the marked text as typed: one undo step.
        try e.setCaret(2)
        e.setMarkedText("ma", selectedRange: 1..<1)
        #expect(e.caret == 3)
        e.commitMarkedText()
        #expect(e.plainText == "你好ma" && !e.isComposing)
        e.undo()
        #expect(e.plainText == "你好")
        // Backspace while composing shortens the marked text; emptying it cancels.
        e.setMarkedText("zh")
        e.deleteBackward()
        #expect(e.markedText == "z" && e.plainText == "你好z")
        e.deleteBackward()
        #expect(!e.isComposing && e.plainText == "你好")
    }

    @Test func insertingAnEmojiWhileComposingCommitsFirst() {
        var e = editor("a")
        e.setMarkedText("xi")
        let change = e.insertEmoji(emoji("哈哈"))
        #expect(e.plainText == "axi[哈哈]" && e.caret == 4 && !e.isComposing && change.markedTextChanged)
        e.undo()
        #expect(e.plainText == "axi")
        e.undo()
        #expect(e.plainText == "a")
    }

    @Test func selectionChangeCommitsComposition() throws {
        var e = editor("ab")
        e.setMarkedText("c")
        try e.setCaret(0)
        #expect(!e.isComposing && e.plainText == "abc")
    }

    @Test func maximumLengthInCharactersNeverSplitsAnEmoji() {
        var e = editor(max: 6)
        e.insertText("abc")
        let change = e.insertEmoji(emoji("笑哭")) // 4 characters: does not fit in 3
        #expect(change.truncated && !change.textChanged && e.plainText == "abc")
        e.insertEmoji(emoji("😄"))                  // 1 character
        #expect(e.plainText == "abc😄")
        let pasted = e.paste(from: Pasteboard(string: "d[微笑]"))
        #expect(pasted.truncated && e.plainText == "abc😄d" && e.caret == 5 && e.length == 5)
        #expect(e.remainingLength == 1)
        #expect(e.insertText("xy").truncated && e.plainText == "abc😄dx" && e.remainingLength == 0)
        #expect(e.insertText("z").truncated && e.plainText == "abc😄dx")
        // Replacing a selection frees its length.
        e.selectAll()
        e.paste(from: Pasteboard(string: "[微笑][笑哭]"))
        #expect(e.plainText == "[微笑]")
    }

    @Test func maximumLengthInUTF16Units() {
        var e = editor(max: 5, measure: .utf16)
        e.insertText("ab👨‍👩‍👧") // the family is 8 UTF-16 units: cut entirely
        #expect(e.plainText == "ab")
        e.insertText("😄😄") // 2 units each: one fits
        #expect(e.plainText == "ab😄" && e.length == 4)
        let init1 = editor("123456789", max: 4)
        #expect(init1.plainText == "1234")
    }

    @Test func maximumLengthAppliesOnCommit() {
        var e = editor("ab", max: 3)
        e.setMarkedText("cdef")
        #expect(e.plainText == "abcdef")
        let change = e.commitMarkedText()
        #expect(e.plainText == "abc" && change.truncated)
    }

    @Test func outOfRangePositionsThrowTypedErrorsOrClamp() {
        var e = editor("a[微笑]")
        #expect(throws: TextEditorError.positionOutOfRange(position: 3, unitCount: 2)) { try e.setCaret(3) }
        #expect(throws: TextEditorError.positionOutOfRange(position: -1, unitCount: 2)) { try e.setCaret(-1) }
        #expect(throws: TextEditorError.rangeOutOfBounds(lower: 1, upper: 5, unitCount: 2)) { try e.setSelection(1..<5) }
        #expect(e.caret == 2)
        // Plain (NSRange-like) selections clamp and widen to unit boundaries.
        e.setSelection(plainRange: 2..<3)
        #expect(e.selection == 1..<2)
        e.setSelection(plainRange: -5..<100)
        #expect(e.selection == 0..<2)
        #expect(e.plainRange(ofSelectionIn: .utf16) == 0..<5)
        e.moveCaret(by: -10)
        #expect(e.caret == 0)
        e.moveCaret(by: 1)
        #expect(e.caret == 1)
        e.moveCaret(by: 99)
        #expect(e.caret == 2)
        #expect(TextEditorError.positionOutOfRange(position: 3, unitCount: 2).description.contains("0...2"))
    }

    @Test func sendableAndServerText() {
        var e = editor(" \n\t ")
        #expect(!e.isSendable)
        #expect(e.send().text == nil && e.plainText == " \n\t ")
        e.setText("  你好[笑哭]😄\n")
        #expect(e.isSendable && e.serverText == "你好[笑哭]😄")
        let sent = e.send()
        #expect(sent.text == "你好[笑哭]😄" && sent.change.textChanged && e.plainText == "" && !e.canUndo)
        var hex = TextEditor(catalog: catalog, text: "hi😄", configuration: .init(serverEncodesUnicodeAsHex: true))
        #expect(hex.serverText == "hi[f09f9884]")
        hex.setMarkedText("x")
        #expect(hex.send().text == "hi[f09f9884]x")
    }

    @Test func typingAPlaceholderTurnsIntoTheEmoji() {
        var e = editor()
        for ch in ["[", "微", "笑"] { e.insertText(ch) }
        #expect(e.unitCount == 3 && e.richText.attachments.isEmpty)
        e.insertText("]")
        #expect(e.unitCount == 1 && e.caret == 1 && e.richText.attachments.first?.emoji.code == "微笑")
        e.deleteBackward()
        #expect(e.plainText == "")
    }

    @Test func combiningMarkJoinsThePreviousCluster() {
        var e = editor("e")
        e.insertText("\u{301}")
        #expect(e.unitCount == 1 && e.caret == 1)
        var f = editor("😄")
        f.insertText("\u{301}") // the emoji is no longer a whole cluster: text
        #expect(f.unitCount == 1 && f.richText.attachments.isEmpty)
    }
}
