import Foundation
import SimCore
import Raster
import Scenario
import EmojiSimIO

/// `emojisim-bench scenario-scripts`: the examples of `scenario` one by one: building a
/// script's host, and running it (host built inside, its cost subtracted), with the
/// virtual time it covers, so a change in the examples' figure can be traced to the
/// scripts (and the part) that moved.
enum ScenarioScriptsBench {
    static var benchmark: Benchmark {
        Benchmark(name: "scenario-scripts", summary: "each example script: host build and run cost, per virtual second",
                  slice: 0.02, setup: setup, report: report)
    }

    static func setup() -> BenchSession {
        var notes: [String] = []
        guard let font = try? BundledFont.unifont() else { return BenchSession(notes: ["the bundled font is missing"]) }
        let root = BenchEnvironment.root
        let runner = ScenarioRunner(font: font)
        var probes: [Probe] = []
        var facts: [String: Double] = [:]
        for (s, url) in ScenarioExamples.load(&notes) {
            let c = ScenarioConfiguration(script: s)
            let folder = url.deletingLastPathComponent()
            probes.append(.repeating("host:" + s.name, s.name + ": host") { _ = try? ScenarioHosting.makeHost(c, scriptFolder: folder, catalogRoot: root) })
            probes.append(.repeating("both:" + s.name, s.name + ": host + run") {
                guard let host = try? ScenarioHosting.makeHost(c, scriptFolder: folder, catalogRoot: root) else { return }
                _ = runner.run(s, configuration: c, on: host)
            })
            if let host = try? ScenarioHosting.makeHost(c, scriptFolder: folder, catalogRoot: root) {
                facts["virtual:" + s.name] = runner.run(s, configuration: c, on: host).duration.seconds
            }
        }
        return BenchSession(probes: probes, facts: facts, notes: notes)
    }

    static func report(_ m: Medians) -> [Figure] {
        var rows: [(name: String, host: Double, run: Double, virtual: Double)] = []
        for key in m.probes.keys where key.hasPrefix("host:") {
            let name = String(key.dropFirst(5))
            guard let h = m[key], let b = m["both:" + name] else { continue }
            rows.append((name, h, max(0, b - h), m.fact("virtual:" + name) ?? 0))
        }
        var out: [Figure] = []
        for r in rows.sorted(by: { $0.run / max($0.virtual, 1e-9) > $1.run / max($1.virtual, 1e-9) }) {
            out.append(Figure(r.name + ": run per virtual second", r.run / max(r.virtual, 1e-9),
                              text: Format.seconds(r.run / max(r.virtual, 1e-9)) + " (host \(Format.seconds(r.host)), run \(Format.seconds(r.run)), \(Format.number(r.virtual)) s virtual)",
                              higherIsBetter: false))
        }
        return out
    }
}
