import Foundation
import SimCore
import Imaging
import EmojiSimIO

/// `emojisim-bench gif`: GIF decode throughput (megapixels of composited frames per
/// second) for a corpus: a generated 480x360 60-frame animation, the conformance
/// GIFs' shapes and the demo GIFs, measured in the same run as Pillow and giflib's
/// gif2rgb on the same files (Tools/bench-peers). Then the frame cache's peak bytes
/// when 1,000 players of the demo GIFs exist and 20 of them play.
enum GIFBench {
    static var benchmark: Benchmark {
        Benchmark(name: "gif", summary: "GIF decode MP/s vs Pillow and giflib; frame-cache peak with 1,000 players") { _ in run() }
    }

    struct Entry { var name: String; var path: String; var bytes: [UInt8]; var frames: Int; var megapixels: Double }

    static func run() {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-bench-gif")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var corpus: [(String, [UInt8])] = []
        corpus.append(("generated-480x360x60.gif", makeLargeAnimation()))
        corpus.append(("generated-480x360-interlaced.gif", makeInterlacedStill()))
        let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/gif-test-suite/gifs")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: suite.path)) ?? []).sorted() where name.hasSuffix(".gif") {
            if let d = FileManager.default.contents(atPath: suite.appendingPathComponent(name).path) { corpus.append(("suite-" + name, [UInt8](d))) }
        }
        for name in BundledResources.list("DemoAssets") where name.hasSuffix(".gif") {
            if let b = try? BundledResources.bytes("DemoAssets/" + name) { corpus.append(("demo-" + name, b)) }
        }
        var entries: [Entry] = []
        for (name, bytes) in corpus {
            let path = dir.appendingPathComponent(name).path
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            guard let gif = try? GIFImage(bytes: bytes) else { print("skip \(name): does not parse"); continue }
            let mp = Double(gif.frameCount * gif.canvasWidth * gif.canvasHeight) / 1e6
            entries.append(Entry(name: name, path: path, bytes: bytes, frames: gif.frameCount, megapixels: mp))
        }

        // EmojiSim: parse + decode + composite every frame, fresh decoder per run.
        var ours: [String: Double] = [:]
        for e in entries {
            var sink = 0
            let r = measureCPU(minSeconds: 0.5) {
                guard let gif = try? GIFImage(bytes: e.bytes) else { return }
                for i in 0..<gif.frameCount { sink &+= Int((try? gif.frame(at: i))?.pixels[0] ?? 0) }
            }
            ours[e.name] = r.seconds / Double(r.iterations)
            if sink == 42 { print("") }
        }
        let pillow = runPillow(entries.map(\.path))
        let giflib = runGiflib(entries.map(\.path))

        func mps(_ mp: Double, _ s: Double?) -> String {
            guard let s, s > 0 else { return "n/a" }
            return fixed(mp / s, 1)
        }
        print("decode throughput, MP/s of frames decoded, process CPU time (release; Pillow \(pillowVersion()); giflib \(giflibVersion()) gif2rgb loop)")
        print(pad("file", 36) + pad("frames", 8) + pad("MP", 9) + pad("EmojiSim", 10) + pad("Pillow", 10) + pad("giflib", 10) + "vs Pillow  vs giflib")
        var totalMP = 0.0, tOurs = 0.0, tPillow = 0.0, tGiflib = 0.0
        var skipped: [String] = []
        for e in entries {
            let o = ours[e.name]!, p = pillow[e.path], g = giflib[e.path]
            print(pad(e.name, 36) + pad("\(e.frames)", 8) + pad(fixed(e.megapixels, 3), 9) + pad(mps(e.megapixels, o), 10)
                  + pad(mps(e.megapixels, p), 10) + pad(mps(e.megapixels, g), 10)
                  + pad(p.map { fixed($0 / o, 2) + "x" } ?? "n/a", 11) + (g.map { fixed($0 / o, 2) + "x" } ?? "n/a"))
            // Totals over the files all three decoders read.
            guard let p, let g else { skipped.append(e.name); continue }
            totalMP += e.megapixels
            tOurs += o
            tPillow += p
            tGiflib += g
        }
        print(pad("corpus total", 36) + pad("", 8) + pad(fixed(totalMP, 3), 9) + pad(mps(totalMP, tOurs), 10)
              + pad(mps(totalMP, tPillow), 10) + pad(mps(totalMP, tGiflib), 10)
              + pad(fixed(tPillow / tOurs, 2) + "x", 11) + fixed(tGiflib / tOurs, 2) + "x")
        if !skipped.isEmpty { print("(total leaves out what a peer rejects: \(skipped.joined(separator: ", ")))") }
        print("(vs X = X's time / EmojiSim's time: above 1 means EmojiSim is faster)")
        cachePeak()
    }

    /// 1,000 players of the demo GIFs (round robin), 20 of them playing for 10 s at 60 Hz,
    /// each asking the shared cache for the frame it shows on every display frame.
    static func cachePeak() {
        let library = ImageLibrary()
        var names = BundledResources.list("DemoAssets").filter { $0.hasSuffix(".gif") }
        if names.isEmpty {
            print("frame cache: no demo GIFs bundled; using generated 64x64 ones")
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
        print("frame cache: \(players.count) players of \(names.count) demo GIFs (\(frames) frames in all), 20 playing 10 s at 60 Hz")
        print("  budget \(cache.byteBudget) B; peak \(s.peakBytes) B; held \(s.bytesHeld) B; \(s)")
    }

    static func runPillow(_ paths: [String]) -> [String: Double] {
        let out = runTool("/usr/bin/env", ["python3", peerScript("pillow_gif.py"), "0.5"] + paths)
        var r: [String: Double] = [:]
        for line in out.split(separator: "\n") {
            let f = line.split(separator: "\t").map(String.init)
            if f.count == 4, let s = Double(f[3]) { r[f[0]] = s }
        }
        if r.isEmpty { print("Pillow: not available (pip install pillow)") }
        return r
    }

    static func runGiflib(_ paths: [String]) -> [String: Double] {
        let out = runTool("/bin/sh", [peerScript("giflib.sh"), "0.5"] + paths)
        var r: [String: Double] = [:]
        for line in out.split(separator: "\n") {
            let f = line.split(separator: "\t").map(String.init)
            if f.count == 2, let s = Double(f[1]) { r[f[0]] = s }
        }
        if r.isEmpty { print("giflib: not available (apt-get install -y libgif-dev giflib-tools)") }
        return r
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

    /// Like `measure` (Clock.swift) but in process CPU time: on the shared benchmark
    /// machine wall time varies several-fold with other jobs; all three decoders are
    /// timed in CPU time.
    static func pillowVersion() -> String {
        runTool("/usr/bin/env", ["python3", "-c", "import PIL; print(PIL.__version__)"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func peerScript(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("bench-peers").appendingPathComponent(name).path
    }

    static func runTool(_ exe: String, _ args: [String]) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
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

    static func fixed(_ v: Double, _ digits: Int) -> String {
        guard v.isFinite else { return "n/a" }
        return String(format: "%.\(digits)f", v)
    }

    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
}
