import Testing
@testable import EmojiText

@Suite struct DemoCatalogTests {
    let catalog = EmojiCatalog.demo

    @Test func groupsAndSizes() throws {
        #expect(catalog.groups.map(\.name) == ["经典", "Seed", "Emoji"])
        let classic = try #require(catalog.group(named: "经典"))
        #expect(classic.count >= 40)
        #expect(classic.emojis.prefix(3).map(\.code) == ["微笑", "笑哭", "哈哈"])
        #expect(classic.emojis.allSatisfy { $0.isImage && $0.meanings["en"] != nil && $0.meaning() == $0.code })
        let seed = try #require(catalog.group(named: "Seed"))
        #expect(seed.emojis.map(\.code) == ["f056", "f057", "f058", "f059"])
        #expect(seed.emojis.map(\.imageName) == ["f056.gif", "f057.gif", "f058.gif", "f059.gif"])
        #expect(seed.emojis.allSatisfy { $0.kind == .animatedImage && $0.meanings["en"] != nil })
        let unicode = try #require(catalog.group(named: "Emoji"))
        #expect(unicode.count >= 60)
        #expect(unicode.emojis.allSatisfy { $0.kind == .unicode && $0.code.count == 1 && $0.meanings["en"] != nil })
    }

    @Test func exactlyFourAnimatedDescriptionCodes() {
        let animated = catalog.group(named: "经典")!.emojis.filter(\.isAnimated)
        #expect(Dictionary(uniqueKeysWithValues: animated.map { ($0.code, $0.imageName!) })
                == ["哈哈": "haha.gif", "眨眼": "wink.gif", "跳跳": "bounce.gif", "转圈": "spin.gif"])
    }

    @Test func unicodeGroupHasEveryKindOfSequence() {
        let codes = catalog.group(named: "Emoji")!.emojis.map(\.code)
        let zwj = codes.filter { $0.unicodeScalars.contains { $0.value == 0x200D } }
        #expect(zwj.contains("👨‍👩‍👧") && zwj.contains("🧑‍🤝‍🧑") && zwj.count >= 4)
        let flags = codes.filter { $0.unicodeScalars.allSatisfy { (0x1F1E6...0x1F1FF).contains($0.value) } }
        #expect(flags.count == 12 && flags.contains("🇦🇷"))
        let keycaps = codes.filter { $0.unicodeScalars.last?.value == 0x20E3 }
        #expect(keycaps.count == 12 && keycaps.contains("1️⃣") && keycaps.contains("#️⃣"))
        let toned = catalog.group(named: "Emoji")!.emojis.filter { !$0.skinToneVariants.isEmpty }
        #expect(toned.count >= 10)
        #expect(codes.contains("😄"))
    }

    @Test func everyStaticImageIsANotoFileAndEveryAnimationHasASource() {
        var all = catalog.emojis
        for e in catalog.emojis { all += catalog.variants(of: e) }
        for e in all {
            guard let name = e.imageName else {
                #expect(e.kind == .unicode)
                continue
            }
            if e.isAnimated {
                #expect(name.hasSuffix(".gif"))
                let source = EmojiCatalog.demoAnimationSources[name]
                let exists = source.map { notoFileNames.contains($0) } ?? false
                #expect(exists, "animation \(name)")
            } else {
                let exists = notoFileNames.contains(name)
                #expect(exists, "missing Noto file \(name) for \(e.code)")
            }
        }
        #expect(EmojiCatalog.demoAnimationSources.count == 8)
        // Unicode emoji get their Noto image whenever the file exists.
        for e in catalog.group(named: "Emoji")!.emojis {
            let exists = notoFileNames.contains(Emoji.notoImageName(for: e.code))
            #expect((e.imageName != nil) == exists, "\(e.code)")
        }
    }

    @Test func imageNamesAreUnique() {
        let names = catalog.emojis.compactMap(\.imageName)
        #expect(Set(names).count == names.count)
    }

    @Test func notoNamingConvention() {
        #expect(Emoji.notoImageName(for: "1️⃣") == "emoji_u0031_20e3.png")
        #expect(Emoji.notoImageName(for: "👨‍👩‍👧") == "emoji_u1f468_200d_1f469_200d_1f467.png")
        #expect(Emoji.notoImageName(for: "☺️") == "emoji_u263a.png")
    }
}
