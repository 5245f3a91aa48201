import EmojiText
import Raster

/// The only place the bar talks to EmojiText's `TextEditor`, so the editor's API shows
/// in one file. Positions are the editor's units (a grapheme cluster of text or one
/// whole emoji attachment), which are also Raster's `TextLayout` positions.
extension InputBar {
    typealias Editor = TextEditor

    static func makeEditor(catalog: EmojiCatalog, configuration c: InputBarConfiguration) -> Editor {
        TextEditor(catalog: catalog, configuration: .init(maximumLength: c.maxLength, lengthMeasure: c.lengthMeasure,
                                                          serverEncodesUnicodeAsHex: c.serverEncodesUnicodeAsHex))
    }

    static func selection(of e: Editor) -> Range<Int> { e.selection }
    static func editorLength(_ s: State) -> Int { s.editor.unitCount }
    static func editorHasMarkedText(_ s: State) -> Bool { s.editor.isComposing }
    static func editorIsSendable(_ s: State) -> Bool { s.editor.isSendable }
    static func editorServerText(_ s: State) -> String { s.editor.serverText }

    // The inserting calls report a cut by the maximum length as a `textTruncated` event.
    static func editorInsertText(_ s: inout State, _ t: String, _ events: inout [InputBarEvent]) {
        noteTruncation(s.editor.insertText(t), s, &events)
    }
    static func editorInsertEmoji(_ s: inout State, _ e: Emoji, _ events: inout [InputBarEvent]) {
        noteTruncation(s.editor.insertEmoji(e), s, &events)
    }
    static func editorDeleteBackward(_ s: inout State) { s.editor.deleteBackward() }
    static func editorSetMarkedText(_ s: inout State, _ t: String) { s.editor.setMarkedText(t) }
    static func editorUnmarkText(_ s: inout State, _ events: inout [InputBarEvent]) {
        noteTruncation(s.editor.commitMarkedText(), s, &events)
    }
    /// `r` is checked against `editorLength` by the caller.
    static func editorSelect(_ s: inout State, _ r: Range<Int>) { _ = try? s.editor.setSelection(r) }
    static func editorSelectAll(_ s: inout State) { s.editor.selectAll() }
    static func editorCut(_ s: inout State) { s.editor.cut(to: &s.pasteboard) }
    static func editorCopy(_ s: inout State) { s.editor.copy(to: &s.pasteboard) }
    static func editorPaste(_ s: inout State, _ events: inout [InputBarEvent]) {
        noteTruncation(s.editor.paste(from: s.pasteboard), s, &events)
    }
    /// The trace line of an insert the maximum length cut short (or refused: an emoji
    /// that does not fit whole), so a script sees why its text is shorter.
    static func noteTruncation(_ change: EditorChange, _ s: State, _ events: inout [InputBarEvent]) {
        if change.truncated, let limit = s.editor.configuration.maximumLength {
            events.append(.textTruncated(limit: limit, length: s.editor.length))
        }
    }
    static func editorUndo(_ s: inout State) { s.editor.undo() }
    static func editorRedo(_ s: inout State) { s.editor.redo() }
    /// Sends through the editor: commits marked text, returns the server text and
    /// clears (text and undo history), or nil when not sendable.
    static func editorSend(_ s: inout State) -> String? { s.editor.send().text }

    /// The editor's content as layout runs (Raster's adapter: attachments become
    /// inline emoji labelled with their meaning).
    static func editorRuns(_ s: State) -> [InlineRun] {
        InlineRun.runs(from: s.editor.richText)
    }
}

extension InputBar.State {
    /// The plain (backed) text: emoji as their placeholders.
    public var text: String { self.editor.plainText }
    /// What `didSend` would carry now (trimmed, as the editor sends).
    public var serverText: String { InputBar.editorServerText(self) }
    /// The selection in editor units (an empty range is the caret).
    public var selectedRange: Range<Int> { InputBar.selection(of: editor) }
    /// The IME's marked range, if composing.
    public var markedRange: Range<Int>? { self.editor.markedRange }
    /// Length in editor units (text clusters and whole emoji).
    public var length: Int { InputBar.editorLength(self) }
}
