@testable import emojisim
import EmojiSimIO
import EmojiSimTesting
import Foundation
import Scenario
import Testing

/// Runs the built `emojisim` as a user's shell does, for what only a process of its own
/// shows: its exit status, what it prints where, in what order, under which environment.
enum CLIProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `arguments` in `cwd` with the test's environment minus the variables that
    /// change the output (colour, CI, record mode, Bazel, GitHub) plus `environment`.
    /// `merged`: stdout and stderr go to one pipe (`stdout` holds both, as a CI log).
    static func run(_ arguments: [String], environment: [String: String] = [:], cwd: URL? = nil, merged: Bool = false) throws -> Result {
        let p = Process()
        p.executableURL = try TemporariesAndPipesTests.binary()
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for k in ["NO_COLOR", "FORCE_COLOR", "CI", "EMOJISIM_RECORD", "GITHUB_ACTIONS", "TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX",
                  "TEST_SHARD_STATUS_FILE", "XML_OUTPUT_FILE", "TERM"] { env[k] = nil }
        for (k, v) in environment { env[k] = v }
        p.environment = env
        if let cwd { p.currentDirectoryURL = cwd }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = merged ? out : err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Read both while it runs: a full pipe would block it.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        if !merged {
            group.enter()
            DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }
}

/// Issue 45, item 3: the conventions of swift-argument-parser and clap, one test each.
@Suite struct CLIConventionsTests {
    func output(_ t: TopLevel) -> (String, Int32)? { if case .output(let s, let c) = t { return (s, c) } else { return nil } }
    func error(_ t: TopLevel) -> (String, Int32)? { if case .error(let s, let c) = t { return (s, c) } else { return nil } }

    @Test @MainActor func versionIsOneConstant() throws {
        #expect(output(topLevel(["--version"]))?.0 == "emojisim 0.9.0\n")
        #expect(output(topLevel(["-V"]))?.1 == 0)
        let r = try CLIProcess.run(["--version"])
        #expect(r.status == 0 && r.stdout == "emojisim \(emojisimVersion)\n")
    }

    @Test @MainActor func helpCommandPrintsThatCommandsHelp() throws {
        #expect(output(topLevel(["help", "run"]))?.0 == RunCommand.help + "\n")
        #expect(output(topLevel(["help", "catalog"]))?.0 == CatalogCommand.help + "\n")
        #expect(output(topLevel(["help"]))?.0 == topLevelHelp())
        let bad = try #require(error(topLevel(["help", "rnu"])))
        #expect(bad.1 == 2 && bad.0.contains("did you mean 'run'?"))
        // `--help` after `--` is a file name, not a request for help.
        if case .run(let c, let rest) = topLevel(["diff", "--", "--help", "x"]) {
            #expect(c.name == "diff" && rest == ["--", "--help", "x"])
        } else { Issue.record("diff -- --help x should run diff") }
    }

    @Test @MainActor func didYouMeanForCommandsVerbsAndOptions() throws {
        let cmd = try #require(error(topLevel(["rnu", "x.scenario"])))
        #expect(cmd.1 == 2 && cmd.0.contains("unknown command 'rnu'\n  did you mean 'run'?"))
        // Nothing near: the whole help instead.
        #expect(error(topLevel(["zzzzzz"]))?.0.contains("commands:") == true)
        #expect(error(topLevel(["catalog", "chek", "demo"]))?.0.contains("did you mean 'check'?") == true)
        #expect(error(topLevel(["snapshots", "acept"]))?.0.contains("did you mean 'accept'?") == true)
        #expect(error(topLevel(["--verison"]))?.0.contains("did you mean '--version'?") == true)
        #expect(throws: UsageError.self) { try ParsedArguments(["--jsn"], flags: ["json"]) }
        do { _ = try ParsedArguments(["--jsn"], flags: ["json", "gif"]); Issue.record("--jsn accepted") } catch {
            #expect("\(error)" == "unknown option --jsn\n  did you mean '--json'?")
        }
        do { _ = try ParsedArguments(["--entries"], flags: ["json"], options: ["format"]); Issue.record("--entries accepted") } catch {
            #expect("\(error)" == "unknown option --entries\n  (it takes --format, --json)")
        }
        #expect(CLISuggest.nearest("inptu", among: ["input", "panel", "send"]) == "input")
        #expect(CLISuggest.nearest("snap", among: ["snapshots", "run"]) == "snapshots")
        #expect(CLISuggest.nearest("xyz", among: ["run", "diff"]) == nil)
        #expect(Suggest.distance("tpa", "tap") == 1)
    }

    @Test func everyUnknownOptionIsRefused() throws {
        // Accepted and ignored before: now refused, per verb.
        #expect(CatalogCommand.run(["check", "demo", "--entries"]) == 2)
        #expect(CatalogCommand.run(["check", "demo", "--lenient"]) == 2)
        #expect(CatalogCommand.run(["show", "demo", "--to", "json"]) == 2)
        #expect(CatalogCommand.run(["convert", "demo", "--to", "json", "--entries"]) == 2)
        #expect(SnapshotsCommand.run(["pending", "--all"]) == 2)
        #expect(SnapshotsCommand.run(["accept", "--delete", "x"]) == 2)
        #expect(throws: UsageError.self) { try ParsedArguments(["-x"]) }
        #expect(try ParsedArguments(["-", "--", "-x"]).positionals == ["-", "-x"])
        // And `catalog check --json` now does what it says.
        let r = try CLIProcess.run(["catalog", "check", "demo", "--json"])
        #expect(r.status == 0)
        let j = try CLIProcess.json(r.stdout)
        #expect(j["schemaVersion"] as? Int == jsonSchemaVersion && j["passed"] as? Bool == true && j["errors"] as? Int == 0)
    }

    @Test func colourOnATerminalOffWithNoColorForcedWithForceColor() throws {
        #expect(Colour.enabled(environment: [:], isTerminal: true))
        #expect(!Colour.enabled(environment: [:], isTerminal: false))
        #expect(!Colour.enabled(environment: ["NO_COLOR": "1"], isTerminal: true))
        #expect(Colour.enabled(environment: ["NO_COLOR": ""], isTerminal: true), "an empty NO_COLOR is unset")
        #expect(!Colour.enabled(environment: ["TERM": "dumb"], isTerminal: true))
        #expect(Colour.enabled(environment: ["FORCE_COLOR": "1"], isTerminal: false))
        #expect(Colour.enabled(environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"], isTerminal: false))
        #expect(!Colour.enabled(environment: ["FORCE_COLOR": "0"], isTerminal: true))
        let on = Colour(enabled: true)
        #expect(on.verdicts("PASS a: 1/1\nFAIL b\nx PASS") == "\u{1B}[32mPASS\u{1B}[0m a: 1/1\n\u{1B}[31mFAIL\u{1B}[0m b\nx PASS")
        #expect(on.diff("--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y\n z") ==
                "\u{1B}[1m--- a\u{1B}[0m\n\u{1B}[1m+++ b\u{1B}[0m\n\u{1B}[36m@@ -1 +1 @@\u{1B}[0m\n\u{1B}[31m-x\u{1B}[0m\n\u{1B}[32m+y\u{1B}[0m\n z")
        #expect(Colour(enabled: false).verdicts("PASS a") == "PASS a")
        // Through the binary: a pipe is no terminal; FORCE_COLOR colours it; NO_COLOR alone does not.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-colour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.txt"), b = dir.appendingPathComponent("b.txt")
        try Data("one\ntwo\n".utf8).write(to: a)
        try Data("one\nthree\n".utf8).write(to: b)
        let plain = try CLIProcess.run(["diff", a.path, b.path])
        #expect(plain.status == 1 && plain.stdout.contains("\n-two\n+three\n") && !plain.stdout.contains("\u{1B}"))
        let forced = try CLIProcess.run(["diff", a.path, b.path], environment: ["FORCE_COLOR": "1"])
        #expect(forced.stdout.contains("\u{1B}[31m-two\u{1B}[0m\n\u{1B}[32m+three\u{1B}[0m"))
        let off = try CLIProcess.run(["diff", a.path, b.path], environment: ["NO_COLOR": "1"])
        #expect(!off.stdout.contains("\u{1B}"))
    }

    /// A run's last line totals it; stdout is line-buffered, so with stdout and stderr in
    /// one pipe each progress line comes right before its script's verdict.
    @Test func totalsLineAndMergedOutputInOrder() throws {
        let pkg = try RunCommandTests.Package()
        try pkg.file("flows/a.scenario", "conversation empty\nexpect keyboard none\n")
        try pkg.file("flows/b.scenario", "conversation empty\ntap input\nexpect keyboard emoji\n")
        try pkg.file("flows/c.scenario", "conversation empty\nexpect keyboard none\n")
        let r = try CLIProcess.run(["run", pkg.root.appendingPathComponent("flows").path], cwd: pkg.root, merged: true)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let order = lines.filter { $0.hasPrefix("[") || $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
        #expect(order.count == 7, "\(lines)")
        if order.count == 7 {
            #expect(order[0].hasPrefix("[1/3]") && order[1].hasPrefix("PASS flows/a.scenario"))
            #expect(order[2].hasPrefix("[2/3]") && order[3].hasPrefix("FAIL flows/b.scenario"))
            #expect(order[4].hasPrefix("[3/3]") && order[5].hasPrefix("PASS flows/c.scenario"))
        }
        #expect(lines.last?.hasPrefix("FAIL total: 3 scripts, 2 passed, 1 failed; 2/3 expectations, 0/0 snapshots") == true, "\(lines)")
    }

    @Test func jsonForEveryReportingCommandWithASchemaVersion() throws {
        let pkg = try RunCommandTests.Package()
        try pkg.file("Snapshots/x/a.txt.new", "new a\n")
        try pkg.file("Snapshots/x/b.txt", "old b\n")
        try pkg.file("Snapshots/x/b.txt.new", "new b\n")
        let pending = try CLIProcess.json(try CLIProcess.run(["snapshots", "pending", "--json"], cwd: pkg.root).stdout)
        #expect(pending["schemaVersion"] as? Int == 1)
        let items = try #require(pending["pending"] as? [[String: String]])
        #expect(items.map { $0["status"] ?? "" }.sorted() == ["changed", "new"])
        #expect(items.contains { $0["file"] == "Snapshots/x/b.txt.new" && $0["reference"] == "Snapshots/x/b.txt" })

        let a = try pkg.file("a.txt", "one\ntwo\n"), b = try pkg.file("b.txt", "one\nthree\n")
        let diff = try CLIProcess.run(["diff", a.path, b.path, "--json"])
        #expect(diff.status == 1)
        let d = try CLIProcess.json(diff.stdout)
        #expect(d["schemaVersion"] as? Int == 1 && d["kind"] as? String == "text" && d["equal"] as? Bool == false)
        #expect(d["removed"] as? Int == 1 && d["added"] as? Int == 1 && (d["diff"] as? String)?.contains("+three") == true)

        let monkey = try CLIProcess.run(["monkey", "--scripts", "2", "--steps", "3", "--json", "--out", pkg.root.path])
        #expect(monkey.status == 0)
        let m = try CLIProcess.json(monkey.stdout)
        #expect(m["schemaVersion"] as? Int == 1 && m["passed"] as? Bool == true && m["clean"] as? Int == 2)
        #expect(m["finding"] is NSNull)
        // Progress on standard error, one line a script.
        #expect(monkey.stderr.contains("[1/2] seed 1 clean") && monkey.stderr.contains("[2/2] seed 2 clean"))

        // run --json: a schema version, and a failure that is never null when an expectation failed.
        let script = try pkg.file("f.scenario", "conversation empty\ntap input\nexpect keyboard emoji\n")
        let run = try CLIProcess.run(["run", script.path, "--json"], cwd: pkg.root)
        #expect(run.status == 1)
        let j = try CLIProcess.json(run.stdout)
        #expect(j["schemaVersion"] as? Int == 1)
        let first = try #require((j["scripts"] as? [[String: Any]])?.first)
        #expect((first["failure"] as? String)?.contains("f.scenario:3:1: error: expected keyboard emoji") == true, "\(first)")
    }

    @Test @MainActor func completionsForBashZshAndFish() throws {
        for shell in ["bash", "zsh", "fish"] {
            let text = try #require(CompletionsCommand.script(for: shell))
            for c in allCommands { #expect(text.contains(c.name), "\(shell) lacks \(c.name)") }
            let option = shell == "fish" ? "-l " : "--"
            #expect(text.contains(option + "json") && text.contains(option + "shard") && text.contains("convert"), "\(shell)")
        }
        #expect(CompletionsCommand.script(for: "tcsh") == nil)
        #expect(CompletionsCommand.run(["tcsh"]) == 2)
        #expect(CompletionsCommand.options(in: CatalogCommand.help).contains("--entries"))
        // bash: source it and complete as bash would.
        let bash = try CLIProcess.run(["completions", "bash"])
        #expect(bash.status == 0)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-compl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("emojisim.bash")
        try Data(bash.stdout.utf8).write(to: file)
        func complete(_ words: [String]) throws -> [String] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/bash")
            let w = words.map { "'\($0)'" }.joined(separator: " ")
            p.arguments = ["-c", "source '\(file.path)'; COMP_WORDS=(emojisim \(w)); COMP_CWORD=\(words.count); _emojisim; printf '%s\\n' \"${COMPREPLY[@]}\""]
            let pipe = Pipe()
            p.standardOutput = pipe
            try p.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(try complete(["ca"]) == ["catalog"])
        #expect(try complete(["catalog", "ch"]) == ["check"])
        #expect(try complete(["run", "x.scenario", "--ju"]) == ["--junit"])
        #expect(try complete(["snapshots", "p"]) == ["pending"])
    }

    @Test func exitCodesAsEachHelpSays() throws {
        let pkg = try RunCommandTests.Package()
        let folder = pkg.root.appendingPathComponent("Snapshots/x")
        try pkg.file("Snapshots/x/a.txt", "a\n")
        // Nothing pending where something was asked for: 1, as the help says.
        #expect(SnapshotsCommand.run(["accept", folder.path]) == 1)
        #expect(SnapshotsCommand.run(["reject", "--all", "--snapshots", folder.path]) == 1)
        #expect(SnapshotsCommand.run(["pending", folder.path]) == 0)
        #expect(SnapshotsCommand.help.contains("1 a file could not be accepted/rejected/deleted or nothing\nto do"))
        #expect(DiffCommand.run([]) == 2)
    }

    @Test func anInvalidEmojisimRecordIsAClearError() throws {
        let pkg = try RunCommandTests.Package()
        let script = try pkg.file("a.scenario", "conversation empty\nexpect keyboard none\n")
        #expect(RunCommand.run([script.path], environment: ["EMOJISIM_RECORD": "bogus"]) == 2)
        #expect(throws: UsageError.self) {
            let _: RecordMode? = try EnvironmentChoice.value("EMOJISIM_RECORD", in: ["EMOJISIM_RECORD": "misisng"])
        }
        do {
            let _: RecordMode? = try EnvironmentChoice.value("EMOJISIM_RECORD", in: ["EMOJISIM_RECORD": "misisng"])
        } catch {
            #expect("\(error)".contains("EMOJISIM_RECORD='misisng' is not one of pending, all, missing, failed, never; did you mean 'missing'?"))
        }
        let ok: RecordMode? = try EnvironmentChoice.value("EMOJISIM_RECORD", in: ["EMOJISIM_RECORD": "Missing"])
        #expect(ok == .missing)
        let r = try CLIProcess.run(["run", script.path], environment: ["EMOJISIM_RECORD": "bogus"])
        #expect(r.status == 2 && r.stderr.contains("EMOJISIM_RECORD='bogus' is not one of"))
    }
}
