import SimCore
import Testing
@testable import Raster

@Suite struct TextLayoutTests {
    func lines(_ l: TextLayout) -> [String] { l.lines.indices.map { l.text(ofLine: $0) } }

    @Test func widthsFollowTheBitmapFont() {
        #expect(CharacterWidth.of("a" as Character) == .narrow)
        #expect(CharacterWidth.of("中" as Character) == .wide)
        #expect(CharacterWidth.of("，" as Character) == .wide)
        #expect(CharacterWidth.of("😀" as Character) == .wide)
        #expect(CharacterWidth.of("❤️" as Character) == .wide)        // U+2764 + VS16
        #expect(CharacterWidth.of("❤" as Character) == .narrow)       // text presentation
        #expect(CharacterWidth.of("🇯🇵" as Character) == .wide)
        #expect(CharacterWidth.of("1️⃣" as Character) == .wide)
        #expect(CharacterWidth.of("👨‍👩‍👧" as Character) == .wide)
        #expect(CharacterWidth.of("é" as Character) == .narrow)       // e + combining acute
        #expect(CharacterWidth.of("\u{200B}" as Character) == .zero)
        #expect(CharacterWidth.of("─" as Character) == .narrow)
        #expect(CharacterWidth.of("ｱ" as Character) == .narrow)        // halfwidth katakana
        #expect(CharacterWidth.of("Ａ" as Character) == .wide)         // fullwidth A
        #expect(CharacterWidth.of("가" as Character) == .wide)
    }

    @Test func metricsOfMixedText() {
        let l = TextLayout("ab中😀")
        #expect(l.size == Size(width: 8 + 8 + 16 + 16, height: 16))
        #expect(l.offsets == [0, 8, 16, 32])
    }

    @Test func wrapsLatinAtSpaces() {
        let l = TextLayout("hello world foo", maxWidth: 11 * 8)
        #expect(lines(l) == ["hello world", "foo"])
        #expect(l.lines[0].frame.width == 88)
        #expect(l.lines[1].frame.minY == 16)
        #expect(l.size.height == 32)
    }

    @Test func trailingSpacesHang() {
        let l = TextLayout("abc    def", maxWidth: 3 * 8)
        #expect(lines(l) == ["abc", "def"])
        #expect(l.lines[0].range == 0..<7)
        #expect(l.lines[0].frame.width == 24)
    }

    @Test func breaksAfterPunctuationButNotInNumbers() {
        #expect(lines(TextLayout("well-known", maxWidth: 7 * 8)) == ["well-", "known"])
        #expect(lines(TextLayout("a,b", maxWidth: 2 * 8)) == ["a,", "b"])
        // 3.14 has no break opportunity: it is broken by character.
        #expect(lines(TextLayout("x 3.1415", maxWidth: 4 * 8)) == ["x", "3.14", "15"])
    }

    @Test func breaksBetweenCJKIdeographsWithKinsoku() {
        #expect(lines(TextLayout("今天天气很好", maxWidth: 4 * 16)) == ["今天天气", "很好"])
        // A full-width comma never starts a line: it pulls the previous ideograph along.
        #expect(lines(TextLayout("今天天，气很好", maxWidth: 3 * 16)) == ["今天", "天，气", "很好"])
        // An opening bracket never ends a line.
        #expect(lines(TextLayout("我们「好", maxWidth: 3 * 16)) == ["我们", "「好"])
    }

    /// Opportunities are UAX #14's at element boundaries (the breaker itself is checked
    /// against LineBreakTest.txt): the cases issue 43 found wrong with the old rules.
    @Test func breakOpportunitiesAreUAX14s() {
        func opportunities(_ s: String) -> [Bool] { TextLayout(s).classes.map { $0.breaksBefore } }
        // No break before ・ (NS) after kanji or katakana, nor before - after kana or hangul.
        #expect(opportunities("漢字・カナ") == [false, true, false, true, true])
        #expect(opportunities("カ-한-") == [false, false, true, false])
        // No break before ! , ) } after a space (LB13): the punctuation never starts a line.
        #expect(opportunities("a !") == [false, false, false])
        #expect(opportunities("a )") == [false, false, false])
        #expect(lines(TextLayout("x ab !", maxWidth: 5 * 8)) == ["x", "ab !"])
        // A break before a number after a letter and a full stop (no number before it).
        #expect(opportunities("a.2") == [false, false, true])
        #expect(opportunities("3.14") == [false, false, false, false])
        // Prefix, number, postfix stay together (LB25); a quotation mark binds both ways.
        #expect(opportunities("$(12)%") == [false, false, false, false, false, false])
        #expect(opportunities("한\"") == [false, false])
        // An inline emoji is an attachment (U+FFFC, CB): breaks on both sides, not before a comma.
        let runs: [InlineRun] = [.text("a"), .emoji(code: "f056", imageName: "f056.gif", label: "x"), .text("，b")]
        #expect(TextLayout(runs).classes.map { $0.breaksBefore } == [false, true, false, true])
    }

    /// Magnified metrics scale advances and line height, and the pixel rasterizer draws
    /// each font pixel that much larger (nearest neighbour, in integers).
    @Test func magnifiedTextDrawsGlyphsLarger() {
        let m = FontMetrics.unifont16.magnified(1.25)
        #expect(m.magnification == 1.25 && m.halfWidth == 10 && m.fullWidth == 20 && m.lineHeight == 20)
        #expect(m.emojiSize == Size(width: 20, height: 20))
        #expect(FontMetrics.unifont16.magnified(.nan) == FontMetrics.unifont16)
        #expect(FontMetrics.unifont16.magnified(9).magnification == 4)
        let font = try! BitmapFont(parsingHex: Array("0049:00000000007C1010101010101010107C\n".utf8))
        func inkColumns(_ metrics: FontMetrics) -> Int {
            var list = DisplayList(width: 20, height: 20)
            list.text(TextLayout("I", metrics: metrics), at: Point(x: 0, y: 0))
            let img = PixelCanvas.render(list, options: PixelRenderOptions(scale: 3, theme: .light, font: font))
            var cols = Set<Int>()
            for y in 0..<img.height { for x in 0..<img.width where img[x, y].r != img[0, 0].r { cols.insert(x) } }
            return cols.count
        }
        let plain = inkColumns(.unifont16), big = inkColumns(m)
        // The bar of "I" spans font columns 1...5: 15 pixels at scale 3; magnified, column c
        // covers [floor(15c / 4), floor(15(c + 1) / 4)): 3..<22, 19 pixels.
        #expect(plain == 15 && big == 19, "plain \(plain) magnified \(big)")
    }

    @Test func mixedLatinAndCJKBreakAtTheBoundary() {
        #expect(lines(TextLayout("abc中文", maxWidth: 5 * 8)) == ["abc中", "文"])
        #expect(lines(TextLayout("中文abc def", maxWidth: 6 * 8)) == ["中文", "abc", "def"])
    }

    @Test func overLongWordsBreakByCharacterNeverInsideAGraphemeCluster() {
        #expect(lines(TextLayout("abcdefghij", maxWidth: 4 * 8)) == ["abcd", "efgh", "ij"])
        let flags = TextLayout("🇯🇵🇫🇷🇩🇪", maxWidth: 40)
        #expect(lines(flags) == ["🇯🇵🇫🇷", "🇩🇪"])
        #expect(flags.positionCount == 3)
        // Narrower than one glyph: one glyph a line, never an endless loop.
        #expect(lines(TextLayout("ab", maxWidth: 3)) == ["a", "b"])
    }

    @Test func hardNewlinesAreKept() {
        let l = TextLayout("a\n\nb\n")
        #expect(lines(l) == ["a", "", "b", ""])
        #expect(l.lines[0].endsWithNewline)
        #expect(l.size.height == 64)
        #expect(lines(TextLayout("a\r\nb")) == ["a", "b"])
    }

    @Test func inlineEmojiAreAtomicWideElements() {
        let runs: [InlineRun] = [.text("hi"), .emoji(code: "f056", imageName: "f056.gif", label: "笑哭"), .text("ok")]
        let l = TextLayout(runs)
        #expect(l.positionCount == 5)
        #expect(l.size == Size(width: 48, height: 16))
        #expect(lines(l) == ["hi{f056}ok"])
        let big = TextLayout(runs, metrics: FontMetrics.unifont16.withEmojiSize(Size(width: 24, height: 24)))
        #expect(big.size == Size(width: 56, height: 24))
        // Text is centred vertically on a taller line.
        #expect(big.lines[0].glyphs[0].frame.minY == 4)
        // Breaks before and after an emoji.
        let wrapped = TextLayout(runs, maxWidth: 24)
        #expect(lines(wrapped) == ["hi", "{f056}", "ok"])
    }

    @Test func maxLinesEndsWithAnEllipsisThatFits() {
        let l = TextLayout("one two three four five", maxWidth: 9 * 8, maxLines: 2)
        #expect(lines(l) == ["one two", "three…"])
        #expect(l.isTruncated)
        #expect(l.lines.count == 2)
        let tight = TextLayout("abcdefgh ijk", maxWidth: 8 * 8, maxLines: 1)
        #expect(lines(tight) == ["abcdefg…"])
        #expect(tight.size.width <= 64)
        let fits = TextLayout("short", maxWidth: 80, maxLines: 1)
        #expect(!fits.isTruncated)
        #expect(lines(fits) == ["short"])
    }

    @Test func caretRectsAndHitTestingRoundTrip() {
        let l = TextLayout("ab 中文\nxyz", maxWidth: 6 * 8)
        #expect(lines(l) == ["ab 中", "文", "xyz"])
        #expect(l.caretRect(at: 0) == Rect(x: 0, y: 0, width: 2, height: 16))
        #expect(l.caretRect(at: 3) == Rect(x: 24, y: 0, width: 2, height: 16))
        #expect(l.caretRect(at: 4) == Rect(x: 0, y: 16, width: 2, height: 16))
        #expect(l.caretRect(at: 5) == Rect(x: 16, y: 16, width: 2, height: 16))   // before the newline
        #expect(l.caretRect(at: 9) == Rect(x: 24, y: 32, width: 2, height: 16))   // end of text
        #expect(l.caretRect(at: 99) == l.caretRect(at: 9))
        // Every caret position is found again by hitting its caret.
        for p in 0...l.positionCount {
            let r = l.caretRect(at: p)
            #expect(l.position(at: Point(x: r.minX + 1, y: r.midY)) == p, "position \(p)")
        }
        // Left half of a glyph lands before it, right half after it.
        #expect(l.position(at: Point(x: 27, y: 8)) == 3)
        #expect(l.position(at: Point(x: 33, y: 8)) == 4)
        #expect(l.position(at: Point(x: 500, y: 40)) == 9)
        #expect(l.position(at: Point(x: -5, y: -5)) == 0)
        // Past a soft wrap after a space: the caret stays on the line, before the space.
        let spaced = TextLayout("abc def", maxWidth: 4 * 8)
        #expect(spaced.position(at: Point(x: 500, y: 8)) == 3)
    }

    @Test func selectionRectsSpanLines() {
        let l = TextLayout("abc def", maxWidth: 4 * 8)
        #expect(l.selectionRects(for: 1..<6) == [
            Rect(x: 8, y: 0, width: 24, height: 16),
            Rect(x: 0, y: 16, width: 16, height: 16),
        ])
        #expect(l.selectionRects(for: 2..<2).isEmpty)
    }

    @Test func emptyTextHasOneEmptyLine() {
        let l = TextLayout("")
        #expect(l.lines.count == 1)
        #expect(l.size == Size(width: 0, height: 16))
        #expect(l.caretRect(at: 0) == Rect(x: 0, y: 0, width: 2, height: 16))
        #expect(l.position(at: Point(x: 10, y: 10)) == 0)
    }

    /// Property: for random texts and widths, no line is wider than the limit unless it
    /// holds a single element, lines tile the positions, and layout is deterministic.
    @Test func propertyLinesFitAndTile() {
        var rng = SeededRandom(seed: 42)
        let alphabet: [String] = ["a", "b", " ", "中", "文", "，", "。", "-", ".", "\n", "😀", "é", "「", "1"]
        for _ in 0..<400 {
            var runs: [InlineRun] = []
            for _ in 0..<rng.int(in: 0...(6 - 1)) {
                if rng.int(in: 0...(4 - 1)) == 0 {
                    runs.append(.emoji(code: "e", label: "e"))
                } else {
                    var s = ""
                    for _ in 0..<rng.int(in: 0...(12 - 1)) { s += alphabet[rng.int(in: 0...(alphabet.count - 1))] }
                    runs.append(.text(s))
                }
            }
            let width = Double(8 + rng.int(in: 0...(120 - 1)))
            let l = TextLayout(runs, maxWidth: width)
            var expected = 0
            for line in l.lines {
                #expect(line.range.lowerBound == expected)
                expected = line.range.upperBound
                let visible = line.glyphs.count
                #expect(line.frame.width <= width + 1e-9 || visible <= 1, "\(runs) at \(width)")
            }
            #expect(expected == l.positionCount)
            #expect(TextLayout(runs, maxWidth: width) == l)
        }
    }
}
