import Testing
import SimCore
@testable import EmojiText

// EmojiTextTests sees only EmojiText and SimCore, so it keeps its own Swift Testing
// reporter for SimCore's TestStore (EmojiSimTesting's `recordTestStoreIssue` has the
// same shape, with a field-by-field diff).
private func recordIssue<Observed, Event, Failure: Error>(_ failure: TestStoreFailure<Observed, Event, Failure>,
                                                          at location: TestStoreLocation) {
    Issue.record(Comment(rawValue: failure.message),
                 sourceLocation: SourceLocation(fileID: location.fileID, filePath: location.filePath,
                                                line: location.line, column: location.column))
}

/// The editor's inputs as values, for the TestStore (the editor's own API is methods).
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

/// What a UITextView delegate sees of the editor, as settable fields.
struct EditorObservation: Equatable {
    var plainText: String
    var selection: Range<Int>
    var unitCount: Int
    var markedRange: Range<Int>?
    var canUndo: Bool
    init(_ e: TextEditor) {
        plainText = e.plainText; selection = e.selection; unitCount = e.unitCount
        markedRange = e.markedRange; canUndo = e.canUndo
    }
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

@Suite struct TextEditorStoreTests {
    let catalog = EmojiCatalog.demo
    func emoji(_ code: String) -> Emoji { catalog.emoji(forCode: code)! }
    func store(_ text: String) -> TestStore<TextEditor, EditorAction, EditorObservation, EditorChange, TextEditorError> {
        TestStore(TextEditor(catalog: catalog, text: text), observe: EditorObservation.init, reduce: reduceEditor,
                  report: recordIssue)
    }

    @Test func insertsAnEmojiAtTheCaretAsOneUnit() {
        var s = store("你好世界")
        s.send(.setCaret(2), [EditorChange(action: .select, selectionChanged: true)]) { $0.selection = 2..<2 }
        s.send(.insertEmoji(emoji("笑哭")), [EditorChange(action: .insertEmoji, textChanged: true, selectionChanged: true)]) {
            $0.plainText = "你好[笑哭]世界"
            $0.selection = 3..<3
            $0.unitCount = 5
            $0.canUndo = true
        }
        s.send(.insertText("!"), [EditorChange(action: .insertText, textChanged: true, selectionChanged: true)]) {
            $0.plainText = "你好[笑哭]!世界"
            $0.selection = 4..<4
            $0.unitCount = 6
        }
    }

    @Test func deleteBackwardRemovesTheWholeEmojiAndUndoBringsItBack() {
        var s = store("a[笑哭]")
        s.send(.deleteBackward, [EditorChange(action: .deleteBackward, textChanged: true, selectionChanged: true)]) {
            $0.plainText = "a"
            $0.selection = 1..<1
            $0.unitCount = 1
            $0.canUndo = true
        }
        s.send(.undo, [EditorChange(action: .undo, textChanged: true, selectionChanged: true)]) {
            $0.plainText = "a[笑哭]"
            $0.selection = 2..<2
            $0.unitCount = 2
            $0.canUndo = false
        }
        s.send(.setCaret(0), [EditorChange(action: .select, selectionChanged: true)]) { $0.selection = 0..<0 }
        s.send(.deleteBackward)   // nothing before the caret: no change, no event
    }

    @Test func aSelectionOutsideTheTextIsATypedError() {
        var s = store("ab")
        var threw = false
        var probe = TestStore(TextEditor(catalog: catalog, text: "ab"), observe: EditorObservation.init,
                              reduce: reduceEditor, report: { f, _ in if case .threw = f { threw = true } })
        probe.send(.setSelection(1..<9))
        #expect(threw)
        s.send(.setSelection(0..<2), [EditorChange(action: .select, selectionChanged: true)]) { $0.selection = 0..<2 }
    }
}
