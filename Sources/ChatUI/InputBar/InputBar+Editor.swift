import EmojiText
import Raster

/// The only place the bar talks to its editor, so the editor's API shows in one file.
extension InputBar {
    typealias Editor = InterimTextEditor

    static func makeEditor(maxLength: Int?) -> Editor { Editor(maxLength: maxLength) }

    static func selection(of e: Editor) -> Range<Int> { e.selection }
    static func editorLength(_ s: State) -> Int { s.editor.elements.count }
    static func editorHasMarkedText(_ s: State) -> Bool { s.editor.marked != nil }
    static func editorIsSendable(_ s: State) -> Bool { s.editor.isSendable }
    static func editorServerText(_ s: State) -> String { s.editor.serverText }

    static func editorInsertText(_ s: inout State, _ t: String) { s.editor.insertText(t) }
    static func editorInsertEmoji(_ s: inout State, _ e: Emoji) { s.editor.insertEmoji(e) }
    static func editorDeleteBackward(_ s: inout State) { s.editor.deleteBackward() }
    static func editorSetMarkedText(_ s: inout State, _ t: String) { s.editor.setMarkedText(t) }
    static func editorUnmarkText(_ s: inout State) { s.editor.commitMarked() }
    static func editorSelect(_ s: inout State, _ r: Range<Int>) { s.editor.select(r) }
    static func editorSelectAll(_ s: inout State) { s.editor.selectAll() }
    static func editorCut(_ s: inout State) -> String? { s.editor.cut() }
    static func editorCopy(_ s: State) -> String? { s.editor.copy() }
    static func editorPaste(_ s: inout State, _ t: String) { s.editor.paste(t) }
    static func editorUndo(_ s: inout State) { s.editor.undo() }
    static func editorRedo(_ s: inout State) { s.editor.redo() }
    static func editorClear(_ s: inout State) { s.editor.clear() }

    /// The editor's content as layout runs: text, and emoji as inline images labelled
    /// with their meaning (Unicode emoji keep their characters as the glyph).
    static func editorRuns(_ s: State) -> [InlineRun] {
        var runs: [InlineRun] = []
        var text = ""
        for e in s.editor.elements {
            switch e {
            case let .character(c): text.append(c)
            case let .emoji(emoji):
                if !text.isEmpty { runs.append(.text(text)); text = "" }
                runs.append(.emoji(InlineEmoji(code: emoji.code, imageName: emoji.imageName, label: emoji.meaning(),
                                               glyph: emoji.kind == .unicode ? emoji.code : nil)))
            }
        }
        if !text.isEmpty { runs.append(.text(text)) }
        return runs
    }
}

extension InputBar {
    /// The plain (backed) text: emoji as their placeholders.
    public var text: String { state.editor.plainText }
    /// What `didSend` would carry now.
    public var serverText: String { InputBar.editorServerText(state) }
    /// The selection in editor units (an empty range is the caret).
    public var selectedRange: Range<Int> { InputBar.selection(of: state.editor) }
    /// The IME's marked range, if composing.
    public var markedRange: Range<Int>? { state.editor.marked }
    /// Length in editor units.
    public var length: Int { InputBar.editorLength(state) }
}
