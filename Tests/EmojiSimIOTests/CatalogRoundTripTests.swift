import Foundation
import Testing
import SimCore
import EmojiText
@testable import EmojiSimIO

/// Issue 27, "Catalogs": `catalog convert` is lossless. Every importer's sample (and the
/// built-in demo and Unicode catalogs), converted to JSON and read back, lists the same
/// in `catalog show --entries` (groups, titles, codes, kinds, meanings in every locale,
/// keywords, variants, image files) and names images with the same bytes; a second
/// conversion of the JSON writes the same JSON.
@Suite struct CatalogRoundTripTests {
    let dir: URL = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }()

    static func listing(_ c: ImportedCatalog) -> [String] {
        var lines: [String] = []
        CatalogListing.write(c, entries: true) { lines.append($0) }
        return Array(lines.dropFirst()) // the header names the source file and format
    }

    /// What must survive, in full (the listing cuts long values): per entry every field
    /// and the bytes of every image it draws with.
    static func content(_ c: ImportedCatalog) throws -> [String] {
        func bytes(_ url: URL?) throws -> String {
            guard let url, FileManager.default.fileExists(atPath: url.path) else { return "missing" }
            let d = try Data(contentsOf: url)
            return "\(d.count) bytes, hash \(d.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 })"
        }
        var out: [String] = ["wire \(c.wire.rawValue) unicode \(c.unicodeVersion ?? "-")"]
        for g in c.groups {
            out.append("group \(g.name) titles \(g.titles.sorted { $0.key < $1.key }) icon \(try g.icon.map { try bytes(c.images[$0]) } ?? "-")")
            for e in g.emoji {
                var s = "  \(e.code) \(e.kind) size \(e.size.map { "\($0.width)x\($0.height)" } ?? "-")"
                s += " meanings \(e.meanings.sorted { $0.key < $1.key }) keywords \(e.keywords)"
                if let name = e.imageName {
                    if let frames = c.sequences[name] {
                        s += " frames \(try frames.map { "\($0.lastPathComponent) \(try bytes($0))" })"
                    } else {
                        s += " image \(c.images[name]?.lastPathComponent ?? "?") \(try bytes(c.images[name]))"
                    }
                }
                for v in g.variants[e.code] ?? [] {
                    s += " variant \(v) \(try g.variantImages[v].map { try bytes(c.images[$0]) } ?? "-")"
                    s += " \((e.variantMeanings[v] ?? [:]).sorted { $0.key < $1.key })"
                }
                out.append(s)
            }
        }
        return out
    }

    func roundTrip(_ original: ImportedCatalog, _ label: String) throws {
        let out = dir.appendingPathComponent("\(label).json")
        try JSONCatalog.write(original, to: out)
        let again = try CatalogLoader.load(path: out)
        #expect(again.format == .json)
        #expect(Self.listing(again) == Self.listing(original), "\(label): catalog show differs")
        let a = try Self.content(original), b = try Self.content(again)
        #expect(a == b, "\(label): content differs:\n\(zip(a, b).filter { $0 != $1 }.prefix(3).map { "\($0)\n\($1)" }.joined(separator: "\n"))")
        #expect(a.count == b.count)
        // JSON back to JSON, beside the first: the same text (paths relative to the same folder).
        let twice = dir.appendingPathComponent("\(label)-again.json")
        try JSONCatalog.write(again, to: twice)
        let t1 = try String(contentsOf: out, encoding: .utf8), t2 = try String(contentsOf: twice, encoding: .utf8)
        #expect(t1 == t2, "\(label): a second conversion differs")
        // The core sees the same catalog: groups with titles, codes, variants with images.
        let c1 = try CatalogBridge.emojiCatalog(original), c2 = try CatalogBridge.emojiCatalog(again)
        #expect(c1.groups.map(\.name) == c2.groups.map(\.name) && c1.groups.map(\.titles) == c2.groups.map(\.titles), "\(label)")
        #expect(c1.emojis.map(\.code) == c2.emojis.map(\.code), "\(label)")
        for (x, y) in zip(c1.emojis, c2.emojis) {
            #expect(x.skinToneVariants == y.skinToneVariants && x.skinToneImages.count == y.skinToneImages.count, "\(label) \(x.code)")
            #expect(x.variantMeanings == y.variantMeanings, "\(label) \(x.code)")
        }
    }

    @Test("every importer's sample converts to JSON and back unchanged", arguments: ["seed", "stickers", "weibo", "noto", "twemoji"])
    func fixtures(_ name: String) throws {
        try roundTrip(try CatalogLoader.load(path: catalogFixtures.appendingPathComponent(name)), name)
    }

    @Test("the built-in catalogs convert unchanged: demo (titles, variants with images) and Unicode")
    func builtIns() throws {
        let demo = CatalogBridge.demoCatalog()
        #expect(demo.groups.contains { $0.titles[""] == "动图" })
        #expect(demo.groups.contains { !$0.variantImages.isEmpty })
        try roundTrip(demo, "demo")
        try roundTrip(try CatalogLoader.bundledUnicode(), "unicode")
        try roundTrip(try CatalogLoader.load(path: ScenarioAssets.demoAssetsFolder()), "bundled-noto")
    }

    @Test("a seed catalog's every locale survives, and png_sequence frames keep their names")
    func seedDetails() throws {
        let seed = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("seed"))
        let out = dir.appendingPathComponent("my.json")
        try JSONCatalog.write(seed, to: out)
        let again = try CatalogLoader.load(path: out)
        #expect(again.allEmoji.first { $0.code == "f056" }?.meanings == ["": "笑哭", "en": "tears of joy"])
        let wave = try #require(again.allEmoji.first { $0.code == "wave" }?.imageName)
        let frames = try #require(again.sequences[wave])
        // Copied at their own paths (was my.images/EmtionImages/wave.png/wave_0.png).
        #expect(frames.map { $0.path.replacingOccurrences(of: dir.resolvingSymlinksInPath().path + "/", with: "") }
                == ["my.images/EmtionImages/wave_0.png", "my.images/EmtionImages/wave_1.png"])
        // So check finds no folder named like an image to call unreferenced.
        let problems = CatalogChecker.check(again)
        #expect(problems.isEmpty, "\(problems)")
        // --locale on convert: the locale's meanings become the defaults, the others stay.
        let en = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("seed"), options: .init(locale: "en"))
        let enOut = dir.appendingPathComponent("en.json")
        try JSONCatalog.write(en, to: enOut)
        #expect(try CatalogLoader.load(path: enOut).allEmoji.first { $0.code == "f056" }?.meanings == ["": "tears of joy", "en": "tears of joy"])
    }
}
