import SimCore
import Testing
@testable import Raster

/// `TextLayout.update(to:)` must give exactly the layout built from scratch, for any
/// edit: random edit sequences over text with inline emoji (two sizes), newlines (LF,
/// CR, CRLF), spaces, CJK and kinsoku punctuation, combining marks, ZWJ sequences and
/// regional indicators, at several widths; typing at the end, deletes in the middle,
/// pastes, replacements and runs split differently.
@Suite struct TextLayoutIncrementalTests {
    /// A piece of the document: a few scalars, or an inline emoji.
    enum Token: Equatable {
        case text(String)
        case emoji(InlineEmoji)
    }

    static let alphabet: [String] = [
        "a", "b", "x", "Word", " ", " ", "  ", "\t", "\n", "\r", "\r\n", "\u{2028}", "-", ".", ",", "3", "1,000",
        "中", "文", "。", "，", "「", "」", "（", "ー", "e", "\u{301}", "\u{200D}", "👨", "👩", "\u{1F1E6}", "\u{1F1E8}",
        "\u{1F1FA}", "\u{200B}", "\u{FE0F}", "❤", "Ω", "ж", "\u{3000}", "…", "!", "(", "한", "\u{1100}", "\u{1161}",
        // What UAX #14 looks far back or ahead for: prefixes and postfixes of numbers,
        // quotation marks, B2 dashes, no-break spaces, the katakana middle dot.
        "$", "%", "\"", ")", "0", "/", "\u{2014}", "\u{A0}", "・", "\u{1F3FB}",
    ]
    static let emoji: [InlineEmoji] = [
        InlineEmoji(code: "f056", imageName: "f056", label: "laugh"),
        InlineEmoji(code: "笑哭", imageName: "xk", label: "cry", size: Size(width: 24, height: 20)),
        InlineEmoji(code: "😀", label: "grin", glyph: "😀"),
    ]

    /// An edit can change a break opportunity far from it: "(" then spaces forbids a break
    /// before the word after them (LB14), a letter there allows it again.
    @Test func anEditChangesABreakPastASpaceRun() {
        let width = 6.0 * 8
        var l = TextLayout([.text("ab(" + String(repeating: " ", count: 8) + "cdefgh")], maxWidth: width)
        for text in ["abx" + String(repeating: " ", count: 8) + "cdefgh", "ab(" + String(repeating: " ", count: 8) + "cdefgh",
                     "1" + String(repeating: " ", count: 8) + ")", "1" + String(repeating: " ", count: 8) + "x"] {
            l.update(to: [.text(text)])
            #expect(l == TextLayout([.text(text)], maxWidth: width))
            #expect(l.classes.map { $0.breaksBefore } == TextLayout([.text(text)], maxWidth: width).classes.map { $0.breaksBefore })
        }
    }

    static func randomToken(_ rng: inout SeededRandom) -> Token {
        if rng.int(in: 0..<8) == 0 { return .emoji(emoji[rng.int(in: 0..<emoji.count)]) }
        return .text(alphabet[rng.int(in: 0..<alphabet.count)])
    }

    /// Adjacent text merged into one run (as RichText does), or with `split`, text runs
    /// cut at random token boundaries as well.
    static func runs(_ tokens: [Token], split: Bool, _ rng: inout SeededRandom) -> [InlineRun] {
        var out: [InlineRun] = []
        var text = ""
        for t in tokens {
            switch t {
            case .text(let s):
                text += s
                if split && rng.int(in: 0..<6) == 0 { out.append(.text(text)); text = "" }
            case .emoji(let e):
                if !text.isEmpty { out.append(.text(text)); text = "" }
                out.append(.emoji(e))
            }
        }
        if !text.isEmpty { out.append(.text(text)) }
        return out
    }

    static func edit(_ tokens: inout [Token], _ rng: inout SeededRandom) {
        let n = tokens.count
        switch rng.int(in: 0..<10) {
        case 0, 1, 2: // type at the end
            tokens.append(randomToken(&rng))
        case 3: // backspace at the end
            if n > 0 { tokens.removeLast() }
        case 4: // type in the middle
            tokens.insert(randomToken(&rng), at: rng.int(in: 0...n))
        case 5: // delete a range in the middle
            if n > 0 {
                let a = rng.int(in: 0..<n)
                tokens.removeSubrange(a..<min(n, a + rng.int(in: 1...4)))
            }
        case 6: // paste
            let paste = (0..<rng.int(in: 1...30)).map { _ in randomToken(&rng) }
            tokens.insert(contentsOf: paste, at: rng.int(in: 0...n))
        case 7: // replace a selection
            if n > 0 {
                let a = rng.int(in: 0..<n), b = min(n, a + rng.int(in: 0...6))
                tokens.replaceSubrange(a..<b, with: (0..<rng.int(in: 0...3)).map { _ in randomToken(&rng) })
            }
        case 8: // clear sometimes, else type
            if rng.int(in: 0..<20) == 0 { tokens.removeAll() } else { tokens.append(randomToken(&rng)) }
        default: // delete at the front
            if n > 0 { tokens.removeFirst(min(n, rng.int(in: 1...2))) }
        }
    }

    static func expectSame(_ inc: TextLayout, _ full: TextLayout, _ context: String) {
        #expect(inc == full, "\(context)")
        #expect(inc.classes == full.classes && inc.widths == full.widths, "\(context)")
        #expect(inc.byteOffsets == full.byteOffsets, "\(context)")
        #expect(inc.runStarts == full.runStarts, "\(context)")
        #expect(inc.offsets == full.offsets, "\(context)")
    }

    @Test(arguments: [8.0, 24, 40, 100, 163, .infinity])
    func randomEditsMatchAFullLayout(width: Double) {
        var rng = SeededRandom(seed: UInt64(width.isFinite ? width : 9999))
        var failures = 0
        for sequence in 0..<12 {
            var tokens: [Token] = (0..<rng.int(in: 0...40)).map { _ in Self.randomToken(&rng) }
            let split = sequence % 3 == 0
            var layout = TextLayout(Self.runs(tokens, split: split, &rng), maxWidth: width)
            for step in 0..<40 {
                Self.edit(&tokens, &rng)
                let runs = Self.runs(tokens, split: split, &rng)
                layout.update(to: runs)
                let full = TextLayout(runs, maxWidth: width)
                if layout != full || layout.byteOffsets != full.byteOffsets || layout.runStarts != full.runStarts {
                    failures += 1
                    Self.expectSame(layout, full, "width \(width) sequence \(sequence) step \(step): \(runs)")
                    layout = full
                    if failures > 3 { return }
                }
            }
        }
    }

    /// Why relayout starts two lines before the edit: a line's break can hinge on the
    /// element that starts the line after the next. "\u{200B}bbbbb" fills 40 pt exactly;
    /// the X that followed pushed "bbbbb" down (no break opportunity inside it) and was
    /// itself broken off by character. Deleting the X lets everything fit on line 0.
    @Test func anEditCanChangeTheLineTwoAbove() {
        let before = "\u{200B}bbbbbX", after = "\u{200B}bbbbb"
        var layout = TextLayout(before, maxWidth: 40)
        #expect(layout.lines.map(\.range) == [0..<1, 1..<6, 6..<7])
        layout.update(to: [.text(after)])
        #expect(layout.lines.map(\.range) == [0..<6])
        #expect(layout == TextLayout(after, maxWidth: 40))
    }

    /// Random edits over a small alphabet that makes exact fits and unbreakable words
    /// common (8 pt cells, 40 pt lines).
    @Test func randomEditsOfExactFits() {
        let small: [Token] = [.text("b"), .text("b"), .text("\u{200B}"), .text("X"), .text(" "), .text("中"), .text("\n"),
                              .emoji(Self.emoji[1])]
        var rng = SeededRandom(seed: 2024)
        for _ in 0..<20 {
            var tokens: [Token] = []
            var layout = TextLayout([], maxWidth: 40)
            for _ in 0..<40 {
                let n = tokens.count
                switch rng.int(in: 0..<4) {
                case 0: tokens.append(small[rng.int(in: 0..<small.count)])
                case 1: tokens.insert(small[rng.int(in: 0..<small.count)], at: rng.int(in: 0...n))
                case 2: if n > 0 { tokens.remove(at: rng.int(in: 0..<n)) }
                default: if n > 0 { tokens.removeLast() }
                }
                let runs = Self.runs(tokens, split: false, &rng)
                layout.update(to: runs)
                let full = TextLayout(runs, maxWidth: 40)
                #expect(layout == full, "\(runs)")
                if layout != full { return }
            }
        }
    }

    @Test func queriesAgreeAfterEdits() {
        var rng = SeededRandom(seed: 42)
        var tokens: [Token] = []
        var layout = TextLayout([], maxWidth: 64)
        for _ in 0..<300 {
            Self.edit(&tokens, &rng)
            let runs = Self.runs(tokens, split: false, &rng)
            layout.update(to: runs)
            let full = TextLayout(runs, maxWidth: 64)
            for p in stride(from: 0, through: full.positionCount, by: max(1, full.positionCount / 7)) {
                #expect(layout.caretRect(at: p) == full.caretRect(at: p))
                #expect(layout.lineIndex(for: p) == full.lineIndex(for: p))
            }
            #expect(layout.size == full.size)
        }
    }

    @Test func truncatingLayoutsUpdateToo() {
        var rng = SeededRandom(seed: 7)
        var tokens: [Token] = []
        var layout = TextLayout([], maxWidth: 40, maxLines: 2)
        for _ in 0..<100 {
            Self.edit(&tokens, &rng)
            let runs = Self.runs(tokens, split: false, &rng)
            layout.update(to: runs)
            #expect(layout == TextLayout(runs, maxWidth: 40, maxLines: 2))
        }
    }

    /// The regression for issue 18's quadratic typing: each keystroke at the end of a
    /// long text breaks a bounded number of lines, not the whole text.
    @Test func typingAtTheEndBreaksAFewLines() {
        var text = ""
        var layout = TextLayout(text, maxWidth: 100)
        var most = 0
        for i in 0..<1500 {
            text.append(i % 7 == 6 ? " " : (i % 50 == 49 ? "\n" : "x"))
            layout.update(to: [.text(text)])
            most = max(most, layout.linesBrokenByLastUpdate)
        }
        #expect(layout.lines.count > 150)
        #expect(most <= 4)
        #expect(layout == TextLayout(text, maxWidth: 100))
    }

    /// An edit in the middle re-breaks only the lines around it (the rest move).
    @Test func anEditInTheMiddleBreaksAFewLines() {
        let text = String(repeating: "word word word\n", count: 500)
        var layout = TextLayout(text, maxWidth: 64)
        var edited = text
        edited.insert("x", at: edited.index(edited.startIndex, offsetBy: 3000))
        layout.update(to: [.text(edited)])
        #expect(layout.linesBrokenByLastUpdate <= 4)
        #expect(layout == TextLayout(edited, maxWidth: 64))
    }
}
