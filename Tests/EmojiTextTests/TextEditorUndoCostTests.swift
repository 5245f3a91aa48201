import Testing
@testable import EmojiText

/// Undo and redo cost O(edit), whatever the text's length (issue 26, item 6: `type "ab"`,
/// `undo`, `redo` repeated 8,000 times took 13 s in a debug build, quadratic, because
/// every undo rebuilt the whole plain text). Checked structurally, not timed: the plain
/// text's storage is edited in place (never copied), the re-parsed window and the
/// history stay the size of the edit.
@Suite struct TextEditorUndoCostTests {
    let catalog = EmojiCatalog.demo

    /// The address of the plain text's UTF-8 storage: the same address after an edit
    /// means the edit changed the bytes in place (no copy of the text).
    static func storage(_ e: TextEditor) -> UInt? {
        e.plainText.utf8.withContiguousStorageIfAvailable { $0.baseAddress.map { UInt(bitPattern: $0) } } ?? nil
    }

    @Test func undoAndRedoAtTheEndEditTheTextInPlace() {
        let base = String(repeating: "word [笑哭] ", count: 4_000)       // 48,000 bytes
        var e = TextEditor(catalog: catalog, text: base, configuration: .init(maximumLength: nil))
        e.insertText("ab")
        let address = Self.storage(e)
        #expect(address != nil)
        // The window reaches back at most the scanner's lookahead (to the last `[笑哭]`
        // here), whatever the text's length.
        let window = e.lookahead + 4
        for round in 0..<300 {
            e.undo()
            #expect(Self.storage(e) == address, "undo \(round) copied the text")
            #expect(e.lastSplice.count <= window, "undo \(round) re-parsed \(e.lastSplice.count) units")
            e.redo()
            #expect(Self.storage(e) == address, "redo \(round) copied the text")
            #expect(e.lastSplice.count <= window, "redo \(round) re-parsed \(e.lastSplice.count) units")
        }
        #expect(e.plainText == base + "ab")
        #expect(e.historyBytes == 2)
    }

    @Test func typeUndoRedoRoundsKeepAHistoryOfTheirOwnSize() {
        // The script: each round types "ab", undoes and redoes it, so the text
        // grows by two characters a round while each step stays two bytes.
        var e = TextEditor(catalog: catalog, configuration: .init(maximumLength: nil, undoLimit: 100))
        for round in 0..<2_000 {
            e.insertText("ab")
            e.undo()
            e.redo()
            #expect(e.lastSplice.count <= 4, "round \(round)")
        }
        #expect(e.plainText.utf8.count == 4_000)
        #expect(e.historyBytes <= 100 * 2)
        for _ in 0..<100 { e.undo() }
        #expect(e.plainText.utf8.count == 4_000 - 200)
    }

    /// In the middle the bytes after the edit move (a memmove, or the copy
    /// `String.replaceSubrange` makes there): what must stay small is the editor's own
    /// work, the window it re-parses.
    @Test func anEditInTheMiddleReparsesOnlyItsWindow() {
        var e = TextEditor(catalog: catalog, text: String(repeating: "xyz ", count: 10_000),
                           configuration: .init(maximumLength: nil))
        _ = try? e.setCaret(20_000)
        e.insertText("[微笑]")
        for _ in 0..<100 {
            e.undo()
            #expect(e.lastSplice.count <= 4)
            e.redo()
            #expect(e.lastSplice.count <= 4)
        }
        #expect(e.units[20_000].attachment != nil && e.unitCount == 40_001)
    }
}
