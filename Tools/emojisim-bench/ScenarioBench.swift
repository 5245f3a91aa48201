import Foundation
import SimCore
import Raster
import Scenario
import EmojiSimIO

// `emojisim-bench scenario`: how fast scripts run. The example scripts (Tests/Scenarios)
// in scripts per second, a 60-second virtual session with a snapshot (ASCII + PNG)
// every second in wall-clock seconds, and monkey steps per second.

@MainActor let scenarioBenchmark = Benchmark(
    name: "scenario",
    summary: "example scripts per second, a 60 s virtual session with a snapshot a second, monkey steps/s",
    run: { _ in runScenarioBenchmark() }
)

func runScenarioBenchmark() {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.appendingPathComponent("Tests/Scenarios")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".scenario") }.sorted()
    var scripts: [(Script, URL)] = []
    for n in names {
        let url = folder.appendingPathComponent(n)
        guard let text = try? String(contentsOf: url, encoding: .utf8), let s = try? ScriptParser.parse(text, name: n) else {
            print("  cannot read \(n)")
            continue
        }
        // Hosts are built as `swift test` builds them: catalogs may lie anywhere in the
        // package (the seed-format examples read Tests/Fixtures). A script whose host
        // cannot be built is reported and left out, not counted as a free run.
        do {
            _ = try ScenarioHosting.makeHost(ScenarioConfiguration(script: s), scriptFolder: url.deletingLastPathComponent(),
                                             catalogRoot: root)
        } catch {
            print("  cannot build the host of \(n): \(error)")
            continue
        }
        scripts.append((s, url))
    }
    guard let font = try? BundledFont.unifont() else { print("  the bundled font is missing"); return }
    let runner = ScenarioRunner(font: font)

    // 1. Every example once per iteration (hosts built inside: that is part of a run).
    var virtual = SimDuration.zero
    let examples = measureCPU(minSeconds: 2) {
        virtual = .zero
        for (s, url) in scripts {
            let c = ScenarioConfiguration(script: s)
            guard let host = try? ScenarioHosting.makeHost(c, scriptFolder: url.deletingLastPathComponent(), catalogRoot: root) else { continue }
            virtual += runner.run(s, configuration: c, on: host).duration
        }
    }
    let perScript = examples.seconds / Double(examples.iterations * scripts.count)
    print("  examples: \(scripts.count) scripts, \(String(format: "%.1f", 1 / perScript)) scripts/s "
          + "(\(String(format: "%.1f", perScript * 1000)) ms each, \(virtual) virtual per pass)")

    // 1b. Per script: building its host and running it, with the virtual time it covers,
    // so a change in the examples' figure can be traced to the scripts (and the part) that
    // moved. Sorted by run cost per virtual second.
    var rows: [(name: String, host: Double, run: Double, virtual: SimDuration)] = []
    for (s, url) in scripts {
        let c = ScenarioConfiguration(script: s)
        let folder = url.deletingLastPathComponent()
        let build = measureCPU(minSeconds: 0.1) { _ = try? ScenarioHosting.makeHost(c, scriptFolder: folder, catalogRoot: root) }
        var d = SimDuration.zero
        let both = measureCPU(minSeconds: 0.2) {
            guard let host = try? ScenarioHosting.makeHost(c, scriptFolder: folder, catalogRoot: root) else { return }
            d = runner.run(s, configuration: c, on: host).duration
        }
        let hostMs = build.seconds / Double(build.iterations) * 1000
        rows.append((s.name, hostMs, max(0, both.seconds / Double(both.iterations) * 1000 - hostMs), d))
    }
    for r in rows.sorted(by: { $0.run / max($0.virtual.seconds, 1e-9) > $1.run / max($1.virtual.seconds, 1e-9) }) {
        print("    \(r.name): host \(String(format: "%.2f", r.host)) ms, run \(String(format: "%.2f", r.run)) ms, "
              + "\(r.virtual) virtual, \(String(format: "%.2f", r.run / max(r.virtual.seconds, 1e-9))) ms per virtual s")
    }

    // 2. A 60-second virtual session: an action and a snapshot (ASCII and PNG) every second.
    var lines = ["device iphone8", "conversation demo", "tap input", "settle"]
    for i in 0..<60 {
        switch i % 6 {
        case 0: lines.append("type \"第\(i)秒[笑哭] \"")
        case 1: lines.append("tap send")
        case 2: lines.append("receive \"收到[f056] \(i)\"")
        case 3: lines.append("tap toggle")
        case 4: lines.append("swipe panel left at 1200pt/s")
        default: lines.append("tap input")
        }
        lines.append("wait 1s")
        lines.append("snapshot s\(i) screen all")
    }
    let session = try! ScriptParser.parse(lines.joined(separator: "\n"), name: "session")
    let config = ScenarioConfiguration(script: session)
    let start = monotonicSeconds()
    let cpuStart = threadCPUSeconds()
    let result = runner.run(session, configuration: config, on: ScenarioHosting.makeScreen(config, assets: .demo))
    let wall = monotonicSeconds() - start, cpu = threadCPUSeconds() - cpuStart
    // Runs produce display lists; rendering and encoding happen only when checked or written.
    let items = result.snapshots.reduce(0) { $0 + $1.list.items.count }
    print("  60 s virtual session, a snapshot (ascii, styled, png, ppm, tree) every second: "
          + "\(String(format: "%.2f", wall)) s wall, \(String(format: "%.2f", cpu)) s CPU, "
          + "\(result.snapshots.count) snapshots, \(items) display items; "
          + "\(result.failure.map { "FAILED: \($0)" } ?? "ok") (\(result.duration) virtual)")

    // 3. Monkey throughput (no rendering): random valid steps with invariant checks.
    let steps = 200
    var k: UInt64 = 0
    let monkey = measureCPU(minSeconds: 2) {
        k += 1
        let m = Monkey(seed: k, steps: steps, configuration: ScenarioConfiguration()) {
            ScenarioHosting.makeScreen(ScenarioConfiguration(), assets: .demo)
        }
        if let f = m.run() { print("  monkey seed \(k) found: \(f.violations)") }
    }
    print("  monkey: \(String(format: "%.0f", Double(monkey.iterations * steps) / monkey.seconds)) steps/s "
          + "(\(String(format: "%.1f", Double(monkey.iterations) / monkey.seconds)) scripts of \(steps) steps per second)")
}
