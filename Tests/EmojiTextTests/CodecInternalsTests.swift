import Testing
import SimCore
@testable import EmojiText

@Suite struct CodecInternalsTests {
    @Test func byteKeyTableFindsEveryKeyAndNothingElse() {
        var table = ByteKeyTable()
        var keys: [[UInt8]] = []
        for k in 0..<500 { keys.append(Array("code\(k)".utf8)) }
        keys.append([])                       // the empty key
        keys.append(Array("笑哭".utf8))
        for (i, k) in keys.enumerated() { table.insert(k, value: i) }
        table.insert(Array("笑哭".utf8), value: 9999) // a duplicate keeps the first value
        #expect(table.count == keys.count)
        for (i, k) in keys.enumerated() {
            #expect(k.withUnsafeBufferPointer { table.lookup($0) } == i)
        }
        for miss in ["code500", "code", "笑", "笑哭 ", "Code1"] {
            #expect(Array(miss.utf8).withUnsafeBufferPointer { table.lookup($0) } == nil, "\(miss)")
        }
    }

    @Test func emojiIsAValueWithSharedStorage() {
        var a = Emoji(code: "x", kind: .staticImage, imageName: "x.png", meanings: ["": "叉"], group: "g")
        let b = a
        a.imageName = "y.png"
        a.meanings["en"] = "ex"
        #expect(b.imageName == "x.png" && b.meanings == ["": "叉"])
        #expect(a.imageName == "y.png" && a.meaning(for: "en") == "ex")
        #expect(a != b)
        var c = b
        c.keywords = []
        #expect(c == b) // same contents, different boxes
        #expect(Set([b, c]).count == 1)
        a.size = Size(width: 4, height: 4)
        a.kind = .animatedImage
        a.code = "z"; a.group = "h"; a.skinToneVariants = ["q"]
        #expect(a.size == Size(width: 4, height: 4) && a.isAnimated && a.code == "z" && a.group == "h" && a.skinToneVariants == ["q"])
        #expect(a.placeholder == "[z]")
    }

    @Test func emojiStartingOutsideTheEmojiBlocksIsFound() throws {
        // U+A66E (lead byte EA) is no emoji, but a catalog may call it one: it goes
        // through the "other starts" set and the byte-class table.
        let c = try EmojiCatalog(groups: [EmojiGroup(name: "g", emojis: [
            Emoji(code: "\u{A66E}", kind: .unicode, group: "g"),
            Emoji(code: "\u{303D}\u{FE0F}", kind: .unicode, group: "g"), // 〽️, lead byte E3 (CJK symbols)
        ])])
        let rich = RichText(parsing: "a\u{A66E}b\u{303D}\u{FE0F}c\u{303D}[ea99ae]", catalog: c)
        #expect(rich.attachments.map(\.backedText) == ["\u{A66E}", "\u{303D}\u{FE0F}", "[ea99ae]"])
        #expect(rich.plainText == "a\u{A66E}b\u{303D}\u{FE0F}c\u{303D}[ea99ae]")
    }

    @Test func richTextEqualityAndHashAgreeAcrossConstructions() {
        let catalog = EmojiCatalog.demo
        let parsed = RichText(parsing: "a[微笑]b😄", catalog: catalog)
        let rebuilt = RichText(runs: parsed.runs)
        #expect(parsed == rebuilt && parsed.hashValue == rebuilt.hashValue)
        #expect(parsed.attachmentCount == 2)
        let asText = RichText(runs: [.text("a[微笑]b😄")])
        #expect(asText != parsed && asText.plainText == parsed.plainText)
    }

    @Test func graphemeRules() {
        #expect(GraphemeRules.continuesCluster(0x301))
        #expect(GraphemeRules.continuesCluster(0x200D))
        #expect(GraphemeRules.continuesCluster(0x1F3FB))
        #expect(GraphemeRules.continuesCluster(0xE0067))  // tag
        #expect(GraphemeRules.continuesCluster(0x093E))   // Devanagari vowel sign AA (SpacingMark)
        #expect(!GraphemeRules.continuesCluster(0x61))
        #expect(!GraphemeRules.continuesCluster(0x4E2D))
        #expect(!GraphemeRules.continuesCluster(0x1F604))
        #expect(GraphemeRules.isPrepend(0x600))
        #expect(!GraphemeRules.isPrepend(0x627))
        #expect(!GraphemeRules.isPrepend(0x4E2D))
    }
}
