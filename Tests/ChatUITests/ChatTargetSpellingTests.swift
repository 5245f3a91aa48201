import Testing
import Tester
import ChatHarness
import ChatUI

/// The chat screen's target kinds, as ChatHarness registers them: each Swift spelling
/// prints as the script writes it, and the regions are the panel and the list.
@Suite struct ChatTargetSpellingTests {
    @Test func everyChatKindPrintsItsScriptSpelling() {
        let cases: [(Finder, String)] = [
            (.input, "input"), (.inputAt(3), "input at 3"),
            (.selectionHandle(.end), "input.handle end"),
            (.toggle, "toggle"), (.send, "send"), (.list, "list"), (.outside, "outside"),
            (.panel, "panel"), (.delete, "panel.delete"),
            (.emoji("笑哭"), "panel.emoji 笑哭"), (.emoji("a b"), #"panel.emoji "a b""#),
            (.cell(row: 1, column: 2), "panel.cell 1 2"),
            (.tab(.index(2)), "panel.tab 2"), (.tab(.name("动图")), #"panel.tab "动图""#),
            (.pageDot(1), "panel.dot 1"), (.skinTone(3), "panel.skin-tone 3"),
            (.searchField, "panel.search"), (.row(4), "list.row 4"),
            (.nth(.within(.label("a"), .panel), 1), #"label "a" within panel nth 1"#),
        ]
        for (finder, spelling) in cases { #expect(finder.description == spelling) }
    }

    @Test func thePanelAndTheListAreTheRegions() {
        let regions = FinderVocabulary.chatScreen.kinds.filter(\.isRegion).map(\.kind)
        #expect(regions == ["list", "panel"])
        #expect(Finder.panel.isRegion && Finder.list.isRegion && !Finder.send.isRegion)
    }

    @Test func theHandleKindOffersEverySelectionEnd() {
        let handle = FinderVocabulary.chatScreen.kinds.first { $0.kind == "input.handle" }
        #expect(handle?.arguments == [.choice("a handle", SelectionHandleEnd.allCases.map(\.rawValue).joined(separator: "|"))])
    }
}
