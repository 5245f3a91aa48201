import Foundation
import SimCore
import Imaging
import EmojiSimIO

/// `emojisim-bench png`: PNG decode throughput (megapixels per second, RGBA8 output)
/// over the PngSuite files, the Noto emoji demo PNGs and generated 1024x1024 images,
/// measured in the same run as Pillow on the same files (Tools/bench-peers/pillow_png.py);
/// then encode throughput and compressed size against Pillow's (zlib level 6 both).
/// Process CPU time, as the machine is shared.
enum PNGBench {
    static var benchmark: Benchmark {
        Benchmark(name: "png", summary: "PNG decode/encode MP/s and size vs Pillow") { _ in run() }
    }

    struct Group { var name: String; var files: [(path: String, bytes: [UInt8])]; var megapixels: Double }

    static func run() {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("emojisim-bench-png")
        try? fm.createDirectory(at: dir, withIntermediateDirectories: true)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var groups: [Group] = []
        func add(_ name: String, _ files: [(String, [UInt8])]) {
            var mp = 0.0
            var kept: [(path: String, bytes: [UInt8])] = []
            for (path, bytes) in files {
                guard let h = try? PNGDecoder().header(of: bytes) else { continue }
                mp += Double(h.width * h.height) / 1e6
                kept.append((path, bytes))
            }
            groups.append(Group(name: name, files: kept, megapixels: mp))
        }
        let suiteDir = root.appendingPathComponent("Tests/Fixtures/pngsuite/png")
        let suite = ((try? fm.contentsOfDirectory(atPath: suiteDir.path)) ?? []).sorted().filter { $0.hasSuffix(".png") && !$0.hasPrefix("x") }
        add("pngsuite (\(suite.count) files)", suite.compactMap { n in
            let p = suiteDir.appendingPathComponent(n).path
            return fm.contents(atPath: p).map { (p, [UInt8]($0)) }
        })
        let emoji = BundledResources.list("DemoAssets").filter { $0.hasSuffix(".png") }.sorted()
        var emojiFiles: [(String, [UInt8])] = []
        for n in emoji {
            guard let b = try? BundledResources.bytes("DemoAssets/" + n) else { continue }
            let p = dir.appendingPathComponent("emoji-" + n).path
            _ = fm.createFile(atPath: p, contents: Data(b))
            emojiFiles.append((p, b))
        }
        add("noto emoji 64px (\(emojiFiles.count) files)", emojiFiles)
        for (name, image) in [("photo 1024x1024 RGB", photo(1024, 1024, alpha: false)),
                              ("sticker 1024x1024 RGBA", photo(1024, 1024, alpha: true))] {
            let bytes = PNGEncoder().encode(image)
            let p = dir.appendingPathComponent(name.replacingOccurrences(of: " ", with: "-") + ".png").path
            _ = fm.createFile(atPath: p, contents: Data(bytes))
            add(name, [(p, bytes)])
        }

        // Decode: every file of a group, fresh decoder state per file.
        var ours: [String: Double] = [:]
        for g in groups {
            var sink = 0
            let r = measureCPU(minSeconds: 0.5) {
                for f in g.files { sink &+= Int((try? PNGDecoder().decode(f.bytes))?.pixels.count ?? 0) }
            }
            ours[g.name] = r.seconds / Double(r.iterations)
            if sink == 42 { print("") }
        }
        let manifest = dir.appendingPathComponent("manifest.tsv")
        let lines = groups.flatMap { g in g.files.map { "\(g.name)\t\($0.path)" } }.joined(separator: "\n") + "\n"
        try? lines.write(to: manifest, atomically: true, encoding: .utf8)
        var pillow: [String: (Double, Double)] = [:]
        let out = GIFBench.runTool("/usr/bin/env", ["python3", GIFBench.peerScript("pillow_png.py"), "decode", "0.5", manifest.path])
        for line in out.split(separator: "\n") {
            let f = line.split(separator: "\t").map(String.init)
            if f.count == 4, let t = Double(f[2]), let tn = Double(f[3]) { pillow[f[0]] = (t, tn) }
        }
        if pillow.isEmpty { print("Pillow: not available (pip install pillow)") }

        let pad = GIFBench.pad, fixed = GIFBench.fixed
        print("decode throughput, MP/s to RGBA8, process CPU time (release; Pillow \(GIFBench.pillowVersion()) open+load+convert('RGBA'); native = without convert)")
        print(pad("corpus", 34) + pad("MP", 9) + pad("EmojiSim", 10) + pad("Pillow", 10) + pad("native", 10) + "vs Pillow")
        for g in groups {
            let o = ours[g.name]!, p = pillow[g.name]
            print(pad(g.name, 34) + pad(fixed(g.megapixels, 3), 9) + pad(fixed(g.megapixels / o, 1), 10)
                  + pad(p.map { fixed(g.megapixels / $0.0, 1) } ?? "n/a", 10)
                  + pad(p.map { fixed(g.megapixels / $0.1, 1) } ?? "n/a", 10)
                  + (p.map { fixed($0.0 / o, 2) + "x" } ?? "n/a"))
        }
        print("(vs Pillow = Pillow's time / EmojiSim's time: above 1 means EmojiSim is faster)")

        encode(groups: groups, root: root, dir: dir)
    }

    /// Encode throughput and size at level 6 against Pillow (zlib-ng in its wheels) on
    /// three corpora: the repository's snapshot references (UI screens, what scenario
    /// runs write most), the photo and the sticker. Each corpus is timed as a whole (all
    /// files one iteration). Then our outputs are decoded by Pillow and by Python's own
    /// zlib and compared with the originals, so a stream only our Inflate accepts fails.
    static func encode(groups: [Group], root: URL, dir: URL) {
        let fm = FileManager.default
        let pad = GIFBench.pad, fixed = GIFBench.fixed
        let snapDir = root.appendingPathComponent("Snapshots")
        var snapshots: [(path: String, bytes: [UInt8])] = []
        if let walker = fm.enumerator(atPath: snapDir.path) {
            for case let rel as String in walker where rel.hasSuffix(".png") {
                let p = snapDir.appendingPathComponent(rel).path
                if let d = fm.contents(atPath: p) { snapshots.append((p, [UInt8](d))) }
            }
        }
        snapshots.sort { $0.path < $1.path }
        var corpora: [Group] = [Group(name: "snapshots (\(snapshots.count) files)", files: snapshots, megapixels: 0)]
        corpora += groups.suffix(2)
        var images: [[Image]] = []
        for k in corpora.indices {
            let decoded = corpora[k].files.compactMap { try? PNGDecoder().decode($0.bytes) }
            images.append(decoded)
            corpora[k].megapixels = decoded.reduce(0.0) { $0 + Double($1.width * $1.height) / 1e6 }
        }
        let manifest = dir.appendingPathComponent("encode-manifest.tsv")
        let lines = corpora.flatMap { g in g.files.map { "\(g.name)\t\($0.path)" } }.joined(separator: "\n") + "\n"
        try? lines.write(to: manifest, atomically: true, encoding: .utf8)
        let pe = GIFBench.runTool("/usr/bin/env", ["python3", GIFBench.peerScript("pillow_png.py"), "encode", "0.5", manifest.path])
        var pillowEncode: [String: (Double, Int)] = [:]
        for line in pe.split(separator: "\n") {
            let f = line.split(separator: "\t").map(String.init)
            if f.count == 4, let t = Double(f[2]), let n = Int(f[3]) { pillowEncode[f[0]] = (t, n) }
        }
        print("encode, level 6, process CPU time (EmojiSim adaptive filters + own deflate; Pillow \(GIFBench.pillowVersion()) with its zlib)")
        print(pad("corpus", 34) + pad("MP", 9) + pad("EmojiSim", 10) + pad("Pillow", 10) + pad("vs Pillow", 11)
              + pad("bytes", 10) + pad("Pillow", 10) + "size vs Pillow")
        var verify: [String] = []
        for (k, g) in corpora.enumerated() {
            var size = 0
            var outputs: [[UInt8]] = []
            let r = measureCPU(minSeconds: 0.5) {
                size = 0
                outputs.removeAll(keepingCapacity: true)
                for image in images[k] {
                    let png = PNGEncoder().encode(image)
                    size += png.count
                    outputs.append(png)
                }
            }
            for (j, png) in outputs.enumerated() {
                let p = dir.appendingPathComponent("ours-\(k)-\(j).png").path
                _ = fm.createFile(atPath: p, contents: Data(png))
                verify.append(g.files[j].path + "\t" + p)
            }
            let t = r.seconds / Double(r.iterations)
            let p = pillowEncode[g.name]
            print(pad(g.name, 34) + pad(fixed(g.megapixels, 3), 9) + pad(fixed(g.megapixels / t, 1), 10)
                  + pad(p.map { fixed(g.megapixels / $0.0, 1) } ?? "n/a", 10)
                  + pad(p.map { fixed($0.0 / t, 2) + "x" } ?? "n/a", 11)
                  + pad("\(size)", 10) + pad(p.map { "\($0.1)" } ?? "n/a", 10)
                  + (p.map { fixed(Double(size) / Double($0.1), 3) + "x" } ?? "n/a"))
        }
        print("(vs Pillow = Pillow's time / EmojiSim's time: above 1 means EmojiSim is faster)")
        let pairs = dir.appendingPathComponent("verify-pairs.tsv")
        try? (verify.joined(separator: "\n") + "\n").write(to: pairs, atomically: true, encoding: .utf8)
        let check = GIFBench.runTool("/usr/bin/env", ["python3", GIFBench.peerScript("pillow_png.py"), "verify", pairs.path])
        print("our PNGs decoded by Pillow and by Python's zlib: " + (check.isEmpty ? "not checked (no python3/Pillow)" : check.trimmingCharacters(in: .whitespacesAndNewlines)))
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
