import Testing
import SimCore
@testable import EmojiText

/// Random edit sequences (seeded, so failures replay) keep every editor invariant.
@Suite struct TextEditorPropertyTests {
    let catalog = EmojiCatalog.demo

    static let pieces = ["a", "Z", " ", "\n", "你", "好", "[", "]", "[微笑]", "[f056]", "[f09f9884]", "[nope]", "哈哈",
                         "😄", "👋", "🏽", "\u{200D}", "\u{FE0F}", "\u{20E3}", "1", "🇦", "🇷", "\u{301}", "e", "👨", "👩",
                         "\r", "[[", "f0", "9f", "]]", "⭐", "\u{600}"]

    func checkInvariants(_ e: TextEditor, _ context: @autoclosure () -> String) {
        let plain = e.plainText
        #expect(e.richText == RichText(parsing: plain, catalog: catalog), "rich is not the parse of plain: \(context())")
        #expect(e.richText.plainText == plain)
        #expect(e.units.map(\.plainText).joined() == plain, "units do not concatenate to plain: \(context())")
        #expect(e.selection.lowerBound >= 0 && e.selection.upperBound <= e.unitCount, "selection \(e.selection): \(context())")
        #expect(e.unitMap.plainLength(in: .utf16) == plain.utf16.count)
        #expect(e.unitMap.plainLength(in: .characters) == plain.count, "a unit splits a Character: \(context())")
        if let marked = e.markedRange {
            #expect(marked.lowerBound >= 0 && marked.upperBound <= e.unitCount)
            #expect(marked.lowerBound <= e.selection.lowerBound && e.selection.upperBound <= marked.upperBound,
                    "selection outside marked text: \(context())")
        }
        if let maxLength = e.configuration.maximumLength, !e.isComposing {
            #expect(e.length <= maxLength, "over the maximum: \(context())")
        }
    }

    func randomText(_ rng: inout SeededRandom) -> String {
        var s = ""
        for _ in 0..<rng.int(in: 1...4) { s += rng.element(of: Self.pieces)! }
        return s
    }

    func run(seed: UInt64, sequences: Int, steps: Int, configuration: TextEditor.Configuration) {
        var rng = SeededRandom(seed: seed)
        var emojis = catalog.emojis
        for e in catalog.emojis { emojis += catalog.variants(of: e) }
        for sequence in 0..<sequences {
            var initial = ""
            for _ in 0..<rng.int(in: 0...3) { initial += randomText(&rng) }
            var e = TextEditor(catalog: catalog, text: initial, configuration: configuration)
            let start = e.plainText
            var board = Pasteboard()
            var log: [String] = []
            checkInvariants(e, "seed \(seed) sequence \(sequence) start")
            for _ in 0..<steps {
                let op = rng.int(in: 0...17)
                log.append(String(op))
                switch op {
                case 0, 1: e.insertText(randomText(&rng))
                case 2: e.insertEmoji(rng.element(of: emojis)!)
                case 3, 4: e.deleteBackward()
                case 5: e.deleteForward()
                case 6:
                    let n = e.unitCount
                    let p = rng.int(in: -2...(n + 2))
                    do {
                        try e.setCaret(p)
                        #expect(p >= 0 && p <= n)
                    } catch {
                        #expect(p < 0 || p > n)
                    }
                case 7:
                    let a = rng.int(in: 0...e.unitCount), b = rng.int(in: 0...e.unitCount)
                    _ = try? e.setSelection(min(a, b)..<max(a, b))
                case 8:
                    let n = e.plainText.utf16.count
                    let a = rng.int(in: -1...(n + 1)), b = rng.int(in: -1...(n + 1))
                    e.setSelection(plainRange: min(a, b)..<max(a, b))
                case 9: e.selectAll()
                case 10: e.cut(to: &board)
                case 11: e.copy(to: &board)
                case 12: e.paste(from: board)
                case 13: e.undo()
                case 14: e.redo()
                case 15: e.setMarkedText(["n", "ni", "hao", "zh", "😄", "[", "]"][rng.int(in: 0...6)])
                case 16: _ = rng.bool() ? e.commitMarkedText() : e.cancelMarkedText()
                default: e.moveCaret(by: rng.int(in: -3...3))
                }
                checkInvariants(e, "seed \(seed) sequence \(sequence) ops \(log)")
            }
            e.commitMarkedText()
            let end = e.plainText
            var undos = 0
            while e.canUndo && undos < 10_000 { e.undo(); undos += 1 }
            #expect(e.plainText == start, "undo of everything: seed \(seed) sequence \(sequence) ops \(log)")
            // Steps undone before the end stay on the redo stack below ours: redo just ours.
            for _ in 0..<undos { e.redo() }
            #expect(e.plainText == end, "redo of everything: seed \(seed) sequence \(sequence) ops \(log)")
            checkInvariants(e, "seed \(seed) sequence \(sequence) after redo")
        }
    }

    @Test func randomEditSequencesKeepInvariants() {
        run(seed: 0xED17, sequences: 1000, steps: 25, configuration: .init(undoLimit: nil))
    }

    @Test func randomEditSequencesWithCharacterLimit() {
        run(seed: 0x11A1, sequences: 500, steps: 25, configuration: .init(maximumLength: 12, undoLimit: nil))
    }

    @Test func randomEditSequencesWithUTF16Limit() {
        run(seed: 0x16, sequences: 500, steps: 25, configuration: .init(maximumLength: 10, lengthMeasure: .utf16, undoLimit: nil))
    }
}
