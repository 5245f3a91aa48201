import Testing
import SimCore
@testable import EmojiText

@Suite struct RichTextTests {
    let catalog = EmojiCatalog.demo

    @Test func runsKeepBackedText() {
        let s = "hi[f09f9884]😄[微笑]"
        let rich = RichText(parsing: s, catalog: catalog)
        #expect(rich.attachments.map(\.backedText) == ["[f09f9884]", "😄", "[微笑]"])
        #expect(rich.plainText == s)
        #expect(RichText(runs: rich.runs).plainText == s)
        #expect(rich.plainText(unicodeEmojiAsHex: true) == "hi[f09f9884][f09f9884][微笑]")
        #expect(rich.unitCount == 5)
    }

    @Test func runsNormalise() {
        let a = EmojiAttachment(emoji: catalog.emoji(forCode: "微笑")!)
        #expect(a.backedText == "[微笑]" && a.encoding == .code)
        let r = RichText(runs: [.text("a"), .text(""), .text("b"), .emoji(a), .text(""), .emoji(a), .text("c")])
        #expect(r.runs == [.text("ab"), .emoji(a), .emoji(a), .text("c")])
        #expect(RichText(runs: [.text("")]).isEmpty)
        #expect(RichText().plainText == "")
    }

    @Test func positionMapping() {
        // units: 你 | [笑哭] | a | 😄 | 👨‍👩‍👧
        let rich = RichText(parsing: "你[笑哭]a😄👨‍👩‍👧", catalog: catalog)
        let map = UnitMap(rich)
        #expect(map.unitCount == 5)
        #expect((0...5).map { map.plainOffset(ofUnit: $0, in: .utf16) } == [0, 1, 5, 6, 8, 16])
        #expect((0...5).map { map.plainOffset(ofUnit: $0, in: .characters) } == [0, 1, 5, 6, 7, 8])
        #expect((0...5).map { map.plainOffset(ofUnit: $0, in: .utf8) } == [0, 3, 11, 12, 16, 34])
        #expect(map.unit(atPlainOffset: 3, in: .utf16, rounding: .down) == 1)
        #expect(map.unit(atPlainOffset: 3, in: .utf16, rounding: .up) == 2)
        #expect(map.unit(atPlainOffset: 5, in: .utf16, rounding: .down) == 2)
        #expect(map.unit(atPlainOffset: 7, in: .utf16, rounding: .up) == 4)
        #expect(map.unit(atPlainOffset: -3, in: .utf16, rounding: .up) == 0)
        #expect(map.unit(atPlainOffset: 99, in: .utf16, rounding: .down) == 5)
        #expect(map.plainOffset(ofUnit: 99, in: .utf16) == 16)
        #expect(map.plainOffset(ofUnit: -1, in: .utf16) == 0)
        #expect(map.units(coveringPlain: 2..<7, in: .utf16) == 1..<4)
        #expect(map.plainRange(ofUnits: 1..<3, in: .characters) == 1..<6)
        #expect(rich.plainOffset(ofUnit: 2) == 5)
        #expect(rich.unit(atPlainOffset: 2, rounding: .up) == 2)
        // Every unit boundary maps back to itself.
        for m in TextMeasure.allCases {
            for u in 0...5 {
                #expect(map.unit(atPlainOffset: map.plainOffset(ofUnit: u, in: m), in: m, rounding: .down) == u)
            }
        }
    }

    @Test func plainRichPlainIdentityOnRandomStrings() {
        var rng = SeededRandom(seed: 0x5EED_0001)
        let pieces = ["[", "]", "[[", "哈哈", "[哈哈]", "[f056]", "f0", "9f", "98", "84", "[f09f9884]", "😄", "👋", "🏽",
                      "\u{200D}", "\u{FE0F}", "\u{20E3}", "1", "#", "🇦", "🇷", "\u{301}", "e", " ", "\n", "\r", "👨", "👩",
                      "👧", "a", "Z", "_", "-", "\u{600}", "⭐", "\u{E0067}", "[微笑", "笑]", "[]"]
        for _ in 0..<2000 {
            var s = ""
            for _ in 0..<rng.int(in: 0...16) { s += rng.element(of: pieces)! }
            let rich = RichText(parsing: s, catalog: catalog)
            #expect(rich.plainText == s)
            #expect(rich.runs.map(\.plainText).joined() == s)
            #expect(RichText(runs: rich.runs) == rich)
            // Units are whole Characters of the plain text.
            var idx = s.startIndex
            for unit in rich.units {
                idx = s.utf8.index(idx, offsetBy: unit.plainText.utf8.count)
                #expect(String.Index(idx, within: s) != nil, "split cluster in \(s.unicodeScalars.map { String($0.value, radix: 16) })")
            }
            let map = UnitMap(rich)
            #expect(map.plainLength(in: .characters) == s.count)
            #expect(map.plainLength(in: .utf16) == s.utf16.count)
        }
    }
}
