import Testing
import SimCore
@testable import EmojiText

/// The incremental editor (a splice re-parses a window, undo stores edits) against the
/// editor that re-parsed the whole text on every call (`ReferenceEditor`, the code as it
/// was), call for call on seeded random sequences: the same text, units, selection,
/// marked range, undo/redo availability and `EditorChange`s; and its units equal a parse
/// of the whole text from scratch after every call.
@Suite struct TextEditorIncrementalTests {
    let catalog = EmojiCatalog.demo

    /// Pieces that form or break placeholders at an edit's boundary (`[笑` + `哭]`),
    /// emoji sequences that extend or split (ZWJ, skin tones, flags, keycaps, combining
    /// marks), CJK and long plain stretches (so windows start well inside the text).
    static let pieces = ["a", "x", " ", "\n", "你", "笑", "哭", "[", "]", "[笑", "哭]", "笑哭]", "[笑哭", "[笑哭]", "[微笑]",
                         "[f056]", "[f09f9884]", "f09f", "9884]", "[nope]", "😄", "👋", "🏽", "\u{200D}", "\u{FE0F}",
                         "\u{20E3}", "1", "#", "🇦", "🇷", "🇺", "🇸", "\u{301}", "e", "👨", "👩", "👧", "\r", "[[", "]]",
                         "⭐", "\u{600}", "word ", String(repeating: "x", count: 150), String(repeating: "ab ", count: 60),
                         "[" + String(repeating: "a", count: 127), String(repeating: "b", count: 126) + "]"]

    func randomText(_ rng: inout SeededRandom) -> String {
        var s = ""
        for _ in 0..<rng.int(in: 1...3) { s += rng.element(of: Self.pieces)! }
        return s
    }

    func compare(_ e: TextEditor, _ r: ReferenceEditor, _ context: @autoclosure () -> String) -> Bool {
        var ok = true
        func check(_ c: Bool, _ what: String) {
            if !c { ok = false; Issue.record("\(what): \(context())") }
        }
        check(e.plainText.utf8.elementsEqual(r.plainText.utf8), "text")
        check(e.units == r.units, "units")
        check(e.units == UnitMap(RichText(parsing: e.plainText, catalog: catalog)).units, "units vs full parse")
        check(e.richText == RichText(parsing: e.plainText, catalog: catalog), "attachments vs full parse")
        check(e.selection == r.selection, "selection \(e.selection) vs \(r.selection)")
        check(e.markedRange == r.markedRange, "marked range")
        check(e.canUndo == r.canUndo && e.canRedo == r.canRedo, "undo/redo availability")
        check(e.isSendable == r.isSendable, "sendable")
        for m in TextMeasure.allCases {
            check(e.unitMap.plainLength(in: m) == r.unitMap.plainLength(in: m), "length in \(m)")
        }
        check(e.invariantViolations(.full).isEmpty, "full check: \(e.invariantViolations(.full))")
        check(e.invariantViolations(.lastEdit).isEmpty, "local check: \(e.invariantViolations(.lastEdit))")
        return ok
    }

    func run(seed: UInt64, sequences: Int, steps: Int, configuration: TextEditor.Configuration) {
        var rng = SeededRandom(seed: seed)
        var emojis = catalog.emojis
        for x in catalog.emojis { emojis += catalog.variants(of: x) }
        for sequence in 0..<sequences {
            var initial = ""
            for _ in 0..<rng.int(in: 0...4) { initial += randomText(&rng) }
            var e = TextEditor(catalog: catalog, text: initial, configuration: configuration)
            var r = ReferenceEditor(catalog: catalog, text: initial, configuration: configuration)
            var board = Pasteboard(), rboard = Pasteboard()
            var log: [String] = []
            guard compare(e, r, "seed \(seed) sequence \(sequence) start") else { return }
            for _ in 0..<steps {
                let op = rng.int(in: 0...19)
                log.append(String(op))
                let a: EditorChange, b: EditorChange
                switch op {
                case 0, 1, 2:
                    let t = randomText(&rng)
                    a = e.insertText(t); b = r.insertText(t)
                case 3:
                    let x = rng.element(of: emojis)!
                    a = e.insertEmoji(x); b = r.insertEmoji(x)
                case 4, 5: a = e.deleteBackward(); b = r.deleteBackward()
                case 6: a = e.deleteForward(); b = r.deleteForward()
                case 7, 8:
                    let p = rng.int(in: 0...e.unitCount)
                    a = (try? e.setCaret(p)) ?? EditorChange(action: .copy); b = (try? r.setCaret(p)) ?? EditorChange(action: .copy)
                case 9:
                    let x = rng.int(in: 0...e.unitCount), y = rng.int(in: 0...e.unitCount)
                    a = (try? e.setSelection(min(x, y)..<max(x, y))) ?? EditorChange(action: .copy)
                    b = (try? r.setSelection(min(x, y)..<max(x, y))) ?? EditorChange(action: .copy)
                case 10:
                    let n = e.plainText.utf16.count
                    let x = rng.int(in: 0...n), y = rng.int(in: 0...n)
                    a = e.setSelection(plainRange: min(x, y)..<max(x, y)); b = r.setSelection(plainRange: min(x, y)..<max(x, y))
                case 11: a = e.cut(to: &board); b = r.cut(to: &rboard)
                case 12:
                    e.copy(to: &board); r.copy(to: &rboard)
                    a = EditorChange(action: .copy); b = a
                case 13: a = e.paste(from: board); b = r.paste(from: rboard)
                case 14: a = e.undo(); b = r.undo()
                case 15: a = e.redo(); b = r.redo()
                case 16:
                    let m = ["n", "ni", "hao", "[笑", "哭]", "😄", "[", "]", "\u{301}"][rng.int(in: 0...8)]
                    a = e.setMarkedText(m); b = r.setMarkedText(m)
                case 17:
                    if rng.bool() { a = e.commitMarkedText(); b = r.commitMarkedText() } else { a = e.cancelMarkedText(); b = r.cancelMarkedText() }
                case 18: a = e.selectAll(); b = r.selectAll()
                default:
                    let d = rng.int(in: -3...3)
                    a = e.moveCaret(by: d); b = r.moveCaret(by: d)
                }
                #expect(a == b, "change \(a) vs \(b): seed \(seed) sequence \(sequence) ops \(log)")
                guard compare(e, r, "seed \(seed) sequence \(sequence) ops \(log)") else { return }
            }
            let (ts, _) = e.send(), (rs, _) = r.send()
            #expect(ts == rs)
        }
    }

    @Test func matchesTheWholeTextEditorOnRandomSequences() {
        run(seed: 0x1C4E, sequences: 80, steps: 30, configuration: .init(undoLimit: nil))
    }

    @Test func matchesWithALengthLimitAndAnUndoLimit() {
        run(seed: 0x5EED, sequences: 60, steps: 30, configuration: .init(maximumLength: 40, undoLimit: 5))
        run(seed: 0x0F16, sequences: 50, steps: 30, configuration: .init(maximumLength: 30, lengthMeasure: .utf16))
    }

    /// Boundary cases found while building the splice, each a regression test.
    @Test func boundaryCases() {
        func typed(_ pieces: [String], caret: Int? = nil) -> TextEditor {
            var e = TextEditor(catalog: catalog)
            for p in pieces { e.insertText(p) }
            return e
        }
        // `]` after `[笑哭` completes the emoji; the unit before it is re-parsed.
        var e = typed(["[笑哭"])
        #expect(e.unitCount == 3)
        e.insertText("]")
        #expect(e.unitCount == 1 && e.units[0].attachment?.emoji.code != nil)
        // A caret placed inside the emoji's placeholder is widened to the whole emoji.
        e = typed(["ab [笑哭] cd"])
        e.setSelection(plainRange: 5..<5, in: .utf16) // between 笑 and 哭, inside the emoji: widened
        #expect(e.selection == 3..<4)
        // `[` typed before `笑哭]` forms the emoji too (the window reaches forward).
        e = typed(["笑哭] tail"])
        _ = try? e.setCaret(0)
        e.insertText("[")
        #expect(e.units[0].attachment != nil && e.caret == 1)
        // A combining mark after an emoji un-makes it; deleting the mark restores it.
        e = typed(["😄"])
        #expect(e.units[0].attachment != nil)
        e.moveCaret(by: 0) // a new undo step
        e.insertText("\u{301}")
        #expect(e.units.count == 1 && e.units[0].attachment == nil)
        e.undo()
        #expect(e.units.count == 1 && e.units[0].attachment != nil)
        // Regional indicators re-pair from the start of their run.
        e = typed(["🇦🇷🇺🇸"])
        _ = try? e.setCaret(0)
        e.insertText("🇸")
        #expect(e.units == UnitMap(RichText(parsing: e.plainText, catalog: catalog)).units)
        // A placeholder body of 128 bytes is the longest; one more byte typed in front breaks it.
        let long = "[" + String(repeating: "a", count: 128) + "]"
        e = typed([long])
        #expect(e.units == UnitMap(RichText(parsing: e.plainText, catalog: catalog)).units)
        for check in [TextEditor.CheckExtent.full, .lastEdit] { #expect(e.invariantViolations(check).isEmpty) }
    }

    /// The stand-in `InputBar.reduce` leaves in the old state: empty, same catalog and
    /// configuration, and the editor it stands for is untouched.
    @Test func parkedEditorIsEmpty() {
        var e = TextEditor(catalog: catalog, text: "abc [笑哭]", configuration: .init(maximumLength: 20))
        e.insertText("d")
        let p = e.parked()
        #expect(p.plainText.isEmpty && p.unitCount == 0 && p.selection == 0..<0 && !p.canUndo && !p.canRedo)
        #expect(p.configuration == e.configuration && p.invariantViolations(.full).isEmpty)
        #expect(e.plainText == "abc [笑哭]d" && e.canUndo)
        var q = p
        q.insertText("[微笑]")
        #expect(q.units.count == 1 && q.units[0].attachment != nil)
    }

    /// A long run of typing is one undo step holding the typed text only, and undo
    /// restores the text before it.
    @Test func typingIsOneUndoStepOfItsOwnText() {
        var e = TextEditor(catalog: catalog, text: "start ")
        for _ in 0..<2000 { e.insertText("x") }
        e.insertText("[笑")
        e.insertText("哭]")
        #expect(e.units.last?.attachment != nil)
        e.undo()
        #expect(e.plainText == "start " && e.caret == 6)
        e.redo()
        #expect(e.plainText == "start " + String(repeating: "x", count: 2000) + "[笑哭]")
        for _ in 0..<5 { e.deleteBackward() }
        e.undo()
        #expect(e.plainText.hasSuffix("[笑哭]"))
    }
}
