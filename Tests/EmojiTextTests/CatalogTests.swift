import Testing
@testable import EmojiText

@Suite struct CatalogTests {
    let catalog = EmojiCatalog.demo

    @Test func lookupByCodeMeaningDescriptionAndImageName() throws {
        let xiaoku = try #require(catalog.emoji(forCode: "笑哭"))
        #expect(xiaoku.imageName == "emoji_u1f602.png")
        #expect(xiaoku.group == "经典")
        #expect(catalog.emoji(forMeaning: "tears of joy")?.code == "笑哭")
        #expect(catalog.emoji(forMeaning: "猫开心")?.code == "f057")
        #expect(catalog.emoji(forDescription: "[笑哭]")?.code == "笑哭")
        #expect(catalog.emoji(forDescription: "[f056]")?.code == "f056")
        #expect(catalog.emoji(forDescription: "[f09f9884]")?.code == "😄")
        #expect(catalog.emoji(forDescription: "😄")?.code == "😄")
        #expect(catalog.emoji(forDescription: "[笑哭] ") == nil)
        #expect(catalog.emoji(forDescription: "[nope]") == nil)
        #expect(catalog.emoji(forDescription: "") == nil)
        #expect(catalog.emoji(forImageName: "f058.gif")?.code == "f058")
        #expect(catalog.emoji(forImageName: "haha.gif")?.code == "哈哈")
        #expect(catalog.emoji(forImageName: "emoji_u1f44b_1f3fd.png")?.code == "👋🏽")
        #expect(catalog.emoji(forCode: "nope") == nil)
        #expect(catalog.emoji(forMeaning: "nope") == nil)
        #expect(catalog.emoji(forImageName: "nope.png") == nil)
    }

    @Test func skinToneVariantsAreEntries() throws {
        let wave = try #require(catalog.emoji(forCode: "👋"))
        #expect(wave.skinToneVariants == ["👋🏻", "👋🏼", "👋🏽", "👋🏾", "👋🏿"])
        let variants = catalog.variants(of: wave)
        #expect(variants.map(\.code) == wave.skinToneVariants)
        #expect(variants.map(\.imageName) == ["emoji_u1f44b_1f3fb.png", "emoji_u1f44b_1f3fc.png", "emoji_u1f44b_1f3fd.png",
                                              "emoji_u1f44b_1f3fe.png", "emoji_u1f44b_1f3ff.png"])
        // Each variant has a name of its own (a label, a screen reader, a finder tell them apart).
        #expect(variants.map { $0.meaning(for: "en") } == SkinTone.allCases.map { "waving hand: " + $0.englishName })
        #expect(variants.map { $0.meaning() } == SkinTone.allCases.map { "挥手：" + $0.chineseName })
        #expect(variants.allSatisfy { $0.group == "Emoji" })
        // Variants are looked up but not listed.
        #expect(!catalog.emojis.contains { $0.code == "👋🏻" })
        let splayed = try #require(catalog.emoji(forCode: "🖐️"))
        #expect(splayed.skinToneVariants == ["🖐🏻", "🖐🏼"])
    }

    @Test func searchRanksExactThenPrefixThenSubstring() {
        // "heart": exact meaning [爱心] (en "heart"), then prefix ("heart eyes", "heart hands", "heart on fire"),
        // then substrings ("broken heart", "orange heart" ...), catalog order within each rank.
        let codes = catalog.search("heart").map(\.code)
        #expect(codes.first == "爱心")
        let firstPrefix = codes.firstIndex(of: "色")!
        let firstSubstring = codes.firstIndex(of: "心碎")!
        #expect(firstPrefix == 1)
        #expect(firstPrefix < firstSubstring)
        #expect(codes.contains("🫶") && codes.firstIndex(of: "🫶")! < firstSubstring)
        #expect(codes.contains("🧡") && codes.firstIndex(of: "🧡")! > firstSubstring)
        // Case-insensitive, CJK, keywords.
        #expect(catalog.search("HEART") == catalog.search("heart"))
        // "笑": the prefix match 笑哭 first, then the substrings in catalog order.
        #expect(Array(catalog.search("笑").map(\.code).prefix(4)) == ["笑哭", "微笑", "偷笑", "憨笑"])
        // Exact matches ("猫" is a keyword of the seed cats and the meaning of 🐱) in catalog order.
        #expect(catalog.search("猫").map(\.code).prefix(5) == ["f056", "f057", "f058", "f059", "🐱"])
        #expect(catalog.search("ok hand").map(\.code).first == "👌")
        #expect(catalog.search("").isEmpty)
        #expect(catalog.search("   ").isEmpty)
        #expect(catalog.search("zzzzqqq").isEmpty)
        #expect(catalog.search("heart", limit: 2).count == 2)
    }

    @Test func searchTieOrderIsCatalogOrder() {
        let results = catalog.search("face")
        let order = results.map { r in catalog.emojis.firstIndex(of: r)! }
        // Within each rank, positions ascend; the ranks themselves ascend.
        func rank(_ e: Emoji) -> Int {
            let keys = ([e.code] + e.meanings.values + e.keywords).map { $0.lowercased() }
            if keys.contains("face") { return 0 }
            if keys.contains(where: { $0.hasPrefix("face") }) { return 1 }
            return 2
        }
        let ranks = results.map(rank)
        #expect(ranks == ranks.sorted())
        for k in 1..<results.count where ranks[k] == ranks[k - 1] {
            #expect(order[k] > order[k - 1])
        }
        #expect(results.count > 10)
    }

    @Test func invalidCatalogsAreRejectedWithWhere() {
        func build(_ groups: [EmojiGroup]) -> EmojiCatalogError? {
            do { _ = try EmojiCatalog(groups: groups); return nil } catch { return error }
        }
        let a = Emoji(code: "a1", kind: .staticImage, group: "")
        #expect(build([EmojiGroup(name: "g", emojis: [a]), EmojiGroup(name: "g", emojis: [])]) == .duplicateGroup(name: "g"))
        #expect(build([EmojiGroup(name: "g", emojis: [a, a])]) == .duplicateCode(code: "a1", group: "g", index: 1))
        #expect(build([EmojiGroup(name: "g", emojis: [Emoji(code: "", kind: .staticImage, group: "")])]) == .emptyCode(group: "g", index: 0))
        #expect(build([EmojiGroup(name: "g", emojis: [Emoji(code: "a b", kind: .staticImage, group: "")])])
                == .codeNotPlaceholderSafe(code: "a b", group: "g", index: 0))
        #expect(build([EmojiGroup(name: "g", emojis: [Emoji(code: "😄😄", kind: .unicode, group: "")])])
                == .notOneGraphemeCluster(code: "😄😄", group: "g", index: 0))
        #expect(build([EmojiGroup(name: "g", emojis: [Emoji(code: "\u{301}", kind: .unicode, group: "")])])
                == .notOneGraphemeCluster(code: "\u{301}", group: "g", index: 0))
        #expect(build([EmojiGroup(name: "g", emojis: [Emoji(code: "👋", kind: .unicode, group: "", skinToneVariants: ["👋"])])])
                == .duplicateCode(code: "👋", group: "g", index: 0))
        let err = EmojiCatalogError.duplicateCode(code: "x", group: "g", index: 3)
        #expect(err.description.contains("#3") && err.description.contains("'x'"))
        #expect(build([EmojiGroup(name: "g", emojis: [a])]) == nil)
    }

    @Test func descriptionLookupCoversVariantsAndHexCase() {
        let hex = PlaceholderCodec.hexPlaceholder(for: "👋🏽")
        #expect(catalog.emoji(forDescription: hex)?.code == "👋🏽")
        #expect(catalog.emoji(forDescription: hex.uppercased())?.code == "👋🏽")
        #expect(catalog.emoji(forDescription: "[微笑")?.code == nil)
        #expect(EmojiCatalog.empty.emoji(forDescription: "[微笑]") == nil)
        #expect(EmojiCatalog.empty.search("a").isEmpty && EmojiCatalog.empty.count == 0)
    }

    @Test func groupNamesAreAssignedToEmoji() throws {
        let c = try EmojiCatalog(groups: [EmojiGroup(name: "G", titles: ["en": "Gee"], emojis: [Emoji(code: "x", kind: .staticImage, group: "other")])])
        #expect(c.emojis[0].group == "G")
        #expect(c.group(named: "G")?.title(for: "en") == "Gee")
        #expect(c.group(named: "G")?.title(for: "fr") == "G")
        #expect(c.group(named: "H") == nil)
    }
}

@Suite struct RecentsTests {
    @Test func mostRecentFirstDeduplicatedCapped() {
        var r = RecentEmojis(capacity: 3)
        r.record(code: "a"); r.record(code: "b"); r.record(code: "c")
        #expect(r.codes == ["c", "b", "a"])
        r.record(code: "a")
        #expect(r.codes == ["a", "c", "b"])
        r.record(code: "d")
        #expect(r.codes == ["d", "a", "c"])
        r.remove(code: "a")
        #expect(r.codes == ["d", "c"])
    }

    @Test func importDeduplicatesAndCapsAndResolvesAgainstCatalog() {
        let r = RecentEmojis(capacity: 4, codes: ["笑哭", "nope", "笑哭", "👋🏽", "f056", "微笑", "色"])
        #expect(r.codes == ["笑哭", "nope", "👋🏽", "f056"])
        #expect(r.emojis(in: .demo).map(\.code) == ["笑哭", "👋🏽", "f056"])
        var e = RecentEmojis(capacity: 0)
        e.record(code: "x")
        #expect(e.codes.isEmpty)
        var f = RecentEmojis()
        f.record(EmojiCatalog.demo.emoji(forCode: "哈哈")!)
        #expect(f.codes == ["哈哈"] && f.capacity == RecentEmojis.defaultCapacity)
    }
}
