import Foundation
import SimCore
import Imaging
import Raster
import Scenario
import EmojiSimIO
import EmojiSimTesting

struct ScenarioRunOptions {
    /// Where references live: none (the demo), found from each script, or one folder.
    var references: ScenarioVerifier.References
    var record: RecordMode
    var out: URL?
    var gif: Bool
    var report: URL?
    var junit: URL?
    /// `--viewer DIR`: a trace viewer page per script under DIR.
    var viewer: URL? = nil
    /// `--viewer-at LINE`: the line each viewer page opens on, its neighbours in full.
    var viewerAt: Int? = nil
    var printTrace: Bool
    var json: Bool
    /// Print each snapshot's character grid (the demo does).
    var printAscii: Bool
    /// Where scripts' catalog paths may reach; nil: the package the script is in, else
    /// its own folder.
    var catalogRoot: URL? = nil
    /// CI is set: nothing is written, whatever `record` says (tests of the session
    /// itself set this explicitly so that they behave the same under CI).
    var isCI: Bool = RecordMode.isCI(ProcessInfo.processInfo.environment)
    /// Where failing snapshots leave their actual value and diff picture.
    var artifacts: ScenarioVerifier.Artifacts = .fromEnvironment()
}

/// Runs scripts for `emojisim run` and the demo: parse all, run, compare, write.
/// The verdict printed, the JSON `passed` and the exit status are one value: every
/// problem (a failed expectation or snapshot, an output that could not be written, a
/// GIF that could not be encoded) is collected before any of them is produced.
struct ScenarioRunSession {
    var options: ScenarioRunOptions

    func run(_ files: [URL]) -> Int32 {
        // Parse everything first: a typo anywhere stops the run before anything runs.
        var parsed: [(URL, Script)] = []
        var parseErrors: [String] = []
        for url in files {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                parseErrors.append("\(url.path):1:1: error: cannot read the file")
                continue
            }
            do {
                // Bad UTF-8 is reported at its line and column (ScriptParser.parse(utf8:)).
                parsed.append((url, try ScriptParser.parse(utf8: [UInt8](data), name: url.path)))
            } catch {
                parseErrors.append(error.description)
            }
        }
        if !parseErrors.isEmpty {
            for e in parseErrors { printError(e) }
            // --json still says what happened, and agrees with the exit status.
            if options.json { print(jsonSummary([], passed: false, failures: parseErrors)) }
            return 2
        }
        return run(parsed)
    }

    /// What a session produced: the exit status and the JSON summary (whose `passed`
    /// is true exactly when the status is 0).
    struct Outcome {
        var status: Int32
        var json: String
        var verifications: [ScenarioVerifier.Verification]
    }

    func run(_ scripts: [(URL, Script)]) -> Int32 {
        let outcome = execute(scripts)
        if options.json { print(outcome.json) }
        return outcome.status
    }

    func execute(_ scripts: [(URL, Script)]) -> Outcome {
        let font: BitmapFont
        do { font = try BundledFont.unifont() } catch {
            printError("error: \(error)")
            return Outcome(status: 2, json: jsonSummary([], passed: false, failures: ["\(error)"]), verifications: [])
        }
        var runner = ScenarioRunner(font: font, records: options.gif)
        runner.logsSteps = options.viewer != nil
        let verifier = ScenarioVerifier(references: options.references, record: options.record, isCI: options.isCI,
                                        artifacts: options.artifacts,
                                        runner: runner,
                                        makeHost: { [catalogRoot = options.catalogRoot] configuration, folder in
                                            try ScenarioHosting.makeHost(configuration, scriptFolder: folder,
                                                                         catalogRoot: catalogRoot ?? SnapshotFiles.packageRoot(from: folder.appendingPathComponent("-").path))
                                        })
        var verifications: [ScenarioVerifier.Verification] = []
        var failures: [String] = []
        var viewers: [URL: URL] = [:]
        // One name per script for its viewer page and --out folder: two scripts of one
        // name in different folders must not write one file (ScriptOutputNames).
        let viewerNames = ScriptOutputNames.viewerNames(scripts.map(\.0))
        let outNames = ScriptOutputNames.outNames(scripts.map(\.0))
        for (n, (url, script)) in scripts.enumerated() {
            if !options.json && scripts.count > 1 { printError("[\(n + 1)/\(scripts.count)] \(escapedForDisplay(url.path))") }
            var v: ScenarioVerifier.Verification
            do {
                v = try verifier.verify(script, at: url)
            } catch {
                let message = error is ScriptError ? "\(error)" : "\(escapedForDisplay(url.path)):1:1: error: \(error)"
                printError(message)
                failures.append(message)
                continue
            }
            // Manual-timing touches that did not activate their target (the run went on).
            for w in v.result.warnings { printError("\(escapedForDisplay(url.path)):\(w.line):\(w.column): warning: \(w.message)") }
            do { try writeOutputs(v, name: outNames[n]) } catch {
                v.errors.append("cannot write outputs: \(error)")
            }
            if let folder = options.viewer {
                let page = folder.appendingPathComponent(viewerNames[n] + ".html")
                do {
                    try TraceViewer.write(v, to: page, within: folder, focusLine: options.viewerAt)
                    viewers[v.script] = page
                } catch {
                    v.errors.append("cannot write the trace viewer \(escapedForDisplay(page.path)): \(error)")
                }
                // The frames are rendered: the run's images are no longer needed.
                v.viewerFrames = nil
            }
            verifications.append(v)
            if !options.json {
                print(displaySafe(outcome(v)))
                if let page = viewers[v.script], !v.passed { print("viewer: \(escapedForDisplay(relativeToCWD(page)))") }
            }
        }
        if let report = options.report {
            do {
                let base = report.deletingLastPathComponent()
                try HTMLReport.write(verifications, to: report,
                                     viewers: viewers.mapValues { Self.relativePath(of: $0, from: base) })
                if !options.json { print("report: \(escapedForDisplay(report.path))") }
            } catch {
                failures.append("error: cannot write the report \(escapedForDisplay(report.path)): \(error)")
                printError(failures.last!)
            }
        }
        if let junit = options.junit {
            do {
                try SnapshotFiles.writeAtomically(Array(JUnitReport.render(verifications, setupFailures: failures).utf8), to: junit)
            } catch {
                failures.append("error: cannot write the JUnit report \(escapedForDisplay(junit.path)): \(error)")
                printError(failures.last!)
            }
        }
        let passed = failures.isEmpty && verifications.allSatisfy(\.passed)
        return Outcome(status: passed ? 0 : 1, json: jsonSummary(verifications, passed: passed, failures: failures),
                       verifications: verifications)
    }

    /// `url` as a link from a page in `folder` (both made absolute first).
    static func relativePath(of url: URL, from folder: URL) -> String {
        let a = url.standardizedFileURL.absoluteURL.pathComponents
        let b = folder.standardizedFileURL.absoluteURL.pathComponents
        var i = 0
        while i < a.count - 1, i < b.count, a[i] == b[i] { i += 1 }
        let parts = Array(repeating: "..", count: b.count - i) + a[i...]
        return Escaping.urlPath(parts.joined(separator: "/"))
    }

    func relativeToCWD(_ u: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return u.path.hasPrefix(cwd) ? String(u.path.dropFirst(cwd.count)) : u.path
    }

    /// What the run prints for one script: its verdict line, its problems and the review
    /// command. Names in it are escaped (`escapedForDisplay`) and suggested commands
    /// quoted (`Escaping.shellWord`); the caller prints it through `displaySafe`.
    func outcome(_ v: ScenarioVerifier.Verification) -> String {
        var lines: [String] = []
        func print(_ s: String) { lines.append(s) }
        if options.printAscii {
            for s in v.snapshots where s.output.format == .ascii {
                print("── \(s.output.name) (\(s.output.subject.rawValue)) ──")
                print(s.check.actual?.text ?? "")
            }
        }
        if options.printTrace { for line in v.result.trace { print(line) } }
        let expectations = v.result.expectations
        let passedExpectations = expectations.filter(\.passed).count
        let recorded = v.snapshots.filter { $0.status == .recorded }.count
        let pending = v.snapshots.filter { if case .pending = $0.status { return true } else { return false } }.count
        let blocked = v.snapshots.filter { if case .notRecorded = $0.status { return true } else { return false } }.count
        var line = "\(v.passed ? "PASS" : "FAIL") \(v.displayName): \(passedExpectations)/\(expectations.count) expectations, \(v.snapshots.filter(\.passed).count)/\(v.snapshots.count) snapshots"
        var notes: [String] = []
        if recorded > 0 { notes.append("\(recorded) recorded") }
        if pending > 0 { notes.append("\(pending) pending review") }
        if blocked > 0 { notes.append("\(blocked) not recorded: expectations failed") }
        if !notes.isEmpty { line += " (" + notes.joined(separator: ", ") + ")" }
        line += ", \(v.result.duration) virtual"
        print(line)
        // Each pending snapshot carries its own "review:" hint (a test failure stands
        // alone); on the command line one hint for the script's folder says it once.
        for p in v.problems {
            print(p.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.hasPrefix("review: ") }.joined(separator: "\n"))
        }
        if let file = v.snapshots.lazy.compactMap({ $0.check.pendingFile }).first {
            var folder = file.deletingLastPathComponent().path
            let here = FileManager.default.currentDirectoryPath + "/"
            if folder.hasPrefix(here) { folder = String(folder.dropFirst(here.count)) }
            let count = pending == 1 ? "it" : "all \(pending)"
            let word = escapedForDisplay(Escaping.shellWord(folder))
            print("review: emojisim snapshots review \(word)  (or accept \(count): emojisim snapshots accept \(word))")
        }
        return lines.joined(separator: "\n")
    }

    func writeOutputs(_ v: ScenarioVerifier.Verification, name stem: String) throws {
        guard let out = options.out else { return }
        let folder = out.appendingPathComponent(stem)
        for s in v.snapshots {
            if let bytes = s.check.actual?.bytes {
                try SnapshotFiles.writeAtomically(bytes, to: folder.appendingPathComponent(s.output.fileName), within: out)
            }
            if let diff = s.check.diffImage {
                try SnapshotFiles.writeAtomically(SnapshotImageCodec.encodePNG(diff),
                                                  to: folder.appendingPathComponent(s.output.name + ".diff.png"), within: out)
            }
        }
        try SnapshotFiles.writeAtomically(Array((v.result.trace.joined(separator: "\n") + "\n").utf8),
                                          to: folder.appendingPathComponent("trace.txt"), within: out)
        if options.gif, !v.result.recording.isEmpty {
            try SnapshotFiles.writeAtomically(try RecordingGIF.encode(v.result.recording),
                                              to: out.appendingPathComponent(stem + ".gif"), within: out)
        }
    }

    func jsonSummary(_ vs: [ScenarioVerifier.Verification], passed: Bool, failures: [String]) -> String {
        let scripts: [[String: Any]] = vs.map { v in
            [
                "script": v.script.path,
                "passed": v.passed,
                "virtualSeconds": v.result.duration.seconds,
                "failure": v.result.failure.map { $0.description } as Any,
                "errors": v.errors,
                "expectations": v.result.expectations.map {
                    ["line": $0.line, "passed": $0.passed, "expected": $0.expected, "actual": $0.actual] as [String: Any]
                },
                "snapshots": v.snapshots.map { s -> [String: Any] in
                    var d: [String: Any] = ["name": s.output.name, "format": s.output.format.rawValue, "line": s.output.line,
                                            "status": s.status.label, "reference": s.reference?.path ?? NSNull()]
                    if let p = s.check.pendingFile { d["pending"] = p.path }
                    if let m = s.check.message { d["message"] = m }
                    return d
                },
            ]
        }
        let root: [String: Any] = ["passed": passed, "scripts": scripts, "errors": failures]
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
