import Testing
import SimCore
import EmojiText

/// Issue 47 item 12: catalog search matches in linear time and refuses queries past
/// `EmojiCatalog.maxSearchQueryBytes` (they find nothing).
@Suite struct CatalogSearchBoundTests {
    func catalog(keyword: String) throws -> EmojiCatalog {
        try EmojiCatalog(groups: [EmojiGroup(name: "g", emojis: [
            Emoji(code: "k", kind: .staticImage, imageName: "k.png", meanings: ["": "key"], keywords: [keyword], group: "g"),
            Emoji(code: "other", kind: .staticImage, imageName: "o.png", group: "g"),
        ])])
    }

    @Test func aQueryPastTheBoundFindsNothingEvenWhereItOccurs() throws {
        let max = EmojiCatalog.maxSearchQueryBytes
        let c = try catalog(keyword: String(repeating: "a", count: 4 * max))
        #expect(c.search(String(repeating: "a", count: max)).map(\.code) == ["k"])
        #expect(c.search(String(repeating: "a", count: max + 1)).isEmpty)
        #expect(c.search(String(repeating: "A", count: max - 1) + "a").map(\.code) == ["k"])   // case-insensitive
    }

    @Test func aMegabyteKeywordIsMatchedAsAShortOne() throws {
        // The naive scan's worst case: "aaa…a" (1 MB) against "aaa…ab".
        let c = try catalog(keyword: String(repeating: "a", count: 1_000_000))
        let max = EmojiCatalog.maxSearchQueryBytes
        #expect(c.search(String(repeating: "a", count: max - 1) + "b").isEmpty)
        let d = try catalog(keyword: String(repeating: "a", count: 1_000_000) + "b" + String(repeating: "a", count: 10))
        #expect(d.search(String(repeating: "a", count: max - 1) + "b").map(\.code) == ["k"])
        #expect(d.search("ab").map(\.code) == ["k"])
        #expect(d.search("key").map(\.code) == ["k"])
    }
}
