import Testing
@testable import EmojiText

/// The text view's default maximum and the pasteboard's bound (issue 26, item 3: a
/// 971-byte script doubling the text with select-all / copy / paste / paste aborted at
/// 1.8 GB because nothing bounded an input's length).
@Suite struct TextEditorLengthLimitTests {
    let catalog = EmojiCatalog.demo

    @Test func anEditorHasTheDocumentedDefaultMaximum() {
        #expect(TextEditor.defaultMaximumLength == 10_000)
        let e = TextEditor(catalog: catalog)
        #expect(e.configuration.maximumLength == TextEditor.defaultMaximumLength)
        #expect(e.remainingLength == 10_000)
        // nil still means no limit, for an app that wants one of its own.
        #expect(TextEditor(catalog: catalog, configuration: .init(maximumLength: nil)).remainingLength == nil)
    }

    @Test func doublingPastesStopAtTheMaximumAndSayTheyWereCut() {
        var e = TextEditor(catalog: catalog)
        var board = Pasteboard()
        e.insertText("x")
        var cutRounds = 0
        for _ in 0..<34 {
            e.selectAll()
            e.copy(to: &board)
            _ = e.moveCaret(by: 1)
            if e.paste(from: board).truncated { cutRounds += 1 }
            if e.paste(from: board).truncated { cutRounds += 1 }
        }
        #expect(e.length == TextEditor.defaultMaximumLength)
        #expect(e.plainText == String(repeating: "x", count: 10_000))
        #expect(cutRounds > 0)
        #expect(e.invariantViolations(.full).isEmpty)
    }

    @Test func aPasteIsCutAtAUnitBoundaryNeverInsideAnEmoji() {
        var e = TextEditor(catalog: catalog, text: String(repeating: "a", count: 9_998))
        let change = e.paste(from: Pasteboard(string: "b[笑哭]c"))
        // "b" fits; "[笑哭]" (4 characters in the server's count) does not, nor what follows.
        #expect(change.truncated && change.textChanged)
        #expect(e.plainText.hasSuffix("ab") && e.length == 9_999)
        // A paste into a full text changes nothing and still says it was cut.
        var full = TextEditor(catalog: catalog, text: String(repeating: "a", count: 10_000))
        let refused = full.paste(from: Pasteboard(string: "zz"))
        #expect(refused.truncated && !refused.textChanged && full.length == 10_000)
    }

    @Test func thePasteboardHoldsAtMostItsMaximum() {
        #expect(Pasteboard.maximumLength == 100_000)
        let long = String(repeating: "好", count: 250_000)
        let board = Pasteboard(string: long)
        #expect(board.string?.count == Pasteboard.maximumLength)
        var b = Pasteboard()
        b.string = String(repeating: "👨‍👩‍👧", count: 100_001)
        #expect(b.string?.count == Pasteboard.maximumLength && b.string?.last == "👨‍👩‍👧")
        b.string = "short"
        #expect(b.string == "short")
        // An editor with no maximum of its own still cannot be doubled past the
        // pasteboard: each paste adds at most `Pasteboard.maximumLength` characters.
        var e = TextEditor(catalog: catalog, text: String(repeating: "y", count: 150_000),
                           configuration: .init(maximumLength: nil))
        var board2 = Pasteboard()
        e.selectAll()
        e.copy(to: &board2)
        #expect(board2.string?.count == 100_000)
        _ = e.moveCaret(by: 1)
        e.paste(from: board2)
        #expect(e.length == 250_000)
    }
}
