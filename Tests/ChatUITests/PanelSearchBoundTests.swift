import Testing
import SimCore
import EmojiText
@testable import ChatUI

/// Issue 47 item 12: the panel's own search (a panel over groups, without a catalog)
/// lowercases its terms once and has the catalog's query bound.
@Suite struct PanelSearchBoundTests {
    static let groups = [
        PanelSection(name: "A", emoji: [
            Emoji(code: "smile", kind: .staticImage, imageName: "s.png", meanings: ["": "微笑", "en": "Smile"], keywords: ["happy"], group: "A"),
            Emoji(code: "long", kind: .staticImage, imageName: "l.png",
                  keywords: [String(repeating: "ab", count: 2_000)], group: "A"),
        ]),
        PanelSection(name: "B", emoji: [
            Emoji(code: "happy", kind: .staticImage, imageName: "h.png", group: "B"),
            Emoji(code: "smile", kind: .staticImage, imageName: "s.png", group: "B"),
        ]),
    ]

    @Test func aQueryPastTheBoundFindsNothing() {
        let max = EmojiCatalog.maxSearchQueryBytes
        let fits = String(repeating: "ab", count: max / 2)
        #expect(PanelSearch.search(fits, in: Self.groups).map(\.code) == ["long"])
        #expect(PanelSearch.search(fits + "a", in: Self.groups).isEmpty)
        // The same through a panel's search provider (the index made on first use).
        let panel = EmojiPanel(groups: Self.groups)
        #expect(panel.searchProvider(fits).map(\.code) == ["long"])
        #expect(panel.searchProvider(fits + "a").isEmpty)
    }

    @Test func theIndexRanksAsBefore() {
        // Exact, then prefix, then substring; ties in group order; each code once.
        #expect(PanelSearch.search("happy", in: Self.groups).map(\.code) == ["smile", "happy"])
        #expect(PanelSearch.search("SMI", in: Self.groups).map(\.code) == ["smile"])
        #expect(PanelSearch.search("笑", in: Self.groups).map(\.code) == ["smile"])
        #expect(PanelSearch.search("bab", in: Self.groups).map(\.code) == ["long"])
        #expect(PanelSearch.search("", in: Self.groups).isEmpty)
        let index = PanelSearch.Index(Self.groups)
        for q in ["happy", "smi", "a", "笑", "ab", "zz"] {
            #expect(index.search(q, limit: 1) == Array(PanelSearch.search(q, in: Self.groups).prefix(1)))
        }
    }
}
