import Testing
import SimCore
@testable import EmojiText

/// A compact rendering of runs: text as is, attachments as <code|encoding>.
func describe(_ rich: RichText) -> String {
    rich.runs.map { run -> String in
        switch run {
        case .text(let s): return "'" + s + "'"
        case .emoji(let a): return "<" + a.emoji.code + "|" + a.encoding.rawValue + ">"
        }
    }.joined(separator: " ")
}

@Suite struct ScannerTests {
    let catalog = EmojiCatalog.demo
    func parse(_ s: String) -> String { describe(RichText(parsing: s, catalog: catalog)) }

    @Test func recognisesTheThreePlaceholderFormsAndUnicodeEmoji() {
        #expect(parse("你好[笑哭]，看这个[f056]和😄[unknown]") == "'你好' <笑哭|code> '，看这个' <f056|code> '和' <😄|unicode> '[unknown]'")
        #expect(parse("[f09f9884]") == "<😄|utf8Hex>")
        #expect(parse("[F09F9884]") == "<😄|utf8Hex>")
        #expect(parse("a[e2ad90]b") == "'a[e2ad90]b'") // valid UTF-8 (⭐) but not in the catalog
        #expect(parse("[f09f98]") == "'[f09f98]'")     // truncated UTF-8
        #expect(parse("[f]") == "'[f]'")
    }

    @Test func malformedBracketsStayText() {
        #expect(parse("[") == "'['")
        #expect(parse("]") == "']'")
        #expect(parse("[]") == "'[]'")
        #expect(parse("[哈哈") == "'[哈哈'")
        #expect(parse("哈哈]") == "'哈哈]'")
        #expect(parse("[[哈哈]]") == "'[' <哈哈|code> ']'")
        #expect(parse("[哈 哈]") == "'[哈 哈]'")
        #expect(parse("[哈哈][哈哈]") == "<哈哈|code> <哈哈|code>")
        #expect(parse("[[[[") == "'[[[['")
        #expect(parse("][微笑][") == "']' <微笑|code> '['")
        #expect(parse("") == "")
    }

    @Test func unicodeSequencesAreWholeClusters() {
        #expect(parse("👨‍👩‍👧x") == "<👨‍👩‍👧|unicode> 'x'")
        #expect(parse("👨‍👩‍👧‍👦") == "<👨‍👩‍👧‍👦|unicode>")
        #expect(parse("🇦🇷🇦🇩") == "<🇦🇷|unicode> <🇦🇩|unicode>")
        // Pairing starts at the first indicator: 🇦 | 🇦🇷 | 🇦 -> (🇦🇦)(🇷🇦), neither known.
        #expect(parse("🇦🇦🇷🇦") == "'🇦🇦🇷🇦'")
        #expect(parse("1️⃣2") == "<1️⃣|unicode> '2'")
        #expect(parse("12") == "'12'")
        #expect(parse("👋🏽👋") == "<👋🏽|unicode> <👋|unicode>")
        // A known emoji followed by a combining mark is a different cluster: text.
        #expect(parse("😄\u{301}") == "'😄\u{301}'")
        // After a zero-width joiner the emoji may join a sequence: text.
        #expect(parse("😄\u{200D}😄") == "'😄\u{200D}😄'")
        // Unknown emoji and unknown sequences stay text.
        #expect(parse("⭐") == "'⭐'")
        #expect(parse("👨‍👩") == "'👨‍👩'")
        // An unknown tone of a known base is not split into base + modifier.
        #expect(parse("🫶🏿") == "'🫶🏿'")
        // A placeholder whose ] is followed by a combining mark is not a whole cluster.
        #expect(parse("[微笑]\u{301}") == "'[微笑]\u{301}'")
        // Arabic number sign (Prepend) glues to what follows.
        #expect(parse("\u{600}[微笑]") == "'\u{600}[微笑]'")
    }

    @Test func textBetweenAttachmentsSplitsIntoThePlainTextsCharacters() {
        let samples = ["a😄\u{301}b[微笑]c": 1, "🇦🇷🇦🇦🇩": 1, "e\u{301}[哈哈]\u{301}": 0, "[[微笑]]1️⃣👩‍👩‍👦": 3]
        for (s, attachments) in samples {
            let rich = RichText(parsing: s, catalog: catalog)
            #expect(rich.attachments.count == attachments, "\(s)")
            // Units concatenate to the plain text, and their boundaries are Character boundaries.
            var offset = s.startIndex
            for unit in rich.units {
                let text = unit.plainText
                let end = s.utf8.index(offset, offsetBy: text.utf8.count)
                #expect(String(s[offset..<end]) == text)
                #expect(String.Index(end, within: s) != nil, "unit boundary inside a Character in \(s)")
                offset = end
            }
            #expect(offset == s.endIndex)
        }
    }

    @Test func linearOnPathologicalInput() {
        // 256 KB of brackets in debug; the benchmark runs 1 MB in release.
        let s = String(repeating: "[", count: 256 * 1024)
        let rich = RichText(parsing: s, catalog: catalog)
        #expect(rich.runs.count == 1 && rich.plainText == s)
        let t = String(repeating: "[哈", count: 50_000) + "]"
        let r2 = RichText(parsing: t, catalog: catalog)
        #expect(r2.attachments.isEmpty && r2.plainText == t) // "哈" alone is no code
        let u = String(repeating: "[哈哈", count: 50_000) + "]"
        #expect(RichText(parsing: u, catalog: catalog).attachments.map(\.emoji.code) == ["哈哈"])
        let longBody = "[" + String(repeating: "a", count: 200) + "]"
        #expect(RichText(parsing: longBody, catalog: catalog).attachments.isEmpty)
        let flags = String(repeating: "🇦", count: 20_001)
        let fr = RichText(parsing: flags, catalog: catalog)
        #expect(fr.attachments.isEmpty && fr.plainText == flags)
    }

    @Test func catalogWithoutUnicodeEmojiLeavesEmojiAsText() throws {
        let c = try EmojiCatalog(groups: [EmojiGroup(name: "g", emojis: [Emoji(code: "x", kind: .staticImage, group: "g")])])
        #expect(describe(RichText(parsing: "😄[x][f09f9884]1️⃣", catalog: c)) == "'😄' <x|code> '[f09f9884]1️⃣'")
        #expect(describe(RichText(parsing: "[x]", catalog: .empty)) == "'[x]'")
    }

    @Test func hexEncoding() {
        #expect(PlaceholderCodec.hexPlaceholder(for: "😄") == "[f09f9884]")
        #expect(catalog.emoji(forCode: "😄")!.hexPlaceholder == "[f09f9884]")
        #expect(PlaceholderCodec.encodeUnicodeAsHex("a😄[微笑]⭐", catalog: catalog) == "a[f09f9884][微笑]⭐")
        let family = "👨‍👩‍👧‍👦"
        let hex = PlaceholderCodec.hexPlaceholder(for: family)
        #expect(describe(RichText(parsing: hex, catalog: catalog)) == "<\(family)|utf8Hex>")
    }
}

/// The scanner against a slow, obviously correct oracle over `Character`s.
@Suite struct ScannerOracleTests {
    let catalog = EmojiCatalog.demo

    /// Tokens as (backed text, code) pairs, found Character by Character.
    func oracle(_ s: String) -> [String] {
        let chars = Array(s)
        func isBody(_ c: Character) -> Bool {
            c.unicodeScalars.count == 1 && PlaceholderScanner.isBodyScalar(c.unicodeScalars.first!.value)
        }
        var out: [String] = []
        var i = 0
        while i < chars.count {
            if chars[i] == "[" {
                var j = i + 1
                while j < chars.count && isBody(chars[j]) { j += 1 }
                let body = String(chars[(i + 1)..<min(j, chars.count)])
                if j < chars.count, chars[j] == "]", !body.isEmpty, body.utf8.count <= PlaceholderScanner.maxBodyBytes {
                    if let e = catalog.emoji(forCode: body), e.isImage {
                        out.append("[\(body)]=\(e.code)")
                        i = j + 1
                        continue
                    }
                    let hex = Array(body.utf8)
                    if hex.count % 2 == 0, hex.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) {
                        var bytes: [UInt8] = []
                        for k in stride(from: 0, to: hex.count, by: 2) {
                            bytes.append(UInt8(String(decoding: hex[k..<(k + 2)], as: UTF8.self), radix: 16)!)
                        }
                        if let decoded = String(validating: bytes, as: UTF8.self),
                           let e = catalog.emoji(forCode: decoded), e.kind == .unicode {
                            out.append("[\(body)]=\(e.code)")
                            i = j + 1
                            continue
                        }
                    }
                }
            } else if let e = catalog.emoji(forCode: String(chars[i])), e.kind == .unicode,
                      i == 0 || chars[i - 1].unicodeScalars.last?.value != 0x200D {
                out.append("\(chars[i])=\(e.code)")
            }
            i += 1
        }
        return out
    }

    @Test func matchesTheOracleOnRandomText() {
        var rng = SeededRandom(seed: 0x0AC1E)
        let pieces = ["[", "]", "[[", "]]", "微笑", "笑哭", "哈哈", "f056", "f0", "9f", "98", "84", "F0", "a", "Z", "_", "-",
                      "😄", "👋", "🏽", "\u{200D}", "\u{FE0F}", "\u{20E3}", "1", "#", "🇦", "🇷", "🇩", "\u{301}", "👨", "👩",
                      "👧", "🧑", "🤝", " ", "\n", "\u{600}", "⭐", "❤", "🔥", "你", "，", "[微笑]", "[f09f9884]"]
        var found = 0
        for _ in 0..<3000 {
            var s = ""
            for _ in 0..<rng.int(in: 0...14) { s += rng.element(of: pieces)! }
            let got = RichText(parsing: s, catalog: catalog).attachments.map { "\($0.backedText)=\($0.emoji.code)" }
            let want = oracle(s)
            #expect(got == want, "\(s.unicodeScalars.map { String($0.value, radix: 16) })")
            found += want.count
        }
        #expect(found > 1500) // the inputs exercise recognition, not just rejection
    }
}
