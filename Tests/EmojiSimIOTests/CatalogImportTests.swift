import Testing
import Foundation
import EmojiText
@testable import EmojiSimIO

/// Fixtures live in Tests/Fixtures/catalogs (made by Tools/fixtures/make-catalog-fixtures.py).
let catalogFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/catalogs")

@Suite struct SeedPlistImportTests {
    @Test func readsGroupsInFirstAppearanceOrderWithMeaningsAndSizes() throws {
        let c = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("seed"))
        #expect(c.format == .seedPlist)
        #expect(c.groups.map(\.name) == ["经典", "动态"])
        #expect(c.groups[0].emoji.map(\.code) == ["f056", "f057"])
        let f056 = c.groups[0].emoji[0]
        #expect(f056.kind == .staticImage)
        #expect(f056.meaning() == "笑哭")
        #expect(f056.imageName == "EmtionImages/f056.png")
        #expect(f056.size?.width == 64)
        #expect(c.groups[0].emoji[1].size?.height == 64) // "64" as a string is accepted
        #expect(c.groups[1].emoji.map(\.kind) == [.animatedImage, .animatedImage])
        #expect(c.sequences["EmtionImages/wave.png"]?.map(\.lastPathComponent) == ["wave_0.png", "wave_1.png"])
        #expect(c.wire == .code)
        #expect(c.unusedMeanings.isEmpty)
    }

    /// Every locale's meanings are read; `--locale` makes one of them the default, key
    /// by key (docs/CATALOGS.md), keeping the others.
    @Test func everyLocaleIsReadAndLocaleChoosesTheDefault() throws {
        let plain = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("seed"))
        #expect(plain.groups[0].emoji[0].meanings == ["": "笑哭", "en": "tears of joy"])
        let c = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("seed"), options: .init(locale: "en"))
        let f056 = c.groups[0].emoji[0]
        #expect(f056.meanings == ["": "tears of joy", "en": "tears of joy"])
        // No English meaning for the GIF: its default stays.
        #expect(c.groups[1].emoji[0].meanings == ["": "哈哈"])
        // A locale no file has changes nothing.
        let fr = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("seed"), options: .init(locale: "fr"))
        #expect(fr.allEmoji.map(\.meanings) == plain.allEmoji.map(\.meanings))
        // With the meaning wire, the default meaning is what travels.
        #expect(CatalogBridge.wireText(for: f056, wire: .meaning) == "[tears of joy]")
        #expect(CatalogBridge.wireText(for: plain.groups[0].emoji[0], wire: .meaning) == "[笑哭]")
    }

    @Test func malformedPlistNamesTheFile() {
        let dir = catalogFixtures.appendingPathComponent("malformed")
        #expect {
            _ = try SeedPlistImporter.load(emotions: dir.appendingPathComponent("truncated.plist"), meanings: dir.appendingPathComponent("emtionMeans.plist"))
        } throws: { e in
            "\(e)".hasPrefix("truncated.plist: malformed property list")
        }
    }

    @Test func wrongTypeNamesEntryAndKey() {
        let dir = catalogFixtures.appendingPathComponent("malformed")
        #expect {
            _ = try SeedPlistImporter.load(emotions: dir.appendingPathComponent("wrongtype.plist"), meanings: dir.appendingPathComponent("emtionMeans.plist"))
        } throws: { e in
            "\(e)" == "wrongtype.plist: entry 0: key 'width': expected a number, found the string \"wide\""
        }
    }

    @Test func missingKeyNamesEntryAndKeyAndLenientSkipsIt() throws {
        let dir = catalogFixtures.appendingPathComponent("malformed")
        let emotions = dir.appendingPathComponent("missingkey.plist")
        let meanings = dir.appendingPathComponent("emtionMeans.plist")
        #expect {
            _ = try SeedPlistImporter.load(emotions: emotions, meanings: meanings)
        } throws: { e in "\(e)" == "missingkey.plist: entry 1: key 'name': missing" }
        let lenient = try SeedPlistImporter.load(emotions: emotions, meanings: meanings, options: .init(lenient: true))
        #expect(lenient.emojiCount == 1)
        #expect(lenient.skipped.map(\.description) == ["error: missingkey.plist: entry 1: key 'name': missing"])
    }

    @Test func pathsCannotEscapeTheCatalogFolder() {
        let dir = catalogFixtures.appendingPathComponent("malformed")
        #expect {
            _ = try SeedPlistImporter.load(emotions: dir.appendingPathComponent("escape.plist"), meanings: dir.appendingPathComponent("emtionMeans.plist"))
        } throws: { e in "\(e)".contains("entry 0: key 'fileName': path \"../../../etc/passwd\" escapes the catalog folder") }
    }
}

@Suite struct OtherFormatImportTests {
    @Test func stickerPacksFromABinaryPlist() throws {
        let c = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("stickers"))
        #expect(c.format == .stickerPack)
        #expect(c.groups.map(\.name) == ["pack_dog", "pack_face"])
        #expect(c.groups[0].icon == "pack_dog.png")
        #expect(c.groups[0].emoji.map(\.code) == ["狗", "猫"])
        #expect(c.groups[1].emoji.first?.imageName == "grin.png")
    }

    @Test func weiboListsOneGroupPerFolder() throws {
        let c = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("weibo"))
        #expect(c.format == .weiboList)
        #expect(c.groups.map(\.name) == ["default", "emoji"])
        #expect(c.groups[0].emoji.map(\.code) == ["呵呵", "笑哭", "哈哈"])
        #expect(c.groups[0].emoji[2].kind == .animatedImage)
        #expect(c.groups[0].emoji[2].imageName == "default/d_haha.gif")
        #expect(c.groups[0].emoji[0].meaning(for: "zh-Hant") == "呵呵")
        #expect(c.groups[1].emoji.map(\.code) == ["😃", "👍"])
        #expect(c.groups[1].emoji.allSatisfy { $0.kind == .unicode })
        #expect(c.wire == .meaning)
    }

    @Test func bundledUnicodeMatchesTheFileCounts() throws {
        let c = try CatalogLoader.bundledUnicode()
        #expect(c.unicodeVersion == "15.0")
        // emoji-test.txt 15.0 lists 3655 fully-qualified entries in 9 groups, one of
        // which (Component) holds only components and so is dropped.
        #expect(c.groups.count == 9)
        #expect(c.groups.first?.name == "Smileys & Emotion")
        #expect(c.groups.last?.name == "Flags")
        let variants = c.groups.reduce(0) { $0 + $1.variants.values.reduce(0) { $0 + $1.count } }
        #expect(c.emojiCount + variants == 3655)
        let people = try #require(c.groups.first { $0.name == "People & Body" })
        let thumbs = try #require(people.emoji.first { $0.code == "👍" })
        #expect(people.variants[thumbs.code] == ["👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿"])
        #expect(thumbs.meaning() == "thumbs up")
        #expect(thumbs.keywords.contains("hand-fingers-closed"))
        // Flags and keycaps are single emoji.
        #expect(c.allEmoji.contains { $0.code == "🇨🇳" })
        #expect(c.allEmoji.contains { $0.code == "#️⃣" })
    }

    @Test func emojiTestErrorsNameTheLine() {
        let text = "# group: G\n1F600 ; fully-qualified # 😀 E1.0 grinning face\nZZZZ ; fully-qualified # ? E1.0 bad\n"
        #expect {
            _ = try EmojiTestImporter.parse(text, file: "emoji-test.txt")
        } throws: { e in "\(e)" == "emoji-test.txt:3: \"ZZZZ\" is not a hex code point" }
    }

    @Test func codePointFoldersMapOntoUnicodeEmoji() throws {
        let noto = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("noto"))
        #expect(noto.format == .codePointFolder)
        let codes = Set(noto.allEmoji.map(\.code))
        #expect(codes.isSuperset(of: ["😀", "😂", "👍"]))
        #expect(noto.allEmoji.first { $0.code == "👍" }?.imageName == "emoji_u1f44d.png")
        let tw = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("twemoji"))
        #expect(Set(tw.allEmoji.map(\.code)) == ["😀", "👍"])
        #expect(CodePointFolderImporter.emoji(fromFileName: "emoji_u1f468_200d_1f469.png") == "👨\u{200D}👩")
        #expect(CodePointFolderImporter.emoji(fromFileName: "1f468-200d-1f469.png") == "👨\u{200D}👩")
        #expect(CodePointFolderImporter.emoji(fromFileName: "readme.png") == nil)
    }

    @Test func everyFormatConvertsToJSONAndBack() throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-json-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        for name in ["seed", "stickers", "weibo", "noto"] {
            let original = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent(name))
            let out = tmp.appendingPathComponent("\(name).json")
            try JSONCatalog.write(original, to: out)
            let again = try CatalogLoader.load(path: out)
            #expect(again.format == .json)
            #expect(again.groups.map(\.name) == original.groups.map(\.name), "\(name)")
            #expect(again.allEmoji.map(\.code) == original.allEmoji.map(\.code), "\(name)")
            #expect(again.allEmoji.map(\.kind) == original.allEmoji.map(\.kind), "\(name)")
            #expect(again.allEmoji.map(\.meanings) == original.allEmoji.map(\.meanings), "\(name)")
            #expect(again.wire == original.wire)
            // Images were copied beside the JSON (the catalog is self-contained) with the same bytes.
            for e in original.allEmoji where e.imageName != nil && original.sequences[e.imageName!] == nil {
                let before = try Data(contentsOf: original.images[e.imageName!]!)
                let match = try #require(again.allEmoji.first { $0.code == e.code }?.imageName)
                let copied = try #require(again.images[match])
                #expect(copied.path.hasPrefix(tmp.path), "\(name) \(e.code)")
                #expect(try Data(contentsOf: copied) == before, "\(name) \(e.code)")
            }
        }
    }

    @Test func jsonErrorsNameEntryAndKey() throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-badjson-\(UInt32.random(in: 0...UInt32.max)).json")
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Data(#"{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[{"code":"a","kind":"unicode"},{"code":"b","kind":"sparkly"}]}]}"#.utf8).write(to: tmp)
        #expect { _ = try CatalogLoader.load(path: tmp) } throws: { e in
            "\(e)" == "\(tmp.lastPathComponent):1:122: entry 1: key 'kind': expected unicode, static or animated, found \"sparkly\""
        }
        try Data(#"{"format":"emojisim-catalog","version":2,"groups":[]}"#.utf8).write(to: tmp)
        #expect { _ = try CatalogLoader.load(path: tmp) } throws: { e in "\(e)".contains(":1:40: key 'version': version 2 is not supported") }
        try Data("{\"format\":".utf8).write(to: tmp)
        #expect { _ = try CatalogLoader.load(path: tmp) } throws: { e in "\(e)".contains("malformed JSON") }
    }

    @Test func unknownSourcesAreClearErrors() {
        #expect { _ = try CatalogLoader.load(path: URL(fileURLWithPath: "/nonexistent/x.plist")) } throws: { e in
            "\(e)" == "/nonexistent/x.plist: no such file or folder"
        }
    }
}
