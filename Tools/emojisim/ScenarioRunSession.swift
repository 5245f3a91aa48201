import Foundation
import SimCore
import Imaging
import Raster
import Scenario
import EmojiSimIO
import EmojiSimTesting

struct ScenarioRunOptions {
    /// Where references live; nil renders without comparing (the demo).
    var snapshots: URL?
    var record: RecordMode
    var out: URL?
    var gif: Bool
    var report: URL?
    var printTrace: Bool
    var json: Bool
    /// Print each snapshot's character grid (the demo does).
    var printAscii: Bool
}

/// Runs scripts for `emojisim run` and the demo: parse all, run, compare, write.
struct ScenarioRunSession {
    var options: ScenarioRunOptions

    func run(_ files: [URL]) -> Int32 {
        // Parse everything first: a typo anywhere stops the run before anything runs.
        var parsed: [(URL, Script)] = []
        var parseFailed = false
        for url in files {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                printError("\(url.path):1:1: error: cannot read the file")
                parseFailed = true
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                printError("\(url.path):1:1: error: the file is not valid UTF-8")
                parseFailed = true
                continue
            }
            do {
                parsed.append((url, try ScriptParser.parse(text, name: url.path)))
            } catch {
                printError(error.description)
                parseFailed = true
            }
        }
        if parseFailed { return 2 }
        return run(parsed)
    }

    func run(_ scripts: [(URL, Script)]) -> Int32 {
        let font: BitmapFont
        do { font = try BundledFont.unifont() } catch {
            printError("error: \(error)")
            return 2
        }
        let verifier = ScenarioVerifier(snapshotsRoot: options.snapshots, record: options.record,
                                        runner: ScenarioRunner(font: font, records: options.gif),
                                        makeHost: { try ScenarioHosting.makeHost($0, scriptFolder: $1) })
        var verifications: [ScenarioVerifier.Verification] = []
        var failed = false
        for (n, (url, script)) in scripts.enumerated() {
            if !options.json && scripts.count > 1 { printError("[\(n + 1)/\(scripts.count)] \(url.path)") }
            let v: ScenarioVerifier.Verification
            do {
                v = try verifier.verify(script, at: url)
            } catch {
                printError("\(url.path):1:1: error: \(error)")
                failed = true
                continue
            }
            verifications.append(v)
            // Manual-timing touches that did not activate their target (the run went on).
            for w in v.result.warnings { printError("\(url.path):\(w.line):\(w.column): warning: \(w.message)") }
            if !v.passed { failed = true }
            if !options.json { printOutcome(v) }
            do { try writeOutputs(v) } catch {
                printError("error: cannot write outputs for \(url.lastPathComponent): \(error)")
                failed = true
            }
        }
        if let report = options.report {
            do {
                try HTMLReport.write(verifications, to: report)
                if !options.json { print("report: \(report.path)") }
            } catch {
                printError("error: cannot write the report: \(error)")
                failed = true
            }
        }
        if options.json { print(jsonSummary(verifications)) }
        return failed ? 1 : 0
    }

    func printOutcome(_ v: ScenarioVerifier.Verification) {
        if options.printAscii {
            for s in v.snapshots where s.output.format == .ascii {
                print("── \(s.output.name) (\(s.output.subject.rawValue)) ──")
                print(String(decoding: s.output.bytes, as: UTF8.self))
            }
        }
        if options.printTrace { for line in v.result.trace { print(line) } }
        let expectations = v.result.expectations
        let passedExpectations = expectations.filter(\.passed).count
        let recorded = v.snapshots.filter { $0.status == .recorded }.count
        var line = "\(v.passed ? "PASS" : "FAIL") \(v.script.lastPathComponent): \(passedExpectations)/\(expectations.count) expectations, \(v.snapshots.filter(\.passed).count)/\(v.snapshots.count) snapshots"
        if recorded > 0 { line += " (\(recorded) recorded)" }
        line += ", \(v.result.duration) virtual"
        print(line)
        for p in v.problems { print(p) }
    }

    func writeOutputs(_ v: ScenarioVerifier.Verification) throws {
        guard let out = options.out else { return }
        let stem = v.script.deletingPathExtension().lastPathComponent
        let folder = out.appendingPathComponent(stem)
        for s in v.snapshots {
            try SnapshotFiles.writeAtomically(s.output.bytes, to: folder.appendingPathComponent(s.output.fileName))
            if let diff = s.diffImage {
                try SnapshotFiles.writeAtomically(diff, to: folder.appendingPathComponent(s.output.name + ".diff.png"))
            }
        }
        try SnapshotFiles.writeAtomically(Array((v.result.trace.joined(separator: "\n") + "\n").utf8),
                                          to: folder.appendingPathComponent("trace.txt"))
        if options.gif, !v.result.recording.isEmpty {
            try SnapshotFiles.writeAtomically(try RecordingGIF.encode(v.result.recording),
                                              to: out.appendingPathComponent(stem + ".gif"))
        }
    }

    func jsonSummary(_ vs: [ScenarioVerifier.Verification]) -> String {
        let scripts: [[String: Any]] = vs.map { v in
            [
                "script": v.script.path,
                "passed": v.passed,
                "virtualSeconds": v.result.duration.seconds,
                "failure": v.result.failure.map { $0.description } as Any,
                "expectations": v.result.expectations.map {
                    ["line": $0.line, "passed": $0.passed, "expected": $0.expected, "actual": $0.actual] as [String: Any]
                },
                "snapshots": v.snapshots.map { s -> [String: Any] in
                    let status: String
                    switch s.status {
                    case .unchecked: status = "rendered"
                    case .matched: status = "matched"
                    case .recorded: status = "recorded"
                    case .missing: status = "missing"
                    case .mismatch: status = "mismatch"
                    }
                    return ["name": s.output.name, "format": s.output.format.rawValue, "status": status, "reference": s.reference?.path ?? NSNull()]
                },
            ]
        }
        let root: [String: Any] = ["passed": vs.allSatisfy(\.passed), "scripts": scripts]
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A recording as an animated GIF. Frame delays are placed on a centisecond grid by
/// cumulative rounding, so the GIF's total length matches the virtual time exactly.
enum RecordingGIF {
    static func encode(_ frames: [RecordedFrame]) throws -> [UInt8] {
        var out: [GIFEncoder.Frame] = []
        var elapsed = SimDuration.zero
        var emitted = 0
        for f in frames {
            elapsed += f.duration
            let target = Int((elapsed.seconds * 100).rounded())
            let cs = max(1, target - emitted)
            emitted += cs
            out.append(GIFEncoder.Frame(image: f.image, delayCentiseconds: cs))
        }
        return try GIFEncoder.encode(out, loopCount: .forever)
    }
}
