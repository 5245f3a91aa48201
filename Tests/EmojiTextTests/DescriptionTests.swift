import Testing
import EmojiText

/// What a porter's logs show: the default printed `Emoji(box: EmojiText.Emoji.Box)` and a
/// catalog or a rich text as every private table behind it (issue 42).
@Suite struct DescriptionTests {
    static let laugh = Emoji(code: "笑哭", kind: .staticImage, imageName: "xiaoku.png", group: "经典")
    static let smile = Emoji(code: "😄", kind: .unicode, group: "经典")

    @Test func anEmojiPrintsItsCode() {
        #expect("\(Self.laugh)" == "Emoji(笑哭)")
        #expect(String(describing: Self.smile) == "Emoji(😄)")
        // Arrays and optionals print their elements through `debugDescription`, which
        // falls back to the same text.
        #expect(String(reflecting: [Self.laugh, Self.smile]) == "[Emoji(笑哭), Emoji(😄)]")
    }

    @Test func aGroupAndACatalogPrintTheirNamesAndSizes() throws {
        let classic = EmojiGroup(name: "经典", emojis: [Self.laugh, Self.smile])
        #expect("\(classic)" == "EmojiGroup(经典, 2 emoji)")
        let hand = Emoji(code: "👋", kind: .unicode, group: "Emoji", skinToneVariants: ["👋🏻"])
        let catalog = try EmojiCatalog(groups: [classic, EmojiGroup(name: "Emoji", emojis: [hand])])
        #expect("\(catalog)" == "EmojiCatalog(2 groups, 3 emoji: 经典 2, Emoji 1)")
        #expect("\(EmojiCatalog.empty)" == "EmojiCatalog(0 groups, 0 emoji)")
    }

    @Test func aRichTextPrintsItsPlainTextNotTheCatalog() throws {
        let catalog = try EmojiCatalog(groups: [EmojiGroup(name: "经典", emojis: [Self.laugh])])
        let text = RichText(parsing: "hi [笑哭]", catalog: catalog)
        #expect("\(text)" == "RichText(\"hi [笑哭]\", 1 emoji)")
    }
}
