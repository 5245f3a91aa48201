import Foundation
import SimCore
import Raster
import Scenario
import EmojiSimIO
import EmojiSimTestingCore

/// `emojisim-bench scenario`: what running scripts costs.
/// - examples: every example script (Tests/Scenarios) once, hosts built inside (that is
///   part of a run): scripts per second;
/// - session: a 60-second virtual session (an action and a snapshot in all five formats,
///   ascii, styled, png, ppm and tree, every second) checked the way `emojisim run` and
///   `assertScenario` check it: its references are recorded once (in a scratch folder),
///   then each run renders every snapshot and compares it with its reference
///   (`ScenarioVerifier`, record mode never: the reference read and decoded, compared as
///   text or pixels). A matching compare encodes nothing, so a second figure re-records
///   (`record all`: also encodes every snapshot and compares the bytes; none differ, so
///   nothing is written): `... s CPU, N bytes encoded`. The goal (<= 2 s CPU) is the
///   compared session's: that is what a run costs (`emojisim run`, `assertScenario`,
///   CI). Re-recording is shown for scale, without a goal: it encodes all 300
///   snapshots, work only `record all` does;
/// - monkey: random valid steps with invariant checks, steps per second.
/// `scenario-scripts` breaks the examples down per script.
enum ScenarioBench {
    static var benchmark: Benchmark {
        Benchmark(name: "scenario", summary: "example scripts/s, a 60 s session compared against its references (render, encode, compare), monkey steps/s",
                  slice: 0.01, rounds: 5...7, setup: setup, report: report)
    }

    static func report(_ m: Medians) -> [Figure] {
        let bytes = m.fact("session-bytes").map { Format.number($0) } ?? "?"
        return [
            Figure.rate("examples: scripts/s", seconds: m["examples"]),
            Figure.time("60 s session compared with its references (render, read, compare)", seconds: m["session"], goal: .atMost(2)),
            Figure.time("60 s session re-recorded (render, encode \(bytes) bytes, compare)", seconds: m["record"]),
            Figure.count("session: bytes encoded (all snapshots)", m.fact("session-bytes"), unit: "B"),
            Figure.count("session: snapshots", m.fact("session-snapshots")),
            Figure.count("session: checks not matched", m.fact("session-mismatches")),
            Figure.rate("monkey: steps/s", seconds: m["monkey"]),
        ].compactMap { $0 }
    }

    /// The session: 60 virtual seconds, an action and a snapshot in every format each second.
    static var sessionScript: String {
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
        return lines.joined(separator: "\n") + "\n"
    }

    static func setup() -> BenchSession {
        var notes: [String] = []
        guard let font = try? BundledFont.unifont() else { return BenchSession(notes: ["the bundled font is missing"]) }
        let root = BenchEnvironment.root
        let runner = ScenarioRunner(font: font)
        let scripts = ScenarioExamples.load(&notes)
        var probes: [Probe] = []
        var facts: [String: Double] = [:]
        var virtual = SimDuration.zero
        probes.append(Probe("examples", "examples: a script (host built inside)") { slice in
            var runs = 0
            let m = measureCPU(minSeconds: slice, warmUp: false) {
                virtual = .zero
                for (s, url) in scripts {
                    let c = ScenarioConfiguration(script: s)
                    guard let host = try? ScenarioHosting.makeHost(c, scriptFolder: url.deletingLastPathComponent(), catalogRoot: root) else { continue }
                    virtual += runner.run(s, configuration: c, on: host).duration
                    runs += 1
                }
            }
            return m.seconds / Double(max(1, runs))
        })
        facts["examples"] = Double(scripts.count)

        // The session, its references recorded once in a folder outside any package.
        let dir = BenchEnvironment.scratchFolder("scenario")
        let url = dir.appendingPathComponent("session.scenario")
        try? sessionScript.write(to: url, atomically: true, encoding: .utf8)
        let session = try! ScriptParser.parse(sessionScript, name: "session.scenario")
        func verifier(_ mode: RecordMode) -> ScenarioVerifier {
            ScenarioVerifier(references: .automatic, record: mode, isCI: false, runner: runner,
                             makeHost: { c, _ in ScenarioHosting.makeScreen(c, assets: .demo) })
        }
        let recorder = verifier(.all), checker = verifier(.never)
        if let first = try? recorder.verify(session, at: url) {
            facts["session-snapshots"] = Double(first.snapshots.count)
            var bytes = 0
            for s in first.snapshots {
                if let r = s.reference, let size = (try? FileManager.default.attributesOfItem(atPath: r.path))?[.size] as? Int { bytes += size }
            }
            facts["session-bytes"] = Double(bytes)
            notes.append("session: \(first.snapshots.count) snapshots (ascii, styled, png, ppm, tree every second) recorded once, \(bytes) bytes; "
                         + (first.result.failure.map { "FAILED: \($0)" } ?? "ok") + " (\(first.result.duration) virtual)")
        } else {
            notes.append("session: the references could not be recorded in \(dir.path)")
        }
        let out = BenchSession(finish: { try? FileManager.default.removeItem(at: dir) })
        func check(_ v: ScenarioVerifier) -> () -> Void {
            {
                // Every run must match every reference; a figure from failing runs is no figure.
                guard let r = try? v.verify(session, at: url) else { out.facts["session-mismatches", default: 0] += 1; return }
                let failed = r.snapshots.filter { !$0.passed }.count + (r.result.passed ? 0 : 1)
                out.facts["session-mismatches"] = max(out.facts["session-mismatches"] ?? 0, Double(failed))
            }
        }
        probes.append(.repeating("session", "60 s session compared with its references", check(checker)))
        probes.append(.repeating("record", "60 s session re-recorded (encode all)", check(recorder)))

        // Monkey throughput (no rendering): random valid steps with invariant checks.
        let steps = 200
        var k: UInt64 = 0
        probes.append(.repeating("monkey", "monkey: a step", units: Double(steps)) {
            k += 1
            let m = Monkey(seed: k, steps: steps, configuration: ScenarioConfiguration()) {
                ScenarioHosting.makeScreen(ScenarioConfiguration(), assets: .demo)
            }
            if let f = m.run() { FileHandle.standardError.write(Data("monkey seed \(k) found: \(f.violations)\n".utf8)) }
        })
        out.probes = probes
        for (k, v) in facts { out.facts[k] = v }
        out.facts["session-mismatches", default: 0] += 0
        out.notes = notes
        return out
    }
}
