import Testing
import Foundation
import SimCore
import EmojiText
@testable import EmojiSimIO

/// Issue 18 items 2, 3, 7, 9, 14 and 16: hostile catalogs end in a typed error naming
/// the file and entry, never a trap or unbounded memory.
@Suite struct HostileCatalogTests {
    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A binary plist of `levels` arrays, each holding two references to the next:
    /// 2^levels objects once expanded, about 5 bytes a level on disk.
    static func sharedReferenceBomb(levels: Int) -> Data {
        var b = Array("bplist00".utf8)
        var offsets: [Int] = []
        for i in 0..<levels {
            offsets.append(b.count)
            b += [0xA2, UInt8(i + 1), UInt8(i + 1)]
        }
        offsets.append(b.count)
        b.append(0xA0)                                   // the innermost: an empty array
        let table = b.count
        for o in offsets { b.append(UInt8(o)) }
        func be64(_ v: Int) -> [UInt8] { (0..<8).map { UInt8((v >> (56 - 8 * $0)) & 0xFF) } }
        b += [0, 0, 0, 0, 0, 0, 1, 1] + be64(levels + 1) + be64(0) + be64(table)
        return Data(b)
    }

    @Test func sharedReferencesCannotExpandWithoutBound() throws {
        let dir = try Self.folder("bplist")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bomb = Self.sharedReferenceBomb(levels: 40)
        #expect(bomb.count < 250)
        let url = dir.appendingPathComponent("emtions.plist")
        try bomb.write(to: url)
        try Data("<plist><dict/></plist>".utf8).write(to: dir.appendingPathComponent("emtionMeans.plist"))
        #expect(throws: CatalogImportError.self) { try SeedPlistImporter.load(emotions: url, meanings: dir.appendingPathComponent("emtionMeans.plist")) }
        do { _ = try PlistReader(file: "emtions.plist").load(url) } catch {
            #expect(error.description.contains("expand to more than"))
        }
        // A little sharing is fine and decodes as before.
        let small = Self.sharedReferenceBomb(levels: 4)
        try PlistBounds.check(small)
        let value = try PropertyListSerialization.propertyList(from: small, format: nil)
        #expect((value as? [Any])?.count == 2)
    }

    @Test func cyclesAndDeepNestingAreRefused() throws {
        // Object 0 is an array holding itself.
        var b = Array("bplist00".utf8) + [0xA1, 0x00]
        b += [8] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 10]
        #expect(throws: PlistBounds.Violation.self) { try PlistBounds.check(Data(b)) }
        let deep = String(repeating: "<array>", count: 5000) + String(repeating: "</array>", count: 5000)
        #expect(throws: PlistBounds.Violation.self) { try PlistBounds.check(Data(("<plist>" + deep + "</plist>").utf8)) }
        let deepJSON = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(throws: PureJSON.Failure.self) { try PureJSON.parse(Array(deepJSON.utf8)) }
        // Brackets inside strings do not count.
        _ = try PureJSON.parse(Array(("[\"" + String(repeating: "[", count: 5000) + "\\\"\"]").utf8))
        try PlistBounds.check(Data("<plist><array><array/><dict></dict></array></plist>".utf8))
    }

    /// Declared sizes that used to trap `catalog check` (`Int(1e300)`).
    @Test func extremeDeclaredSizesAreImportErrors() throws {
        let dir = try Self.folder("sizes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let images = dir.appendingPathComponent("EmtionImages")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: catalogFixtures.appendingPathComponent("seed/EmtionImages/f056.png"),
                                         to: images.appendingPathComponent("a.png"))
        let values = ["<real>1e300</real>", "<string>1e300</string>", "<real>-1e300</real>", "<real>4e18</real>",
                      "<real>nan</real>", "<real>inf</real>", "<integer>64</integer>"]
        var entries = ""
        for (i, v) in values.enumerated() {
            entries += "<dict><key>fileName</key><string>a.png</string><key>group</key><string>g</string>"
            entries += "<key>name</key><string>c\(i)</string><key>type</key><string>png</string>"
            entries += "<key>width</key>\(v)<key>height</key><integer>64</integer></dict>"
        }
        try Data("<plist><array>\(entries)</array></plist>".utf8).write(to: dir.appendingPathComponent("emtions.plist"))
        try Data("<plist><dict/></plist>".utf8).write(to: dir.appendingPathComponent("emtionMeans.plist"))
        let problems = CatalogChecker.check(dir, wireCheck: nil).map(\.description)
        for i in 0..<6 {
            #expect(problems.contains { $0.contains("entry \(i): key 'width'") }, "entry \(i): \(problems)")
        }
        #expect(!problems.contains { $0.contains("entry 6") })
        // A caller-built catalog with a huge size is compared without trapping.
        var catalog = try CatalogLoader.load(path: dir, options: .init(lenient: true))
        catalog.groups[0].emoji[0].size = Size(width: 1e300, height: -4e18)
        let lines = CatalogChecker.check(catalog).map(\.description)
        #expect(lines.contains { $0.contains("declared size 1" + String(repeating: "0", count: 300) + "x-4000000000000000000 but \"a.png\"") }, "\(lines)")
    }

    @Test func catalogsHaveEntryAndFrameCaps() throws {
        let many = (0...CatalogLimits.maxEntries).map { Emoji(code: "c\($0)", kind: .unicode, meanings: [:], group: "g") }
        #expect(throws: CatalogImportError.self) {
            try ImportedCatalog(format: .json, source: URL(fileURLWithPath: "x.json"), groups: [ImportedGroup(name: "g", emoji: many)])
        }
        let dir = try Self.folder("frames")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: catalogFixtures.appendingPathComponent("seed/EmtionImages/f056.png"),
                                         to: dir.appendingPathComponent("f.png"))
        let frames = Array(repeating: "\"f.png\"", count: CatalogLimits.maxFramesPerEntry + 1).joined(separator: ",")
        let json = """
        {"format": "emojisim-catalog", "version": 1, "groups": [{"name": "g", "emoji": [
          {"code": "a", "kind": "animated", "frames": [\(frames)]}]}]}
        """
        try Data(json.utf8).write(to: dir.appendingPathComponent("c.json"))
        #expect(throws: CatalogImportError.self) { try JSONCatalog.load(dir.appendingPathComponent("c.json")) }
    }

    /// Item 7: a frame listed many times is read once.
    @Test func aSharedImageIsReadOnce() throws {
        let png = catalogFixtures.appendingPathComponent("seed/EmtionImages/f056.png")
        var reader = ImageFileReader(file: "c.json")
        let a = try reader.read(png), b = try reader.read(png)
        #expect(a != nil && a == b)
        #expect(reader.total == a!.count)
        #expect(try reader.read(URL(fileURLWithPath: "/dev/zero")) == nil)
        #expect(try reader.read(URL(fileURLWithPath: "/nonexistent/x.png")) == nil)
    }

    /// Item 14: the code-point folder importer confines symlinks as the plist importers do.
    @Test func codePointFolderSymlinksStayInside() throws {
        let dir = try Self.folder("codepoints")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: catalogFixtures.appendingPathComponent("seed/EmtionImages/f056.png"),
                                         to: dir.appendingPathComponent("1f600.png"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("1f602.png").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("1f603.png").path, withDestinationPath: "1f600.png")
        let unicode = try CatalogLoader.bundledUnicode()
        #expect(throws: CatalogImportError.self) { try CodePointFolderImporter.load(dir, unicode: unicode) }
        let lenient = try CodePointFolderImporter.load(dir, unicode: unicode, options: .init(lenient: true))
        #expect(lenient.skipped.map(\.description).contains { $0.contains("1f602.png") && $0.contains("escapes the catalog folder") })
        #expect(!lenient.images.values.contains { $0.path.hasPrefix("/etc") })
        #expect(lenient.images.count == 2)           // the file and the link inside the folder
    }

    /// Item 16: emoji-test.txt lines that repeat a code point sequence are flagged.
    @Test func duplicateCodePointsInEmojiTestAreFlagged() throws {
        let text = """
        # group: Smileys
        1F600 ; fully-qualified # 😀 E1.0 grinning face
        1F601 ; fully-qualified # 😁 E0.6 beaming face
        1F600 ; fully-qualified # 😀 E1.0 grinning face again
        """
        #expect(throws: CatalogImportError(file: "t.txt", line: 4, message: "duplicate code points 1F600 (first on line 2)")) {
            try EmojiTestImporter.parse(text, file: "t.txt")
        }
        let lenient = try EmojiTestImporter.parse(text, file: "t.txt", options: .init(lenient: true))
        #expect(lenient.emojiCount == 2)
        #expect(lenient.skipped.count == 1)
    }

    /// Non-regular inputs (a device that never ends, a folder) are refused, not read.
    @Test func inputFilesAreBounded() throws {
        #expect(throws: FileReadError.self) { try InputFile.read("/dev/zero", maxBytes: 1 << 20) }
        #expect(throws: FileReadError.self) { try InputFile.read("/tmp", maxBytes: 1 << 20) }
        #expect(throws: CatalogImportError.self) { try CatalogFile.read(URL(fileURLWithPath: "/dev/zero"), file: "z", maxBytes: 100) }
        do { _ = try InputFile.read("/nonexistent/a.png", maxBytes: 10) } catch {
            #expect(error.description == "cannot read /nonexistent/a.png: no such file")
        }
    }
}
