import Testing
import Foundation
import SimCore
import EmojiText
@testable import EmojiSimIO

/// Issue 46: a code-point folder's image whose code points have no Unicode name
/// (`emoji_ue000.png`, private use) got the raw U+E000 as code and label: nothing
/// readable in the panel or a legend, not found by label, inserted as an invisible
/// character. It keeps its file name instead.
@Suite struct UnnamedCodePointImageTests {
    @Test func aPrivateUseImageKeepsItsFileNameAsCodeAndLabel() throws {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("emojisim-ue000-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = catalogFixtures.appendingPathComponent("seed/EmtionImages/f056.png")
        for name in ["emoji_u1f600.png", "emoji_ue000.png"] {
            try FileManager.default.copyItem(at: png, to: dir.appendingPathComponent(name))
        }
        let imported = try CodePointFolderImporter.load(dir, unicode: try CatalogLoader.bundledUnicode())
        let other = try #require(imported.groups.last)
        #expect(other.name == "Other")
        let e = try #require(other.emoji.first { $0.imageName == "emoji_ue000.png" })
        #expect(e.code == "emoji_ue000" && e.kind == .staticImage && e.meaning() == "emoji_ue000")
        #expect(!imported.allEmoji.contains { $0.code.unicodeScalars.contains { $0.value == 0xE000 } })
        let catalog = try CatalogBridge.emojiCatalog(imported)
        #expect(catalog.emoji(forMeaning: "emoji_ue000")?.imageName == "emoji_ue000.png")
        #expect(catalog.emoji(forCode: "\u{E000}") == nil)
    }

    @Test func onlyCodePointsWithANameCount() {
        #expect(CodePointFolderImporter.isNamed("\u{1F600}"))
        #expect(CodePointFolderImporter.isNamed("\u{1F468}\u{200D}\u{1F469}"))
        #expect(!CodePointFolderImporter.isNamed("\u{E000}"))
        #expect(!CodePointFolderImporter.isNamed("\u{1F600}\u{F8FF}"))
        #expect(!CodePointFolderImporter.isNamed(""))
    }
}
