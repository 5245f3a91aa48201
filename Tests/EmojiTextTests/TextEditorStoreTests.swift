import Testing
import SimCore
@testable import EmojiText

/// The editor's inputs as values (the editor's own API is methods).
enum EditorAction {
    case setCaret(Int)
    case setSelection(Range<Int>)
    case insertText(String)
    case insertEmoji(Emoji)
    case deleteBackward
    case deleteForward
    case undo
    case redo
}

/// Runs one action; a change that changed nothing is no event.
func reduceEditor(_ e: inout TextEditor, _ a: EditorAction) throws(TextEditorError) -> [EditorChange] {
    let change: EditorChange
    switch a {
    case let .setCaret(p): change = try e.setCaret(p)
    case let .setSelection(r): change = try e.setSelection(r)
    case let .insertText(s): change = e.insertText(s)
    case let .insertEmoji(x): change = e.insertEmoji(x)
    case .deleteBackward: change = e.deleteBackward()
    case .deleteForward: change = e.deleteForward()
    case .undo: change = e.undo()
    case .redo: change = e.redo()
    }
    return change.isNone ? [] : [change]
}

/// Exact transitions of the editor (it is a value with methods, not a `Reducer`: the
/// input bar's reducer wraps it): each step asserts the change it reports and every
/// part of the editor a UITextView delegate sees.
@Suite struct TextEditorStoreTests {
    let catalog = EmojiCatalog.demo
    func emoji(_ code: String) -> Emoji { catalog.emoji(forCode: code)! }

    /// Runs `a` and checks its events, then the visible state.
    func step(_ e: inout TextEditor, _ a: EditorAction, _ events: [EditorChange] = [], text: String, selection: Range<Int>,
              units: Int, canUndo: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let got = try? reduceEditor(&e, a)
        #expect(got == events, sourceLocation: sourceLocation)
        #expect(e.plainText == text && e.selection == selection && e.unitCount == units && e.canUndo == canUndo
                && e.markedRange == nil, sourceLocation: sourceLocation)
    }

    @Test func insertsAnEmojiAtTheCaretAsOneUnit() {
        var e = TextEditor(catalog: catalog, text: "你好世界")
        step(&e, .setCaret(2), [EditorChange(action: .select, selectionChanged: true)],
             text: "你好世界", selection: 2..<2, units: 4, canUndo: false)
        step(&e, .insertEmoji(emoji("笑哭")), [EditorChange(action: .insertEmoji, textChanged: true, selectionChanged: true)],
             text: "你好[笑哭]世界", selection: 3..<3, units: 5, canUndo: true)
        step(&e, .insertText("!"), [EditorChange(action: .insertText, textChanged: true, selectionChanged: true)],
             text: "你好[笑哭]!世界", selection: 4..<4, units: 6, canUndo: true)
    }

    @Test func deleteBackwardRemovesTheWholeEmojiAndUndoBringsItBack() {
        var e = TextEditor(catalog: catalog, text: "a[笑哭]")
        step(&e, .deleteBackward, [EditorChange(action: .deleteBackward, textChanged: true, selectionChanged: true)],
             text: "a", selection: 1..<1, units: 1, canUndo: true)
        step(&e, .undo, [EditorChange(action: .undo, textChanged: true, selectionChanged: true)],
             text: "a[笑哭]", selection: 2..<2, units: 2, canUndo: false)
        step(&e, .setCaret(0), [EditorChange(action: .select, selectionChanged: true)],
             text: "a[笑哭]", selection: 0..<0, units: 2, canUndo: false)
        // Nothing before the caret: no change, no event.
        step(&e, .deleteBackward, text: "a[笑哭]", selection: 0..<0, units: 2, canUndo: false)
    }

    @Test func aSelectionOutsideTheTextIsATypedError() {
        var e = TextEditor(catalog: catalog, text: "ab")
        #expect(throws: TextEditorError.self) { _ = try reduceEditor(&e, .setSelection(1..<9)) }
        #expect(e.selection == 2..<2)
        step(&e, .setSelection(0..<2), [EditorChange(action: .select, selectionChanged: true)],
             text: "ab", selection: 0..<2, units: 2, canUndo: false)
    }
}
