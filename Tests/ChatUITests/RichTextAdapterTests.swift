import EmojiText
import Testing
import Raster
import SimCore
import ChatUI

// The RichText -> InlineRun adapter lives in ChatUI so that Raster does not depend on
// EmojiText (issue 15, item 4).

@Suite struct RichTextAdapterTests {
    @Test func positionsEqualRichTextUnits() {
        let rich = RichText(parsing: "hi[笑哭]ok😄\n中", catalog: .demo)
        let layout = TextLayout(rich)
        #expect(layout.positionCount == rich.unitCount)
        let runs = InlineRun.runs(from: rich)
        guard case .emoji(let smile) = runs[1] else { Issue.record("expected an emoji run, got \(runs)"); return }
        #expect(smile.code == "笑哭")
        #expect(smile.imageName != nil)
        #expect(smile.glyph == nil)
        #expect(smile.label == EmojiCatalog.demo.emoji(forCode: "笑哭")?.meaning())
        let unicode = runs.compactMap { run -> InlineEmoji? in if case .emoji(let e) = run, e.glyph != nil { return e }; return nil }
        #expect(unicode.map(\.glyph) == ["😄"])
        #expect(CharGrid(DisplayList(size: .init(width: 96, height: 32), items: [DisplayItem(.text(layout, origin: .zero, .text))])).text
            .hasPrefix("hii7ok😄\n中\n"))
    }
}
