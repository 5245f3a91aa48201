import Foundation
import SimCore
import Imaging
import EmojiSimIO

/// `emojisim-bench gif`: GIF decode throughput (megapixels of composited frames per
/// second) for a corpus: a generated 480x360 60-frame animation, the conformance
/// GIFs' shapes and the demo GIFs, each file a probe measured interleaved with Pillow
/// and giflib's gif2rgb decode loop on the same file (Tools/bench-peers; process CPU
/// time). The corpus total sums the per-file medians over the files all three decode.
/// Then the frame cache's peak bytes when 1,000 players of the demo GIFs exist and 20
/// of them play. Goal: the corpus >= 2x giflib.
enum GIFBench {
    static var benchmark: Benchmark {
        Benchmark(name: "gif", summary: "GIF decode MP/s vs Pillow and giflib; frame-cache peak with 1,000 players",
                  slice: 0.05, rounds: 5...7, setup: setup, report: report)
    }

    static func setup() -> BenchSession {
        let dir = BenchEnvironment.scratchFolder("gif")
        var corpus: [(String, [UInt8])] = []
        corpus.append(("generated-480x360x60.gif", makeLargeAnimation()))
        corpus.append(("generated-480x360-interlaced.gif", makeInterlacedStill()))
        let suite = BenchEnvironment.root.appendingPathComponent("Tests/Fixtures/gif-test-suite/gifs")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: suite.path)) ?? []).sorted() where name.hasSuffix(".gif") {
            if let d = FileManager.default.contents(atPath: suite.appendingPathComponent(name).path) { corpus.append(("suite-" + name, [UInt8](d))) }
        }
        for name in BundledResources.list("DemoAssets").sorted() where name.hasSuffix(".gif") {
            if let b = try? BundledResources.bytes("DemoAssets/" + name) { corpus.append(("demo-" + name, b)) }
        }
        var probes: [Probe] = [], paths: [String] = [], notes: [String] = []
        var facts: [String: Double] = [:]
        for (name, bytes) in corpus {
            let path = dir.appendingPathComponent(name).path
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            guard let gif = try? GIFImage(bytes: bytes) else { notes.append("skip \(name): does not parse"); continue }
            facts["mp:" + name] = Double(gif.frameCount * gif.canvasWidth * gif.canvasHeight) / 1e6
            facts["frames:" + name] = Double(gif.frameCount)
            paths.append(path)
            // Parse + decode + composite every frame, a fresh decoder each call.
            var sink = 0
            probes.append(.repeating(name, name) {
                guard let gif = try? GIFImage(bytes: bytes) else { return }
                for i in 0..<gif.frameCount { sink &+= Int((try? gif.frame(at: i))?.pixels[0] ?? 0) }
            })
        }
        let peak = cachePeak()
        facts["cache-peak"] = Double(peak.peak)
        facts["cache-budget"] = Double(peak.budget)
        notes.append(peak.note)
        notes.append("peers: Pillow \(BenchEnvironment.pillowVersion ?? "missing") open+seek+convert('RGBA'), giflib \(giflibVersion()) gif2rgb's decode loop")
        let last = probes.last?.key
        return BenchSession(probes: probes, peers: [
            PeerSpec(name: "Pillow", argv: ["/usr/bin/env", "python3", BenchEnvironment.peerScript("pillow_gif.py")] + paths,
                     after: last, install: "apt-get install python3-pil, or pip install pillow"),
            PeerSpec(name: "giflib", argv: ["/bin/sh", BenchEnvironment.peerScript("giflib.sh")] + paths,
                     after: last, install: "apt-get install libgif-dev giflib-tools"),
        ], facts: facts, notes: notes, finish: { try? FileManager.default.removeItem(at: dir) })
    }

    static func report(_ m: Medians) -> [Figure] {
        var out: [Figure] = []
        var totalMP = 0.0, ours = 0.0, pillow = 0.0, giflib = 0.0
        var left: [String] = []
        for key in m.probes.keys.sorted() {
            guard let o = m[key], let mp = m.fact("mp:" + key) else { continue }
            if let f = Figure.rate(key + " MP/s", seconds: o, per: mp, unit: "MP/s") { out.append(f) }
            guard let p = m.peer("Pillow:" + key), let g = m.peer("giflib:" + key) else { left.append(key); continue }
            totalMP += mp; ours += o; pillow += p; giflib += g
        }
        guard ours > 0 else { return out }
        let all = left.isEmpty ? "" : " (without \(left.count) file\(left.count == 1 ? "" : "s") a peer rejects)"
        out += [
            Figure.rate("corpus MP/s" + all, seconds: ours, per: totalMP, unit: "MP/s"),
            Figure.rate("corpus MP/s, Pillow", seconds: pillow, per: totalMP, unit: "MP/s"),
            Figure.rate("corpus MP/s, giflib", seconds: giflib, per: totalMP, unit: "MP/s"),
            Figure.ratio("corpus vs Pillow (its time / ours)", pillow, ours, higherIsBetter: true),
            Figure.ratio("corpus vs giflib (its time / ours)", giflib, ours, goal: .atLeast(2), higherIsBetter: true),
            Figure.count("frame cache peak bytes (1,000 players, 20 playing)", m.fact("cache-peak"), unit: "B"),
        ].compactMap { $0 }
        return out
    }

    /// 1,000 players of the demo GIFs (round robin), 20 of them playing for 10 s at 60 Hz,
    /// each asking the shared cache for the frame it shows on every display frame.
    static func cachePeak() -> (peak: Int, budget: Int, note: String) {
        let library = ImageLibrary()
        var names = BundledResources.list("DemoAssets").filter { $0.hasSuffix(".gif") }
        if names.isEmpty {
            for k in 0..<8 { library.register("gen\(k).gif", bytes: makeSmallAnimation(seed: k)); names.append("gen\(k).gif") }
        } else {
            for n in names { if let b = try? BundledResources.bytes("DemoAssets/" + n) { library.register(n, bytes: b) } }
        }
        let cache = FrameCache()
        var players: [AnimationPlayer] = []
        players.reserveCapacity(1000)
        for i in 0..<1000 {
            guard let image = try? library.image(named: names[i % names.count]) else { continue }
            players.append(AnimationPlayer(image: image, cache: cache))
        }
        let playing = Array(players.prefix(20))
        for p in playing { p.start(at: .zero) }
        for f in 1...600 {
            let now = SimInstant.zero + .frames(f, at: 60)
            for p in playing {
                p.tick(at: now)
                _ = try? p.currentFrame()
            }
        }
        let s = cache.statistics
        let frames = names.compactMap { try? library.image(named: $0) }.reduce(0) { $0 + $1.frameCount }
        return (s.peakBytes, cache.byteBudget, "frame cache: \(players.count) players of \(names.count) GIFs (\(frames) frames in all), 20 playing 10 s at 60 Hz: "
                + "budget \(cache.byteBudget) B; peak \(s.peakBytes) B; held \(s.bytesHeld) B; \(s)")
    }

    static func giflibVersion() -> String {
        let h = (try? String(contentsOfFile: "/usr/include/gif_lib.h", encoding: .utf8)) ?? ""
        var v: [String] = []
        for key in ["GIFLIB_MAJOR", "GIFLIB_MINOR", "GIFLIB_RELEASE"] {
            if let line = h.split(separator: "\n").first(where: { $0.hasPrefix("#define \(key) ") }) {
                v.append(String(line.split(separator: " ").last ?? "?"))
            }
        }
        return v.isEmpty ? "?" : v.joined(separator: ".")
    }

    /// 480x360, 60 full frames, 216 colours (a moving interference pattern), 40 ms each.
    static func makeLargeAnimation() -> [UInt8] {
        let w = 480, h = 360
        var frames: [GIFEncoder.Frame] = []
        for t in 0..<60 {
            var img = Image(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    let dx = x - 240 - t * 2, dy = y - 180 + t
                    let ring = ((dx * dx + dy * dy) >> 7) % 6
                    let band = ((x + t * 5) / 23 + (y / 17)) % 6
                    let mix = ((x ^ y) + t * 3) / 41 % 6
                    img[x, y] = (UInt8(ring * 51), UInt8(band * 51), UInt8(mix * 51), 255)
                }
            }
            frames.append(GIFEncoder.Frame(image: img, delayCentiseconds: 4))
        }
        return (try? GIFEncoder.encode(frames)) ?? []
    }

    /// The first frame of the large animation, re-encoded interlaced.
    static func makeInterlacedStill() -> [UInt8] {
        let bytes = makeLargeAnimation()
        guard let gif = try? GIFImage(bytes: bytes), let frame = try? gif.frame(at: 0),
              let still = try? GIFEncoder.encode([GIFEncoder.Frame(image: frame, delayCentiseconds: 0)], loopCount: .once, interlaced: true)
        else { return [] }
        return still
    }

    static func makeSmallAnimation(seed: Int) -> [UInt8] {
        var frames: [GIFEncoder.Frame] = []
        for t in 0..<6 {
            var img = Image(width: 64, height: 64)
            for y in 0..<64 { for x in 0..<64 where (x - 32) * (x - 32) + (y - 32) * (y - 32) < (20 + t) * (20 + t) {
                img[x, y] = (UInt8((x * 4 + seed * 30) & 0xFF), UInt8(y * 4), UInt8(t * 40), 255)
            } }
            frames.append(GIFEncoder.Frame(image: img, delayCentiseconds: 8))
        }
        return (try? GIFEncoder.encode(frames)) ?? []
    }

}
