import Foundation
import SimCore
import Imaging
import EmojiSimIO

/// `emojisim-bench png`: PNG decode throughput (megapixels per second, RGBA8 output)
/// over the PngSuite files, the Noto emoji demo PNGs and generated 1024x1024 images,
/// measured interleaved with Pillow on the same files (Tools/bench-peers/pillow_png.py);
/// then encode throughput and compressed size against Pillow's (zlib level 6 both) on
/// the repository's snapshot references, the photo and the sticker. Our outputs are
/// decoded by Pillow and by Python's zlib and compared with the originals, so a stream
/// only our Inflate accepts fails. Process CPU time on both sides.
enum PNGBench {
    static var benchmark: Benchmark {
        Benchmark(name: "png", summary: "PNG decode/encode MP/s and size vs Pillow", slice: 0.1, setup: setup, report: report)
    }

    struct Group { var key: String; var label: String; var files: [(path: String, bytes: [UInt8])] }

    static func setup() -> BenchSession {
        let fm = FileManager.default
        let dir = BenchEnvironment.scratchFolder("png")
        let root = BenchEnvironment.root
        var facts: [String: Double] = [:]
        var probes: [Probe] = []
        var manifest: [String] = []
        var decodeGroups: [Group] = []
        func add(_ key: String, _ label: String, _ files: [(String, [UInt8])]) {
            var mp = 0.0
            var kept: [(path: String, bytes: [UInt8])] = []
            for (path, bytes) in files {
                guard let h = try? PNGDecoder().header(of: bytes) else { continue }
                mp += Double(h.width * h.height) / 1e6
                kept.append((path, bytes))
            }
            facts["mp:decode:" + key] = mp
            decodeGroups.append(Group(key: key, label: label, files: kept))
        }
        let suiteDir = root.appendingPathComponent("Tests/Fixtures/pngsuite/png")
        let suite = ((try? fm.contentsOfDirectory(atPath: suiteDir.path)) ?? []).sorted().filter { $0.hasSuffix(".png") && !$0.hasPrefix("x") }
        add("pngsuite", "pngsuite (\(suite.count) files)", suite.compactMap { n in
            let p = suiteDir.appendingPathComponent(n).path
            return fm.contents(atPath: p).map { (p, [UInt8]($0)) }
        })
        var emojiFiles: [(String, [UInt8])] = []
        for n in BundledResources.list("DemoAssets").filter({ $0.hasSuffix(".png") }).sorted() {
            guard let b = try? BundledResources.bytes("DemoAssets/" + n) else { continue }
            let p = dir.appendingPathComponent("emoji-" + n).path
            _ = fm.createFile(atPath: p, contents: Data(b))
            emojiFiles.append((p, b))
        }
        add("emoji", "noto emoji 64px (\(emojiFiles.count) files)", emojiFiles)
        for (key, label, image) in [("photo", "photo 1024x1024 RGB", photo(1024, 1024, alpha: false)),
                                    ("sticker", "sticker 1024x1024 RGBA", photo(1024, 1024, alpha: true))] {
            let bytes = PNGEncoder().encode(image)
            let p = dir.appendingPathComponent(key + ".png").path
            _ = fm.createFile(atPath: p, contents: Data(bytes))
            add(key, label, [(p, bytes)])
        }
        // Decode: every file of a group, fresh decoder state per file.
        for g in decodeGroups {
            var sink = 0
            probes.append(.repeating("decode:" + g.key, "decode " + g.label) {
                for f in g.files { sink &+= Int((try? PNGDecoder().decode(f.bytes))?.pixels.count ?? 0) }
            })
            manifest += g.files.map { "decode\t\(g.key)\t\($0.path)" }
        }

        // Encode: the snapshot references (UI screens, what scenario runs write most),
        // the photo and the sticker, each corpus as a whole (all files one call).
        let snapDir = root.appendingPathComponent("Snapshots")
        var snapshots: [(path: String, bytes: [UInt8])] = []
        if let walker = fm.enumerator(atPath: snapDir.path) {
            for case let rel as String in walker where rel.hasSuffix(".png") {
                let p = snapDir.appendingPathComponent(rel).path
                if let d = fm.contents(atPath: p) { snapshots.append((p, [UInt8](d))) }
            }
        }
        snapshots.sort { $0.path < $1.path }
        var verify: [String] = []
        let corpora = [Group(key: "snapshots", label: "snapshots (\(snapshots.count) files)", files: snapshots)] + decodeGroups.suffix(2)
        for (k, g) in corpora.enumerated() {
            let images = g.files.compactMap { try? PNGDecoder().decode($0.bytes) }
            facts["mp:encode:" + g.key] = images.reduce(0.0) { $0 + Double($1.width * $1.height) / 1e6 }
            var size = 0
            for (j, image) in images.enumerated() {
                let png = PNGEncoder().encode(image)
                size += png.count
                let p = dir.appendingPathComponent("ours-\(k)-\(j).png").path
                _ = fm.createFile(atPath: p, contents: Data(png))
                verify.append(g.files[j].path + "\t" + p)
            }
            facts["size:" + g.key] = Double(size)
            var sink = 0
            probes.append(.repeating("encode:" + g.key, "encode " + g.label) {
                for image in images { sink &+= PNGEncoder().encode(image).count }
            })
            manifest += g.files.map { "encode\t\(g.key)\t\($0.path)" }
        }
        let pairs = dir.appendingPathComponent("verify-pairs.tsv")
        try? (verify.joined(separator: "\n") + "\n").write(to: pairs, atomically: true, encoding: .utf8)
        let check = BenchEnvironment.runTool("/usr/bin/env", ["python3", BenchEnvironment.peerScript("pillow_png.py"), "verify", pairs.path])
        let checked = check.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let manifestURL = dir.appendingPathComponent("manifest.tsv")
        try? (manifest.joined(separator: "\n") + "\n").write(to: manifestURL, atomically: true, encoding: .utf8)
        return BenchSession(probes: probes, peers: [
            PeerSpec(name: "Pillow", argv: ["/usr/bin/env", "python3", BenchEnvironment.peerScript("pillow_png.py"), manifestURL.path],
                     after: nil, install: "apt-get install python3-pil, or pip install pillow"),
        ], facts: facts, notes: [
            "decode: RGBA8 output; Pillow \(BenchEnvironment.pillowVersion ?? "missing") open+load+convert('RGBA') (native: without convert)",
            "encode: level 6, EmojiSim's adaptive filters and own deflate against Pillow with its zlib",
            "our PNGs decoded by Pillow and by Python's zlib: " + (check.status != 0 || checked.isEmpty ? "not checked (no python3/Pillow)" : checked),
        ], finish: { try? FileManager.default.removeItem(at: dir) })
    }

    static func report(_ m: Medians) -> [Figure] {
        var out: [Figure?] = []
        for g in ["pngsuite", "emoji", "photo", "sticker"] {
            let mp = m.fact("mp:decode:" + g) ?? 0
            out.append(.rate("decode \(g) MP/s", seconds: m["decode:" + g], per: mp, unit: "MP/s"))
            out.append(.ratio("decode \(g) vs Pillow (its time / ours)", m.peer("Pillow:decode:" + g), m["decode:" + g], goal: .atLeast(1),
                              higherIsBetter: true))
        }
        for g in ["snapshots", "photo", "sticker"] {
            let mp = m.fact("mp:encode:" + g) ?? 0
            out.append(.rate("encode \(g) MP/s", seconds: m["encode:" + g], per: mp, unit: "MP/s"))
            out.append(.ratio("encode \(g) vs Pillow (its time / ours)", m.peer("Pillow:encode:" + g), m["encode:" + g], goal: .atLeast(1),
                              higherIsBetter: true))
            out.append(.count("encode \(g) bytes", m.fact("size:" + g), unit: "B"))
            out.append(.ratio("encode \(g) size vs Pillow's", m.fact("size:" + g), m.fact("Pillow:size:" + g), higherIsBetter: false))
        }
        return out.compactMap { $0 }
    }

    /// A deterministic photo-like image: smooth gradients and shapes with mild noise
    /// (compresses about 2:1 like a real photo), optionally with a soft alpha edge.
    static func photo(_ w: Int, _ h: Int, alpha: Bool) -> Image {
        var rng = SeededRandom(seed: 2026)
        var img = Image(width: w, height: h)
        img.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    let fx = Double(x) / Double(w), fy = Double(y) / Double(h)
                    let n = Double(rng.next() % 7) - 3
                    let r = 128 + 90 * sin(fx * 7 + fy * 3) + n
                    let g = 110 + 80 * cos(fx * 4 - fy * 5) + n
                    let b = 100 + 60 * sin((fx + fy) * 9) + n
                    let dx = fx - 0.5, dy = fy - 0.5
                    let d = (dx * dx + dy * dy).squareRoot()
                    let a = alpha ? max(0, min(255, (0.5 - d) * 1200)) : 255
                    let i = (y * w + x) * 4
                    p[i] = UInt8(max(0, min(255, r))); p[i + 1] = UInt8(max(0, min(255, g)))
                    p[i + 2] = UInt8(max(0, min(255, b))); p[i + 3] = UInt8(a)
                }
            }
        }
        return img
    }
}
