import Foundation
import SimCore
import Imaging
import Raster
import Scenario
import EmojiSimIO
import EmojiSimTestingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// `GITHUB_ACTIONS=true`: each problem is also printed as a workflow command
    /// (`::error file=F,line=L,col=C::message`), which GitHub shows on the file's line.
    var githubAnnotations: Bool = ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"
    /// Colour for the verdicts on standard output.
    var colour: Colour = .standardOutput
}

/// Runs scripts for `emojisim run` and the demo: parse all, run, compare, write.
/// The verdict printed, the JSON `passed` and the exit status are one value: every
/// problem (a failed expectation or snapshot, an output that could not be written, a
/// GIF that could not be encoded) is collected before any of them is produced.
struct ScenarioRunSession {
    var options: ScenarioRunOptions

    func run(_ files: [URL]) -> Int32 {
        let outcome = runFiles(files)
        if options.json { print(outcome.json) }
        return outcome.status
    }

    /// Parses and runs `files`: `run(_:)` without printing the JSON.
    func runFiles(_ files: [URL]) -> Outcome {
        // Parse everything first: every parse error is printed before anything runs.
        // The scripts that parse still run, so the reports (HTML, JUnit, JSON) are
        // written with the others as errors in them; the exit status stays 2.
        var parsed: [(URL, Script)] = []
        var unrun: [UnrunScript] = []
        for url in files {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                unrun.append(UnrunScript(script: url, displayName: Self.displayName(url),
                                         errors: [ScriptError(file: url.path, line: 1, column: 1, message: "cannot read the file")]))
                continue
            }
            do {
                // Bad UTF-8 is reported at its line and column (ScriptParser.parse(utf8:)).
                parsed.append((url, try ScriptParser.parse(utf8: [UInt8](data), name: url.path)))
            } catch {
                unrun.append(UnrunScript(script: url, displayName: Self.displayName(url), errors: error.errors))
            }
        }
        for u in unrun {
            for e in u.errors { printError(e.description) }
            announce(u)
        }
        if !unrun.isEmpty && !options.json && !parsed.isEmpty {
            printError("error: \(unrun.count) script\(unrun.count == 1 ? "" : "s") did not parse; running the other \(parsed.count) for the reports (exit status 2)")
        }
        var outcome = execute(parsed, unrun: unrun)
        if !unrun.isEmpty { outcome.status = 2 }
        return outcome
    }

    /// A script's name in reports: its path from its package root, else as given.
    static func displayName(_ url: URL) -> String {
        let u = url.standardizedFileURL
        guard let root = SnapshotFiles.packageRoot(from: u.path), u.path.hasPrefix(root.path + "/") else { return escapedForDisplay(u.path) }
        return escapedForDisplay(String(u.path.dropFirst(root.path.count + 1)))
    }

    /// The CPU time this process has used, in seconds (the JUnit report's `time`).
    static func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// GitHub Actions workflow commands for `problems` (each with its place), when
    /// `GITHUB_ACTIONS=true`: on standard output, or standard error under `--json`.
    func annotate(_ problems: [(message: String, line: Int, column: Int)], script: URL) {
        guard options.githubAnnotations else { return }
        let file = GitHubAnnotation.path(script)
        for p in problems {
            let line = GitHubAnnotation.error(file: file, line: p.line, column: p.column, message: p.message)
            if options.json { printError(line) } else { print(line) }
        }
    }

    func announce(_ u: UnrunScript) {
        annotate(u.errors.map { ($0.message, $0.line, $0.column) }, script: u.script)
    }

    /// What a session produced: the exit status and the JSON summary (whose `passed`
    /// is true exactly when the status is 0).
    struct Outcome {
        var status: Int32
        var json: String
        var verifications: [ScenarioVerifier.Verification]
    }

    func run(_ scripts: [(URL, Script)]) -> Int32 {
        let outcome = execute(scripts, unrun: [])
        if options.json { print(outcome.json) }
        return outcome.status
    }

    func execute(_ scripts: [(URL, Script)], unrun: [UnrunScript] = []) -> Outcome {
        var unrun = unrun
        let font: BitmapFont
        do { font = try BundledFont.unifont() } catch {
            printError("error: \(error)")
            return Outcome(status: 2, json: jsonSummary([], passed: false, failures: ["\(error)"], unrun: unrun), verifications: [])
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
        var cpu: [URL: Double] = [:]
        var viewers: [URL: URL] = [:]
        // One name per script for its viewer page and --out folder: two scripts of one
        // name in different folders must not write one file (ScriptOutputNames).
        let viewerNames = ScriptOutputNames.viewerNames(scripts.map(\.0))
        let outNames = ScriptOutputNames.outNames(scripts.map(\.0))
        for (n, (url, script)) in scripts.enumerated() {
            if !options.json && scripts.count > 1 { printError("[\(n + 1)/\(scripts.count)] \(escapedForDisplay(url.path))") }
            var v: ScenarioVerifier.Verification
            let started = Self.cpuSeconds()
            do {
                v = try verifier.verify(script, at: url)
            } catch {
                let message = error is ScriptError ? "\(error)" : "\(escapedForDisplay(url.path)):1:1: error: \(error)"
                printError(message)
                // A script that could not start is an error of its own in the reports.
                let e = (error as? ScriptError) ?? ScriptError(file: url.path, line: 1, column: 1, message: "\(error)")
                let u = UnrunScript(script: url, displayName: Self.displayName(url), errors: [e])
                announce(u)
                unrun.append(u)
                continue
            }
            cpu[v.script] = Self.cpuSeconds() - started
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
            annotate(Self.placedProblems(v), script: v.script)
            if !options.json {
                print(options.colour.verdicts(options.colour.diff(displaySafe(outcome(v)))))
                if let page = viewers[v.script], !v.passed { print("viewer: \(escapedForDisplay(relativeToCWD(page)))") }
            }
        }
        if let report = options.report {
            do {
                let base = report.deletingLastPathComponent()
                try HTMLReport.write(verifications, to: report,
                                     viewers: viewers.mapValues { Self.relativePath(of: $0, from: base) }, unrun: unrun)
                if !options.json { print("report: \(escapedForDisplay(report.path))") }
            } catch {
                failures.append("error: cannot write the report \(escapedForDisplay(report.path)): \(error)")
                printError(failures.last!)
            }
        }
        if let junit = options.junit {
            do {
                try SnapshotFiles.writeAtomically(Array(JUnitReport.render(verifications, setupFailures: failures, unrun: unrun,
                                                                           cpuSeconds: cpu).utf8), to: junit)
            } catch {
                failures.append("error: cannot write the JUnit report \(escapedForDisplay(junit.path)): \(error)")
                printError(failures.last!)
            }
        }
        let passed = failures.isEmpty && unrun.isEmpty && verifications.allSatisfy(\.passed)
        if !options.json { print(options.colour.verdicts(Self.totals(verifications, unrun: unrun, failures: failures))) }
        return Outcome(status: passed ? 0 : 1, json: jsonSummary(verifications, passed: passed, failures: failures, unrun: unrun),
                       verifications: verifications)
    }

    /// The last line of a run (cargo's and pytest's convention): the verdict and the
    /// counts of scripts, expectations and snapshots, and the virtual time.
    static func totals(_ vs: [ScenarioVerifier.Verification], unrun: [UnrunScript], failures: [String]) -> String {
        let failed = vs.filter { !$0.passed }.count
        let ok = failures.isEmpty && unrun.isEmpty && failed == 0
        let expectations = vs.reduce(0) { $0 + $1.result.expectations.count }
        let heldExpectations = vs.reduce(0) { $0 + $1.result.expectations.filter(\.passed).count }
        let snapshots = vs.reduce(0) { $0 + $1.snapshots.count }
        let matched = vs.reduce(0) { $0 + $1.snapshots.filter(\.passed).count }
        let pending = vs.reduce(0) { $0 + $1.snapshots.filter { $0.check.pendingFile != nil }.count }
        let virtual = vs.reduce(SimDuration.zero) { $0 + $1.result.duration }
        func n(_ k: Int, _ word: String) -> String { "\(k) \(word)\(k == 1 ? "" : "s")" }
        var line = "\(ok ? "PASS" : "FAIL") total: \(n(vs.count + unrun.count, "script")), \(vs.count - failed) passed, \(failed) failed"
        if !unrun.isEmpty { line += ", \(unrun.count) did not run" }
        if !failures.isEmpty { line += ", \(n(failures.count, "other error"))" }
        line += "; \(heldExpectations)/\(expectations) expectations, \(matched)/\(snapshots) snapshots"
        if pending > 0 { line += " (\(pending) pending review)" }
        return line + ", \(virtual) virtual"
    }

    /// Every problem of a verification with its line and column (the message without
    /// its `FILE:LINE:COL: error:` head): what an annotation needs.
    static func placedProblems(_ v: ScenarioVerifier.Verification) -> [(message: String, line: Int, column: Int)] {
        var out: [(message: String, line: Int, column: Int)] = []
        if let f = v.result.failure { out.append((f.message, f.line, f.column)) }
        let head = v.displayName
        for m in v.result.failureMessages(file: head) {
            out.append((GitHubAnnotation.strippingPlace(m.message), m.line, m.column))
        }
        for s in v.snapshots { if let m = s.check.message { out.append((m, s.output.line, 1)) } }
        for e in v.errors { out.append((e, 1, 1)) }
        return out
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

    /// The JSON `failure` of a script: nil (null) only when it passed.
    static func failureText(_ v: ScenarioVerifier.Verification) -> Any {
        if let f = v.result.failure { return f.description }
        if !v.passed { return v.problems.first ?? "failed" }
        return NSNull()
    }

    func jsonSummary(_ vs: [ScenarioVerifier.Verification], passed: Bool, failures: [String], unrun: [UnrunScript] = []) -> String {
        let scripts: [[String: Any]] = vs.map { v in
            [
                "script": v.script.path,
                "passed": v.passed,
                "virtualSeconds": v.result.duration.seconds,
                // Never null when the script failed: the error that stopped it, else its
                // first problem (a failed expectation, snapshot or output) with its place.
                "failure": Self.failureText(v),
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
        let notRun: [[String: Any]] = unrun.map { u in
            ["script": u.script.path, "passed": false, "failure": u.errors.first?.description ?? "did not run",
             "errors": u.errors.map { ["line": $0.line, "column": $0.column, "message": $0.message] as [String: Any] }]
        }
        let root: [String: Any] = ["schemaVersion": jsonSchemaVersion, "passed": passed, "scripts": scripts,
                                   "unrun": notRun, "errors": failures + unrun.flatMap { $0.errors.map(\.description) }]
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
