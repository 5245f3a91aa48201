import Foundation
import Testing
import SimCore
import EmojiText
import Imaging
@testable import EmojiSimIO

/// Issue 26, the catalog items: 1 (plist nesting), 2 (`catalog show` memory), 8
/// (`convert` writes confined), 11 (CRLF emoji-test.txt), 13 (duplicate group names,
/// duplicate JSON keys, UTF-16 JSON), and the accepted forms of plist sizes (issue 27).
@Suite struct HostileCatalogRound2Tests {
    let dir: URL = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("hostile2-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }()

    func write(_ text: String, _ name: String) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    // MARK: item 1

    @Test("item 1: every XML element counts toward the nesting depth, not only array and dict")
    func xmlElementDepth() throws {
        for tag in ["string", "foo", "key", "data"] {
            let deep = String(repeating: "<\(tag)>", count: 170_000) + String(repeating: "</\(tag)>", count: 170_000)
            #expect(throws: PlistBounds.Violation.self, "\(tag)") { try PlistBounds.check(Data(("<plist>" + deep + "</plist>").utf8)) }
        }
        // Through the importer: a typed error, no Foundation stack overflow.
        let url = try write("<plist>" + String(repeating: "<string>", count: 170_000) + "</plist>", "emtions.plist")
        _ = try write("<plist><dict/></plist>", "emtionMeans.plist")
        #expect { try SeedPlistImporter.load(emotions: url, meanings: dir.appendingPathComponent("emtionMeans.plist")) } throws: { e in
            "\(e)".contains("elements nested more than 256 levels deep (at byte")
        }
        // At the limit is fine; comments, CDATA, processing instructions, the DOCTYPE and
        // quoted '>' do not count or confuse the scan.
        let ok = String(repeating: "<array>", count: 255) + String(repeating: "</array>", count: 255)
        try PlistBounds.check(Data(("<plist>" + ok + "</plist>").utf8))
        #expect(throws: PlistBounds.Violation.self) {
            try PlistBounds.check(Data(("<plist><array>" + ok + "</array></plist>").utf8))
        }
        let tricky = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd" [ <!ENTITY x "<a>"> ]>
        <plist version="1.0" note="a > b"><!-- \(String(repeating: "<a>", count: 1000)) --><array>
        <string><![CDATA[\(String(repeating: "<a>", count: 1000))]]></string><true/><dict/></array></plist>
        """
        try PlistBounds.check(Data(tricky.utf8))
        // The fixtures still read.
        _ = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("seed"))
    }

    // MARK: item 11

    @Test("item 11: an emoji-test.txt with CRLF (or CR) line ends reads as with LF")
    func crlfEmojiTest() throws {
        let lf = """
        # emoji-test.txt
        # Version: 15.0
        # group: Smileys & Emotion
        # subgroup: face-smiling
        1F600 ; fully-qualified # 😀 E1.0 grinning face
        1F44B ; fully-qualified # 👋 E0.6 waving hand
        1F44B 1F3FB ; fully-qualified # 👋🏻 E1.0 waving hand: light skin tone
        # group: Flags
        1F1E8 1F1F3 ; fully-qualified # 🇨🇳 E0.6 flag: China

        """
        let a = try EmojiTestImporter.parse(lf, file: "t.txt")
        #expect(a.emojiCount == 3 && a.groups.count == 2 && a.unicodeVersion == "15.0")
        for (ending, label) in [("\r\n", "CRLF"), ("\r", "CR")] {
            let b = try EmojiTestImporter.parse(bytes: Array(lf.replacingOccurrences(of: "\n", with: ending).utf8), file: "t.txt")
            #expect(b.groups == a.groups, "\(label)")
            #expect(b.unicodeVersion == "15.0", "\(label)")
        }
        // The bundled file with CRLF, through the loader and format detection.
        let bundled = try CatalogLoader.bundledUnicode()
        let text = try String(contentsOf: try #require(BundledResources.url(CatalogLoader.bundledUnicodePath)), encoding: .utf8)
        let crlf = try write(text.replacingOccurrences(of: "\n", with: "\r\n"), "emoji-test.txt")
        let loaded = try CatalogLoader.load(path: crlf)
        #expect(loaded.format == .unicodeTest)
        #expect(loaded.groups == bundled.groups)
        #expect(loaded.emojiCount == bundled.emojiCount && loaded.emojiCount > 1_900)
        // A line that is not UTF-8 is named by line and column.
        var bad = Array("# group: G\n1F600 ; fully-qualified # 😀 E1.0 ok\n1F601 ; fully-qualified # x".utf8)
        bad += [0xFF] + Array(" E1.0 bad\n".utf8)
        #expect(throws: CatalogImportError(file: "t.txt", line: 3, column: 28, message: "not valid UTF-8 (byte 77)")) {
            try EmojiTestImporter.parse(bytes: bad, file: "t.txt")
        }
        #expect(try EmojiTestImporter.parse(bytes: bad, file: "t.txt", options: .init(lenient: true)).emojiCount == 1)
    }

    // MARK: item 13

    @Test("item 13: duplicate group names are refused in every format that names groups")
    func duplicateGroups() throws {
        let text = "# group: A\n1F600 ; fully-qualified # 😀 E1.0 a\n# group: B\n1F601 ; fully-qualified # 😁 E1.0 b\n# group: A\n1F602 ; fully-qualified # 😂 E1.0 c\n"
        #expect(throws: CatalogImportError(file: "t.txt", line: 5, message: "duplicate group \"A\" (first on line 1)")) {
            try EmojiTestImporter.parse(text, file: "t.txt")
        }
        // Lenient: reported, and the entries join the group of that name.
        let lenient = try EmojiTestImporter.parse(text, file: "t.txt", options: .init(lenient: true))
        #expect(lenient.groups.map(\.name) == ["A", "B"] && lenient.groups[0].emoji.map(\.code) == ["😀", "😂"])
        #expect(lenient.skipped.count == 1)
        // JSON: refused with the place, by check as well (it once said 0 errors).
        let json = try write(#"{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[]},{"name":"g","emoji":[]}]}"#, "d.json")
        #expect { try JSONCatalog.load(json) } throws: { e in
            "\(e)" == "d.json:1:84: key 'groups[1].name': duplicate group name \"g\" (also groups[0])"
        }
        let problems = CatalogChecker.check(json).map(\.description)
        #expect(problems.contains { $0.contains("duplicate group name") }, "\(problems)")
        // Sticker packs named by the same cover: refused too.
        let packs = """
        <plist><array>
        <dict><key>cover_pic</key><string>c.png</string><key>emoticons</key><array><dict><key>desc</key><string>[a]</string><key>image</key><string>a.png</string></dict></array></dict>
        <dict><key>cover_pic</key><string>c.png</string><key>emoticons</key><array><dict><key>desc</key><string>[b]</string><key>image</key><string>b.png</string></dict></array></dict>
        </array></plist>
        """
        let pack = try write(packs, "InnerStickersInfo.plist")
        #expect { try StickerPackImporter.load(pack) } throws: { e in "\(e)".contains("duplicate group name \"c\"") }
    }

    @Test("item 13: duplicate JSON keys and UTF-16 JSON are refused, with the byte")
    func jsonSyntax() throws {
        let dup = try write(#"{"format":"emojisim-catalog","version":1,"version":1,"groups":[]}"#, "k.json")
        #expect { try JSONCatalog.load(dup) } throws: { e in
            "\(e)" == "k.json:1:42: malformed JSON: member name \"version\" repeated in one object (first at byte 29)"
        }
        let text = #"{"format":"emojisim-catalog","version":1,"groups":[]}"#
        let utf16 = dir.appendingPathComponent("u.json")
        try Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: utf16)
        #expect { try JSONCatalog.load(utf16) } throws: { e in
            "\(e)" == "u.json:1:1: malformed JSON: UTF-16 text (byte order mark FF FE); JSON here is UTF-8"
        }
        // Errors Foundation gave without a place now have one.
        for (body, place, words) in [(#"{"format":"emojisim-catalog","version":1e999,"groups":[]}"#, ":1:40:", "too large"),
                                     (#"{"format":"emojisim-catalog","version":1,"groups":[],"x":"\ud800"}"#, ":1:", "lone high surrogate")] {
            let u = try write(body, "n.json")
            #expect { try JSONCatalog.load(u) } throws: { e in "\(e)".contains(place) && "\(e)".contains(words) }
        }
    }

    // MARK: sizes (issue 27)

    @Test("plist sizes: integer, real or a decimal string; nothing else")
    func plistSizes() throws {
        let reader = PlistReader(file: "e.plist")
        for (value, expected) in [(64 as Any, 64.0), (32.0 as Any, 32.0), (32.5 as Any, 32.5), ("64" as Any, 64.0),
                                  (" 64 " as Any, 64.0), ("32.5" as Any, 32.5), ("1e2" as Any, 100.0), ("+64" as Any, 64.0)] {
            #expect(try reader.optionalNumber(["w": value], "w", entry: 0) == expected, "\(value)")
        }
        for bad in ["0x40", "inf", "nan", "1,5", ".5", "5.", "64px", "", " ", "1e", "--1", "６４"] {
            #expect(throws: CatalogImportError.self, "\(bad)") { try reader.optionalNumber(["w": bad], "w", entry: 0) }
        }
        // Seed 000's <real>32</real>, through the importer.
        let images = dir.appendingPathComponent("EmtionImages")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: catalogFixtures.appendingPathComponent("seed/EmtionImages/f056.png"), to: images.appendingPathComponent("a.png"))
        let e = try write("""
        <plist><array><dict><key>fileName</key><string>a.png</string><key>group</key><string>g</string>
        <key>name</key><string>a</string><key>type</key><string>png</string>
        <key>width</key><real>32</real><key>height</key><real>32</real></dict></array></plist>
        """, "emtions.plist")
        _ = try write("<plist><dict/></plist>", "emtionMeans.plist")
        let c = try SeedPlistImporter.load(emotions: e, meanings: dir.appendingPathComponent("emtionMeans.plist"))
        #expect(c.allEmoji[0].size == Size(width: 32, height: 32))
    }

    // MARK: item 8

    @Test("item 8: convert writes nothing outside its output folder, whatever the codes and names")
    func convertIsConfined() throws {
        let src = dir.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: catalogFixtures.appendingPathComponent("seed/EmtionImages/f056.png"), to: src.appendingPathComponent("f.png"))
        // The issue's entry: code "../../escaped" with frames. The core refuses the code,
        // so nothing is written at all.
        let json = try write(#"{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[{"code":"../../escaped","kind":"animated","frames":["src/f.png"]}]}]}"#, "c.json")
        let imported = try JSONCatalog.load(json)
        let outDir = dir.appendingPathComponent("out/deeper")
        try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
        #expect { try JSONCatalog.write(imported, to: outDir.appendingPathComponent("x.json")) } throws: { e in
            "\(e)".contains("not written: the catalog would not load")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/escaped.sequence").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("escaped.sequence").path))
        #expect(!FileManager.default.fileExists(atPath: outDir.appendingPathComponent("x.json").path))
        // A catalog built by a caller with resource names that climb: copies are placed by
        // the file's own path (never the resource name), inside the images folder.
        let hostile = try ImportedCatalog(format: .json, source: json, root: dir.appendingPathComponent("nowhere"),
                                          groups: [ImportedGroup(name: "g", emoji: [Emoji(code: "ok", kind: .staticImage, imageName: "../../../x.png", group: "g")])],
                                          images: ["../../../x.png": src.appendingPathComponent("f.png")])
        try JSONCatalog.write(hostile, to: outDir.appendingPathComponent("y.json"))
        let left = try FileManager.default.subpathsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted()
        #expect(left == ["deeper", "deeper/y.images", "deeper/y.images/f.png", "deeper/y.json"], "\(left)")
        #expect(try JSONCatalog.load(outDir.appendingPathComponent("y.json")).images.values.map(\.lastPathComponent) == ["f.png"])
        // A symlinked folder inside the images folder is not written through.
        let seed = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("seed"))
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outDir.appendingPathComponent("s.images"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: outDir.appendingPathComponent("s.images/EmtionImages"), withDestinationURL: elsewhere)
        #expect { try JSONCatalog.write(seed, to: outDir.appendingPathComponent("s.json")) } throws: { e in "\(e)".contains("is a symlink") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test("ConfinedOutput refuses paths that leave or name the root, and keeps ordinary ones")
    func confinedPaths() throws {
        let out = ConfinedOutput(root: dir.appendingPathComponent("o"))
        for bad in ["", "/etc/passwd", "~/x", "../x", "a/../../x", "a/../b", ".", "./", "a\u{0}b", "a\nb", "a/\u{1B}[31m/b"] {
            #expect(throws: FileWriteError.self, "\(bad.debugDescription)") { try out.url(for: bad) }
        }
        #expect(try out.url(for: "a/./b//c.png").path == dir.appendingPathComponent("o/a/b/c.png").path)
        var batch = SafeFileWriter.Batch()
        try out.stage([1, 2, 3], at: "EmtionImages/f.png", in: &batch)
        try out.stage([4], at: "top.png", in: &batch)
        try batch.commit()
        #expect(try Data(contentsOf: dir.appendingPathComponent("o/EmtionImages/f.png")) == Data([1, 2, 3]))
        #expect(try Data(contentsOf: dir.appendingPathComponent("o/top.png")) == Data([4]))
        // The message echoes a long hostile name cut.
        do { _ = try out.url(for: String(repeating: "../", count: 100_000)) } catch {
            #expect(error.description.count < 600, "\(error.description.count)")
        }
    }

    // MARK: item 2

    @Test("item 2: show bounds its columns, escapes control characters and aligns wide names")
    func showListing() throws {
        let long = String(repeating: "长", count: 1_000_000)
        var groups = [ImportedGroup(name: long, emoji: [Emoji(code: "😀", kind: .unicode, group: long)]),
                      ImportedGroup(name: "a\u{1B}[31mred", emoji: []),
                      ImportedGroup(name: "经典", emoji: []), ImportedGroup(name: "Seed", titles: ["": "动图"], emoji: [])]
        for i in 0..<50_000 { groups.append(ImportedGroup(name: "g\(i)")) }
        let c = try ImportedCatalog(format: .json, source: URL(fileURLWithPath: "big.json"), groups: groups, wire: .unicode)
        var count = 0, longest = 0
        var first: [String] = []
        CatalogListing.write(c) { line in
            count += 1
            longest = max(longest, line.utf8.count)
            if first.count < 6 { first.append(line) }
        }
        #expect(count == 1 + 50_004)
        #expect(longest < 400, "\(longest)")
        #expect(first[1].hasPrefix("  " + String(repeating: "长", count: 19) + "…"))
        #expect(first[2].contains("a\\u{1B}[31mred") && !first[2].contains("\u{1B}"))
        // Aligned by display width: 经典 takes four columns, as Seed does.
        let rows = first[3...4].map { String($0.prefix { $0 != "0" }) }
        #expect(rows.map { CatalogListing.fit($0, 1000).width } == [rows[0], rows[0]].map { CatalogListing.fit($0, 1000).width })
        #expect(first[4].hasPrefix("  Seed (title 动图)"))
    }

    // MARK: items 4 and 5

    /// A 35-byte GIF declaring a `side x side` canvas with one 1x1 frame.
    static func canvasGIF(_ side: Int) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        return Array("GIF89a".utf8) + le16(side) + le16(side) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
            + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B]
    }

    /// A JSON catalog of `count` static emoji, each its own canvas-bomb GIF.
    func canvasCatalog(_ count: Int, side: Int) throws -> URL {
        let folder = dir.appendingPathComponent("bombs\(count)-\(side)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var entries: [String] = []
        for i in 0..<count {
            try Data(Self.canvasGIF(side)).write(to: folder.appendingPathComponent("b\(i).gif"))
            entries.append(#"{"code":"b\#(i)","kind":"animated","image":"b\#(i).gif"}"#)
        }
        let json = folder.appendingPathComponent("c.json")
        try Data(#"{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[\#(entries.joined(separator: ","))]}]}"#.utf8).write(to: json)
        return json
    }

    @Test("items 4 and 5: canvases past the emoji limit are refused from the header, by check and by a run's import")
    func canvasLimit() throws {
        #expect(Self.canvasGIF(10000).count == 35)
        #expect(try ImageHeader.probe(Self.canvasGIF(10000)).width == 10000)
        // 80 of them: check reads headers (was 0.45 s an image decoding each canvas).
        let json = try canvasCatalog(80, side: 10000)
        let problems = CatalogChecker.check(json)
        #expect(problems.count == 80)
        #expect(problems.first?.description == "error: c.json: entry 0: code \"b0\": image \"b0.gif\": canvas 10000x10000 exceeds max width 4096 (an emoji image is at most 4096x4096 pixels)")
        // A run's import refuses the catalog, naming the entry, before decoding anything.
        #expect { try ScenarioAssets.load(.json("c.json"), relativeTo: json.deletingLastPathComponent()) } throws: { e in
            "\(e)".contains("entry 0: code \"b0\": image \"b0.gif\": canvas 10000x10000 exceeds")
        }
        // At the limit: checked, imported, and drawn within the library's budget.
        let fine = try canvasCatalog(3, side: 4096)
        #expect(CatalogChecker.check(fine).isEmpty)
        let assets = try ScenarioAssets.load(.json("c.json"), relativeTo: fine.deletingLastPathComponent())
        let library = assets.makeLibrary()
        #expect(library.limits == .emoji)
        #expect(try library.image(named: "b2.gif").canvasWidth == 4096)
    }
}
