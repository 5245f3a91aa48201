import Testing
import Foundation
import EmojiText
@testable import EmojiSimIO

@Suite struct CatalogCheckTests {
    /// Tests/Fixtures/catalogs/broken plants one of each fault; check must find them all.
    @Test func findsEveryPlantedFault() throws {
        let broken = catalogFixtures.appendingPathComponent("broken")
        let lines = CatalogChecker.check(broken, wireCheck: nil).map(\.description)
        let catalog = try CatalogLoader.load(path: broken, options: .init(lenient: true))
        let withWire = CatalogChecker.check(catalog, wireCheck: CatalogBridge.wireCheck(for: catalog)).map(\.description)
        let expected = [
            "error: emtions.plist: entry 3: key 'name': duplicate code \"ok\" (first at entry 0)",
            "error: emtions.plist: entry 1: code \"gone\": missing image \"missing.png\"",
            "warning: emtions.plist: entry 4: code \"big\": declared size 48x48 but \"big.png\" is 64x64",
            "warning: emtionMeans.plist: key 'ghost.png': meaning for an image no entry uses",
            "warning: orphan.png: image never referenced by the catalog",
        ]
        for e in expected { #expect(lines.contains(e), "missing: \(e)\nall:\n\(lines.joined(separator: "\n"))") }
        #expect(lines.contains { $0.hasPrefix("error: emtions.plist: entry 2: code \"bad\": unreadable image \"corrupt.png\"") })
        #expect(withWire.contains { $0.hasPrefix("error: emtions.plist: entry 5: code \"a b]\": code does not survive the placeholder scanner") })
        // The valid entry decodes cleanly: nothing is reported against entry 0.
        #expect(!lines.contains { $0.contains("entry 0: code \"ok\"") })
    }

    @Test func aCleanCatalogHasNoProblems() throws {
        for name in ["seed", "stickers", "weibo"] {
            let c = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent(name))
            let problems = CatalogChecker.check(c, wireCheck: CatalogBridge.wireCheck(for: c))
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    @Test func importedCatalogsBecomeCoreCatalogsThatScanTheirWireText() throws {
        let weibo = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("weibo"))
        let core = try CatalogBridge.emojiCatalog(weibo)
        let rich = RichText(parsing: "你好[呵呵]😃[哈哈]", catalog: core)
        #expect(rich.attachments.map(\.emoji.code) == ["呵呵", "😃", "哈哈"])
        #expect(rich.plainText == "你好[呵呵]😃[哈哈]")

        let unicode = try CatalogLoader.bundledUnicode()
        let ucore = try CatalogBridge.emojiCatalog(unicode)
        #expect(ucore.count == unicode.emojiCount)
        #expect(ucore.emoji(forCode: "👍🏽")?.group == "People & Body")
    }

    @Test func theWireFormatDecidesWhatTheScannerReads() throws {
        let seed = catalogFixtures.appendingPathComponent("seed")
        let byMeaning = try CatalogBridge.emojiCatalog(try CatalogLoader.load(path: seed, options: .init(wire: .meaning)))
        #expect(RichText(parsing: "好[笑哭]", catalog: byMeaning).attachments.map(\.emoji.keywords) == [["f056"]])
        #expect(RichText(parsing: "[f056]", catalog: byMeaning).attachments.isEmpty)
        let byCode = try CatalogBridge.emojiCatalog(try CatalogLoader.load(path: seed))
        #expect(RichText(parsing: "[f056]", catalog: byCode).attachments.map(\.emoji.code) == ["f056"])
    }

    @Test func imageLibraryServesEveryImageByResourceName() throws {
        let seed = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("seed"))
        let library = try ScenarioAssets.from(seed).makeLibrary()
        let gif = try library.image(named: "EmtionImages/f058.gif")
        #expect(gif.frameCount > 1)
        let seq = try library.image(named: "EmtionImages/wave.png")
        #expect(seq.frameCount == 2)
        let still = try library.image(named: "EmtionImages/f056.png")
        #expect(still.canvasWidth == 64)
    }
}
