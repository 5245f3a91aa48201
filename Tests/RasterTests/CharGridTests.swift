import SimCore
import Testing
@testable import Raster

@Suite struct CharGridTests {
    func grid(_ w: Double, _ h: Double, _ options: CharGridOptions = .unicode, _ build: (inout DisplayList) -> Void) -> String {
        var list = DisplayList(width: w, height: h)
        build(&list)
        return CharGrid(list, options: options).text
    }

    @Test func sizeIsRoundedUpToWholeCells() {
        let g = CharGrid(DisplayList(width: 375, height: 667))
        #expect(g.columns == 47)
        #expect(g.rows == 42)
        // Untrusted sizes are bounded.
        let huge = CharGrid(DisplayList(width: 1e12, height: .nan))
        #expect(huge.columns == 1024 && huge.rows == 0)
        #expect(CharGrid(DisplayList(width: .infinity, height: -3)).columns == 1024)
    }

    @Test func boxesAndFills() {
        let text = grid(80, 64) { l in
            l.fill(Rect(x: 0, y: 0, width: 80, height: 64), .background)
            l.border(Rect(x: 0, y: 0, width: 40, height: 48), .border)
            l.roundedRect(Rect(x: 48, y: 0, width: 32, height: 32), radius: 8, .bubbleIncoming)
            l.roundedRect(Rect(x: 48, y: 48, width: 32, height: 16), radius: 4, .key)
        }
        #expect(text == """
        ┌───┐ ╭──╮
        │   │ ╰──╯
        └───┘
              [  ]

        """)
    }

    @Test func textWideCharactersAndEllipsis() {
        let text = grid(64, 48) { l in
            l.text(TextLayout("ab 中文字 overflow", maxWidth: 64, maxLines: 2), at: Point(x: 0, y: 0))
        }
        #expect(text == "ab 中文\n字…\n\n")
    }

    @Test func imageEmojiUseTheirGlyphOrAShortCodeWithALegend() {
        let runs: [InlineRun] = [
            .text("a"), .emoji(code: "f056", imageName: "f056.gif", label: "笑哭"),
            .emoji(code: "😀", label: "grinning", glyph: "😀"),
            .emoji(code: "f057", imageName: "f057.png", label: "哈哈"),
            .emoji(code: "f056", imageName: "f056.gif", label: "笑哭"),
        ]
        let unicode = grid(96, 16) { l in l.text(TextLayout(runs), at: .zero) }
        // Codes come from the emoji (LegendCodes), listed in code order.
        #expect(unicode == "aQ1😀O2Q1\nlegend: O2=f057 \"哈哈\" Q1=f056 \"笑哭\"\n")
        let ascii = grid(96, 16, .ascii) { l in l.text(TextLayout(runs), at: .zero) }
        #expect(ascii == "aQ1D2O2Q1\nlegend: D2=U+1F600 \"grinning\" O2=f057 \"U+54C8U+54C8\" Q1=f056 \"U+7B11U+54ED\"\n")
        // A standalone image is a two-cell glyph centred in its frame.
        let image = grid(64, 32) { l in
            l.image(ImageRef(name: "f056.gif", code: "f056"), in: Rect(x: 16, y: 0, width: 32, height: 32), label: "笑哭")
        }
        #expect(image == "\n   Q1\nlegend: Q1=f056 \"笑哭\"\n")
    }

    @Test func asciiModeIsStrictSevenBit() {
        let text = grid(96, 48, .ascii) { l in
            l.border(Rect(x: 0, y: 0, width: 96, height: 48), radius: 4, .border)
            l.text(TextLayout("é中x", maxWidth: 80), at: Point(x: 8, y: 16))
        }
        #expect(text == "+----------+\n|???x      |\n+----------+\n")
        #expect(text.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test func caretSelectionAndStyleLayer() {
        let layout = TextLayout("hi you", maxWidth: 80)
        var list = DisplayList(width: 80, height: 32)
        list.fill(Rect(x: 0, y: 0, width: 80, height: 16), .inputBackground)
        list.fill(Rect(x: 0, y: 16, width: 80, height: 16), .key, state: [.disabled])
        for r in layout.selectionRects(for: 0..<3) { list.append(.selection(r, .selection)) }
        list.text(layout, at: .zero)
        list.append(.caret(layout.caretRect(at: 6), .caret))
        let g = CharGrid(list, options: .styled)
        #expect(g.text == """
        hi░you▏

        -- style --
        SSStttCnnn
        DDDDDDDDDD
        styles: C=caret D=disabled S=selected n=inputBackground t=text

        """)
        #expect(g.style(column: 1, row: 0) == "S")
        #expect(g.style(column: 3, row: 0) == "t")
        #expect(g[6, 0] == "▏")
    }

    @Test func wideCharacterCutInHalfIsRepaired() {
        let text = grid(32, 16) { l in
            l.text(TextLayout("中文"), at: .zero)
            l.fill(Rect(x: 8, y: 0, width: 8, height: 16), .background)
        }
        #expect(text == "  文\n")
    }

    @Test func clipsAndZeroOpacityHide() {
        let text = grid(64, 32) { l in
            l.clipped(to: Rect(x: 0, y: 0, width: 24, height: 16)) { l in
                l.text(TextLayout("abcdef\nghi"), at: .zero)
            }
            l.withOpacity(0) { l in l.text(TextLayout("zzz"), at: Point(x: 32, y: 0)) }
        }
        #expect(text == "abc\n\n")
    }

    @Test func linesAndCircles() {
        let text = grid(64, 48) { l in
            l.line(from: Point(x: 0, y: 8), to: Point(x: 64, y: 8), .separator)
            l.line(from: Point(x: 4, y: 16), to: Point(x: 4, y: 48), .separator)
            l.circle(Rect(x: 40, y: 28, width: 7, height: 7), .pageIndicatorCurrent, state: .selected)
        }
        #expect(text == "────────\n│    ●\n│\n")
    }

    @Test func sameListSameText() {
        let list = DisplayListTests.sample()
        #expect(CharGrid(list, options: .styled).text == CharGrid(list, options: .styled).text)
        var g = CharGrid(list)
        let first = g.text
        g.clear()
        g.draw(list)
        #expect(g.text == first)
    }
}

