import SimCore
import EmojiText
import Interaction
import Raster
import ChatUI
import EmojiSimIO

/// The emoji panel's cost per frame (model tick plus display list) while flinging
/// through a small catalog (100 emoji) and the whole Unicode catalog (every
/// fully-qualified emoji of the bundled emoji-test.txt, skin-tone variants as keys of
/// their own: about 3,600). Cost must follow what is visible, not the catalog size:
/// the two figures should be within 1.2x.
var panelBenchmark: Benchmark {
    Benchmark(name: "panel", summary: "EmojiPanel fling: cost per frame (tick + display list), 100 vs ~3,600 emoji",
              run: runPanelBench)
}

private func runPanelBench(_ args: [String]) {
    let large = unicodeSections()
    // The seed's shape: one group of 100 (the first 100 Unicode emoji, so keys of the same kind).
    let small = [PanelSection(name: large[0].name, emoji: Array(large.flatMap(\.emoji).prefix(100)))]
    let smallCount = small.reduce(0) { $0 + $1.emoji.count }
    let largeCount = large.reduce(0) { $0 + $1.emoji.count }
    // Thread CPU time, and the best of 5 alternating runs: the machine is shared.
    var a = panelFlingCost(small), b = panelFlingCost(large)
    for _ in 0..<4 {
        let a2 = panelFlingCost(small), b2 = panelFlingCost(large)
        if a2.perFrame < a.perFrame { a = a2 }
        if b2.perFrame < b.perFrame { b = b2 }
    }
    print("  catalog \(smallCount) emoji: \(formatNs(a.perFrame)) per frame (\(a.frames) frames/run, \(a.pages) pages, \(a.items) display items/frame)")
    print("  catalog \(largeCount) emoji: \(formatNs(b.perFrame)) per frame (\(b.frames) frames/run, \(b.pages) pages, \(b.items) display items/frame)")
    let c = panelFlingCost(large, policy: .none, velocity: 6000, flings: 4)
    print("  catalog \(largeCount) emoji, free flings at 6,000 pt/s (many pages each): \(formatNs(c.perFrame)) per frame (\(c.frames) frames/run, \(c.items) display items/frame)")
    let ratio = max(a.perFrame, b.perFrame) / max(1e-12, min(a.perFrame, b.perFrame))
    print("  ratio large/small: \(formatRatio(b.perFrame / max(1e-12, a.perFrame))) (limit 1.2x either way: \(ratio <= 1.2 ? "ok" : "EXCEEDED"))")
}

private func synthesizedEmoji(_ prefix: String, _ n: Int) -> [Emoji] {
    (0..<n).map { Emoji(code: "\(prefix)\($0)", kind: .staticImage, imageName: "\(prefix)\($0).png",
                        meanings: ["": "\(prefix) \($0)"], group: prefix) }
}

/// The bundled Unicode catalog with each skin-tone variant as a key of its own; a
/// synthesized 3,600 when the resource cannot be read.
private func unicodeSections() -> [PanelSection] {
    if let imported = try? CatalogLoader.bundledUnicode() {
        return imported.groups.map { g in
            var keys: [Emoji] = []
            for e in g.emoji {
                keys.append(e)
                let variants = g.variants[e.code] ?? e.skinToneVariants
                for v in variants { keys.append(Emoji(code: v, kind: .unicode, meanings: e.meanings, group: g.name)) }
            }
            return PanelSection(name: g.name, emoji: keys)
        }
    }
    print("  (bundled emoji-test.txt unavailable: synthesizing 3,600 emoji)")
    return (0..<9).map { PanelSection(name: "G\($0)", emoji: synthesizedEmoji("g\($0)-", 400)) }
}

/// One panel, the same script for every catalog: three paging flings forward (1,500
/// pt/s, so pages 0 to 3, all full in both catalogs) and three back, every 60 Hz frame ticked and drawn, repeated for at least a
/// second of thread CPU time. The panel is built once, outside the timing. Returns
/// CPU seconds per frame.
private func panelFlingCost(_ sections: [PanelSection], policy: PanelSnapPolicy = .paging,
                            velocity: Double = 1500, flings: Int = 3) -> (perFrame: Double, frames: Int, pages: Int, items: Int) {
    let clock = VirtualClock()
    var config = PanelConfiguration.standard
    config.snapPolicy = policy
    let panel = PanelHost(groups: sections, configuration: config, width: 375, clock: clock, trace: Trace(capacity: 10_000))
    let synth = TouchSynthesizer(hz: 60)
    let frame = SimDuration.frames(1, at: 60)
    var frames = 0
    var sink = 0
    var items = 0
    var totalFrames = 0
    let (iterations, seconds) = measureCPU(minSeconds: 0.3) {
        var count = 0
        for k in 0..<(2 * flings) {
            let direction = k < flings ? -1.0 : 1.0
            let touches = synth.fling(from: Point(x: direction < 0 ? 300 : 75, y: 60),
                                      velocity: Point(x: direction * velocity, y: 0), start: clock.now + frame)
            var i = 0
            var after = 0
            while i < touches.count || (!panel.state.isSettled && after < 600) {
                let next = clock.now + frame
                while i < touches.count && touches[i].timestamp <= next {
                    if touches[i].timestamp > clock.now { clock.advance(to: touches[i].timestamp) }
                    panel.handle(touches[i]); i += 1
                }
                clock.advance(to: next)
                let n = panel.displayList().items.count
                sink &+= n
                items += n
                count += 1
                if i >= touches.count { after += 1 }
            }
        }
        frames = count
        totalFrames += count
    }
    if sink == 42 { print("") } // keeps the display lists from being optimized away
    // `measure` runs the body once more as a warm-up; count only the timed runs.
    let timedFrames = totalFrames - frames
    _ = iterations
    return (seconds / Double(max(1, timedFrames)), frames, panel.state.layout.pageCount, items / max(1, totalFrames))
}

/// Microseconds with one decimal (integer arithmetic, no locale).
private func formatNs(_ seconds: Double) -> String {
    let tenths = Int((seconds * 1e7).rounded())
    return "\(tenths / 10).\(tenths % 10) us"
}

private func formatRatio(_ r: Double) -> String {
    let h = Int((r * 100).rounded())
    return "\(h / 100).\(h % 100 < 10 ? "0" : "")\(h % 100)x"
}
