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
/// the two figures (medians of interleaved runs) should be within 1.2x.
enum PanelBench {
    static var benchmark: Benchmark {
        Benchmark(name: "panel", summary: "EmojiPanel fling: cost per frame (tick + display list), 100 vs ~3,600 emoji",
                  slice: 0.15, setup: setup, report: report)
    }

    static func setup() -> BenchSession {
        let large = unicodeSections()
        // The seed's shape: one group of 100 (the first 100 Unicode emoji, so keys of the same kind).
        let small = [PanelSection(name: large[0].name, emoji: Array(large.flatMap(\.emoji).prefix(100)))]
        let smallCount = small.reduce(0) { $0 + $1.emoji.count }
        let largeCount = large.reduce(0) { $0 + $1.emoji.count }
        let a = PanelFling(small), b = PanelFling(large), c = PanelFling(large, policy: .none, velocity: 6000, flings: 4)
        // One pass each before the facts: frames and items of a pass are deterministic.
        for f in [a, b, c] { f.pass() }
        var notes = large.first?.name == "G0" ? ["(bundled emoji-test.txt unavailable: synthesized 3,600 emoji)"] : []
        notes.append("catalog \(smallCount) emoji: \(a.frames) frames a pass, \(a.pages) pages, \(a.items) display items a frame")
        notes.append("catalog \(largeCount) emoji: \(b.frames) frames a pass, \(b.pages) pages, \(b.items) display items a frame")
        notes.append("catalog \(largeCount) emoji, free flings at 6,000 pt/s: \(c.frames) frames a pass, \(c.items) display items a frame")
        return BenchSession(probes: [
            Probe("small", "frame, catalog of \(smallCount)", run: a.cost),
            Probe("large", "frame, catalog of \(largeCount)", run: b.cost),
            Probe("free", "frame, \(largeCount), free flings at 6,000 pt/s", run: c.cost),
        ], facts: ["small": Double(smallCount), "large": Double(largeCount)], notes: notes)
    }

    static func report(_ m: Medians) -> [Figure] {
        let n = m.fact("large").map { Format.number($0) } ?? "?", k = m.fact("small").map { Format.number($0) } ?? "?"
        return [
            .time("frame, \(k) emoji", seconds: m["small"]),
            .time("frame, \(n) emoji", seconds: m["large"]),
            .ratio("frame cost \(n) / \(k) emoji", m["large"], m["small"], goal: .atMost(1.2), higherIsBetter: false),
            .time("frame, \(n) emoji, free flings at 6,000 pt/s", seconds: m["free"]),
        ].compactMap { $0 }
    }
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
/// pt/s, so pages 0 to 3, all full in both catalogs) and three back, every 60 Hz frame
/// ticked and drawn. The panel is built once, outside the timing; a pass ends where it
/// started.
private final class PanelFling {
    let clock = VirtualClock()
    let panel: Host<EmojiPanel>
    let synth = TouchSynthesizer(hz: 60)
    let velocity: Double, flings: Int
    var frames = 0, items = 0, sink = 0
    var pages: Int { panel.state.layout.pageCount }

    init(_ sections: [PanelSection], policy: PanelSnapPolicy = .paging, velocity: Double = 1500, flings: Int = 3) {
        var config = PanelConfiguration.standard
        config.snapPolicy = policy
        panel = Host(panel: EmojiPanel(groups: sections, configuration: config), width: 375, clock: clock,
                     trace: Trace(capacity: 10_000))
        self.velocity = velocity
        self.flings = flings
    }

    /// One pass of the script; sets `frames` and `items` (per frame).
    func pass() {
        let frame = SimDuration.frames(1, at: 60)
        var count = 0, total = 0
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
                    panel.send(.touch(touches[i])); i += 1
                }
                clock.advance(to: next)
                let n = panel.displayList().items.count
                total += n
                count += 1
                if i >= touches.count { after += 1 }
            }
        }
        sink &+= total
        frames = count
        items = total / max(1, count)
    }

    /// Thread CPU seconds per frame over passes lasting at least `slice`.
    func cost(_ slice: Double) -> Double {
        var n = 0
        let m = measureCPU(minSeconds: slice, warmUp: false) { pass(); n += frames }
        return m.seconds / Double(max(1, n))
    }
}

