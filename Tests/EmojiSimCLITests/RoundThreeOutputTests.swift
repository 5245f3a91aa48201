@testable import emojisim
@testable import EmojiSimTesting
@testable import EmojiSimTestingCore
import Foundation
import Imaging
import Raster
import Scenario
import SimCore
import Testing

/// Issue 47, items 5, 6, 20, 21, 22 and 25: references lost by `snapshots orphans`,
/// outputs of same-named scripts written over each other, names and suggested commands
/// printed raw, report links not percent-encoded, and `diff`'s unclear refusals.
@Suite struct RoundThreeOutputTests {
    typealias Package = RunCommandTests.Package

    func loose() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-r3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func write(_ text: String, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    func options(viewer: URL? = nil, out: URL? = nil, report: URL? = nil, record: RecordMode = .pending) -> ScenarioRunOptions {
        var o = ScenarioRunOptions(references: .automatic, record: record, out: out, gif: false, report: report, junit: nil,
                                   printTrace: false, json: true, printAscii: false, isCI: false)
        o.viewer = viewer
        o.artifacts = .fromEnvironment([:])
        return o
    }

    func parsed(_ urls: [URL]) throws -> [(URL, Script)] {
        try urls.map { ($0, try ScriptParser.parse(utf8: [UInt8](Data(contentsOf: $0)), name: $0.path)) }
    }

    // MARK: item 5

    /// A one-character typo made the script name no references, so `--delete` removed
    /// all of them with exit 0. Now the script keeps them and the command fails.
    @Test func orphansKeepTheReferencesOfAScriptThatDoesNotParse() throws {
        let folder = try loose()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("conversation empty\nexpect keybord none\nsnapshot s input ascii\n", folder.appendingPathComponent("flow.scenario"))
        let reference = folder.appendingPathComponent("Snapshots/flow/s.txt")
        let other = folder.appendingPathComponent("Snapshots/flow/t.txt")
        try write("x", reference)
        try write("x", other)
        let snapshots = folder.appendingPathComponent("Snapshots").path
        #expect(SnapshotsCommand.run(["orphans", "--snapshots", snapshots, "--delete"]) == 2)
        #expect(SnapshotsCommand.run(["orphans", "--snapshots", snapshots]) == 2)
        #expect(exists(reference) && exists(other))
        let survey = SnapshotOrphans.survey(snapshots: folder.appendingPathComponent("Snapshots"), scripts: folder)
        #expect(survey.orphans.isEmpty)
        #expect(survey.unparsed.map(\.line) == [2])
        #expect(survey.unparsed.first?.description.contains("flow.scenario:2:8: error: unknown expectation 'keybord'") == true)

        // In a package, with a logged test run, the same.
        let pkg = try Package()
        defer { try? FileManager.default.removeItem(at: pkg.root) }
        try pkg.file("flows/f.scenario", "conversation empty\nsnapshot s input asci\n")
        try pkg.file("Snapshots/flows/f/s.txt", "x")
        try pkg.file(".build/snapshot-usage/run-1.txt", "")
        #expect(SnapshotsCommand.run(["orphans", "--delete"], in: pkg.root) == 2)
        #expect(exists(pkg.root.appendingPathComponent("Snapshots/flows/f/s.txt")))
        // Once it parses, only what it does not name is an orphan.
        try pkg.file("flows/f.scenario", "conversation empty\nsnapshot s input ascii\n")
        try pkg.file("Snapshots/flows/f/gone.txt", "x")
        #expect(SnapshotsCommand.run(["orphans", "--delete"], in: pkg.root) == 0)
        #expect(exists(pkg.root.appendingPathComponent("Snapshots/flows/f/s.txt")))
        #expect(!exists(pkg.root.appendingPathComponent("Snapshots/flows/f/gone.txt")))
    }

    /// `--snapshots Snapshots/Tests/Scenarios` inside a package listed every live
    /// reference as an orphan (keys from the package root against paths from the
    /// subfolder) and `--delete` removed them all.
    @Test func orphansOfASubfolderOfThePackagesSnapshots() throws {
        let pkg = try Package()
        defer { try? FileManager.default.removeItem(at: pkg.root) }
        try pkg.file("Tests/Scenarios/f.scenario", "conversation empty\nsnapshot s input ascii\nsnapshot t screen tree\n")
        try pkg.file("Snapshots/Tests/Scenarios/f/s.txt", "x")
        try pkg.file("Snapshots/Tests/Scenarios/f/t.tree.txt", "x")
        try pkg.file("Snapshots/Tests/Scenarios/f/gone.txt", "x")
        try pkg.file("Snapshots/Suite/test.1.txt", "x")
        // Without a test run the package's folders cannot be judged: refused, nothing deleted.
        #expect(SnapshotsCommand.run(["orphans", "--snapshots", "Snapshots/Tests/Scenarios", "--delete"], in: pkg.root) == 1)
        #expect(exists(pkg.root.appendingPathComponent("Snapshots/Tests/Scenarios/f/gone.txt")))
        try pkg.file(".build/snapshot-usage/run-1.txt", "Snapshots/Suite/test.1.txt\n")
        let survey = try #require(SnapshotOrphans.survey(root: pkg.root, within: pkg.root.appendingPathComponent("Snapshots/Tests/Scenarios")))
        #expect(survey.orphans == ["Snapshots/Tests/Scenarios/f/gone.txt"])
        #expect(survey.references == 3)
        #expect(SnapshotsCommand.run(["orphans", "--snapshots", "Snapshots/Tests/Scenarios", "--delete"], in: pkg.root) == 0)
        for kept in ["Tests/Scenarios/f/s.txt", "Tests/Scenarios/f/t.tree.txt", "Suite/test.1.txt"] {
            #expect(exists(pkg.root.appendingPathComponent("Snapshots/" + kept)), "\(kept)")
        }
        #expect(!exists(pkg.root.appendingPathComponent("Snapshots/Tests/Scenarios/f/gone.txt")))
    }

    /// A folder none of whose references anything produces is a wrong folder, not a
    /// folder of stale files: the command stops and deletes nothing.
    @Test func orphansStopWhenNothingInTheFolderIsProduced() throws {
        let folder = try loose()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("conversation empty\nsnapshot s input ascii\n", folder.appendingPathComponent("flow.scenario"))
        try write("x", folder.appendingPathComponent("Snapshots/flow/s.txt"))
        try write("x", folder.appendingPathComponent("Snapshots/flow/u.txt"))
        // The script's own folder named: its parent (Snapshots/) holds no scripts.
        let wrong = folder.appendingPathComponent("Snapshots/flow").path
        #expect(SnapshotsCommand.run(["orphans", "--snapshots", wrong, "--delete"]) == 1)
        #expect(SnapshotsCommand.run(["orphans", "--snapshots", wrong]) == 1)
        #expect(exists(folder.appendingPathComponent("Snapshots/flow/s.txt")))
        #expect(exists(folder.appendingPathComponent("Snapshots/flow/u.txt")))
        // The right folder: one live reference, one orphan.
        let right = folder.appendingPathComponent("Snapshots").path
        #expect(SnapshotsCommand.run(["orphans", "--snapshots", right, "--delete"]) == 0)
        #expect(exists(folder.appendingPathComponent("Snapshots/flow/s.txt")))
        #expect(!exists(folder.appendingPathComponent("Snapshots/flow/u.txt")))
    }

    // MARK: item 6

    /// `run a/x.scenario b/x.scenario --viewer v --out o` outside a package wrote one
    /// `v/x.html` (b's) and linked both scripts to it; `o/x/` the same.
    @Test func sameNamedScriptsGetTheirOwnViewerAndOutFolder() throws {
        let folder = try loose()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a/x.scenario"), b = folder.appendingPathComponent("b/x.scenario")
        try write("conversation empty\nexpect keyboard none\nsnapshot s input ascii\n", a)
        try write("conversation empty\ntap input\nexpect keyboard system\nsnapshot s input ascii\n", b)
        let v = folder.appendingPathComponent("v"), o = folder.appendingPathComponent("o")
        let report = folder.appendingPathComponent("r.html")
        let outcome = ScenarioRunSession(options: options(viewer: v, out: o, report: report, record: .missing)).execute(try parsed([a, b]))
        #expect(outcome.status == 0, "\(outcome.verifications.flatMap(\.problems))")
        let pageA = try String(contentsOf: v.appendingPathComponent("a/x.html"), encoding: .utf8)
        let pageB = try String(contentsOf: v.appendingPathComponent("b/x.html"), encoding: .utf8)
        #expect(pageA.contains("data-script=\"\(a.path)\"") && pageB.contains("data-script=\"\(b.path)\""))
        #expect(!exists(v.appendingPathComponent("x.html")))
        let traceA = try String(contentsOf: o.appendingPathComponent("a/x/trace.txt"), encoding: .utf8)
        let traceB = try String(contentsOf: o.appendingPathComponent("b/x/trace.txt"), encoding: .utf8)
        #expect(traceA != traceB)
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.components(separatedBy: "href=\"v/a/x.html\"").count == 2)
        #expect(html.components(separatedBy: "href=\"v/b/x.html\"").count == 2)
    }

    @Test func outputNamesGrowOnlyWhereTheyCollide() {
        let urls = ["/r/p/a/x.scenario", "/r/q/a/x.scenario", "/r/b/x.scenario", "/r/y.scenario", "/r/y.scenario"]
            .map { URL(fileURLWithPath: $0) }
        #expect(ScriptOutputNames.outNames(urls) == ["p/a/x", "q/a/x", "b/x", "y", "y-2"])
        // Reversed input, same names for the same scripts (the repeat aside).
        #expect(ScriptOutputNames.outNames(urls.reversed()) == ["y", "y-2", "b/x", "q/a/x", "p/a/x"])
    }

    // MARK: items 20 and 21

    /// A file name with a carriage return and escape sequences reached the terminal raw
    /// in the FAIL line and the error lines (a fake green PASS over the failure).
    @Test func verdictAndErrorLinesEscapeTheScriptsName() throws {
        let folder = try loose()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "x\r\u{1B}[32mPASS all 12 scripts\u{1B}[0m\u{1B}[K"
        let script = folder.appendingPathComponent(name + ".scenario")
        try write("conversation empty\nexpect keyboard emoji\nsnapshot s input ascii\n", script)
        let session = ScenarioRunSession(options: options())
        let outcome = session.execute(try parsed([script]))
        #expect(outcome.status == 1)
        let text = session.outcome(try #require(outcome.verifications.first))
        #expect(text.hasPrefix("FAIL "))
        #expect(!text.unicodeScalars.contains { $0 != "\n" && isEscapedForDisplay($0) }, "\(text.debugDescription)")
        #expect(text.contains("x\\u{D}\\u{1B}[32mPASS all 12 scripts\\u{1B}[0m\\u{1B}[K.scenario:2:1: error: expected keyboard emoji"))
    }

    /// `sh -c 'printf "%s\n" WORDS'` in `cwd`: the arguments a shell makes of `words`.
    func shellArguments(_ words: String, cwd: URL) throws -> [String] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "printf '%s\\n' " + words]
        p.currentDirectoryURL = cwd
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The accept and review commands a run prints, the report shows and a failure's
    /// message suggests pass a hostile script name as one argument and run nothing.
    @Test func suggestedCommandsAreShellQuoted() throws {
        let folder = try loose()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["a b;touch PWNED;#", "$(touch PWNED2)", "it's `touch PWNED3`"]
        let scripts = try names.map { n -> URL in
            let u = folder.appendingPathComponent(n + ".scenario")
            try write("conversation empty\nsnapshot s input ascii\n", u)
            return u
        }
        let report = folder.appendingPathComponent("r.html")
        let session = ScenarioRunSession(options: options(report: report))
        let outcome = session.execute(try parsed(scripts))
        #expect(outcome.status == 1)
        var pendings: [String] = []
        for (n, v) in zip(names, outcome.verifications) {
            let pending = folder.appendingPathComponent("Snapshots/\(n)/s.txt.new").path
            // The run's review line: `review: emojisim snapshots review WORD  (or accept it: ... accept WORD)`.
            let line = try #require(session.outcome(v).split(separator: "\n").first { $0.hasPrefix("review: ") })
            let word = String(try #require(line.components(separatedBy: "emojisim snapshots accept ").last).dropLast())
            #expect(try shellArguments(word, cwd: folder) == [folder.appendingPathComponent("Snapshots/\(n)").path])
            // The failure message's hint (what a test failure shows).
            let message = try #require(v.snapshots.first?.check.message)
            let hint = try #require(message.components(separatedBy: "(or: emojisim snapshots accept ").last)
            #expect(try shellArguments(String(hint.dropLast()), cwd: folder) == [pending])
            pendings.append(pending)
        }
        // The report's commands, as the browser shows them.
        let html = try String(contentsOf: report, encoding: .utf8)
        let shown = html.components(separatedBy: "<code class=\"cmd\">emojisim snapshots accept ").dropFirst().map { part in
            String(part.prefix { $0 != "<" }).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        }
        #expect(shown.count == names.count)
        #expect(try shown.flatMap { try shellArguments($0, cwd: folder) }.sorted() == pendings.sorted())
        for p in ["PWNED", "PWNED2", "PWNED3"] { #expect(!exists(folder.appendingPathComponent(p))) }
        // Plain names stay plain; a quote is closed, escaped and reopened.
        #expect(Escaping.shellWord("Snapshots/flows/f/s.txt.new") == "Snapshots/flows/f/s.txt.new")
        #expect(Escaping.shellWord("it's") == "'it'\\''s'")
        #expect(Escaping.shellWord("") == "''")
    }

    // MARK: item 22

    /// `<img src>` of a report named `r#1.html` pointed at `r` plus a fragment.
    @Test func reportLinksArePercentEncoded() throws {
        var report = HTMLReport(url: URL(fileURLWithPath: "/tmp/emojisim-r3-\(UUID().uuidString)/r#1?:.html"), font: BitmapFont())
        defer { try? FileManager.default.removeItem(at: report.url.deletingLastPathComponent()) }
        // Noise does not compress: the PNG is past the inline limit and goes to a file.
        var image = Image(width: 200, height: 200)
        var seed: UInt32 = 47
        for i in image.pixels.indices {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            image.pixels[i] = UInt8(truncatingIfNeeded: seed >> 24)
        }
        let html = try report.figure("actual", image)
        #expect(html.contains("src=\"r%231%3F%3A.html.files/image-1.png\""), "\(html.prefix(300))")
        #expect(exists(report.filesFolder.appendingPathComponent("image-1.png")))
        // The viewer links the run hands the report: a `:` before the first `/` would be a scheme.
        #expect(ScenarioRunSession.relativePath(of: URL(fileURLWithPath: "/t/v/a:b#1?.html"), from: URL(fileURLWithPath: "/t"))
                == "v/a%3Ab%231%3F.html")
        #expect(ScenarioRunSession.relativePath(of: URL(fileURLWithPath: "/t/x:y.html"), from: URL(fileURLWithPath: "/t")) == "x%3Ay.html")
        #expect(Escaping.urlPath("微 笑/%.png") == "%E5%BE%AE%20%E7%AC%91/%25.png")
    }

    // MARK: item 25

    @Test func diffNamesTheFirstBadByteAndTheImagesItDoesNotCompare() throws {
        let folder = try loose()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad: [UInt8] = Array("abc\nd".utf8) + [0xFF] + Array("e\n".utf8)
        #expect(DiffCommand.notUTF8(bad, "b.txt")
                == "b.txt:2:2: error: not UTF-8 text: byte 0xFF at byte offset 5 starts no UTF-8 character; diff compares PNG/PPM images or UTF-8 text")
        #expect(DiffCommand.notUTF8(Array("ok 微笑\n".utf8), "a.txt") == nil)
        let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]
        #expect(DiffCommand.otherImageFormat(gif) == "GIF")
        #expect(DiffCommand.otherImageFormat([0xFF, 0xD8, 0xFF, 0xE0]) == "JPEG")
        #expect(DiffCommand.otherImageFormat(Array("plain text".utf8)) == nil)
        // Through the command: both refusals are bad input (2), a GIF even against a GIF.
        let a = folder.appendingPathComponent("a.gif"), t = folder.appendingPathComponent("t.txt"), b = folder.appendingPathComponent("b.txt")
        try Data(gif).write(to: a)
        try Data("abc\n".utf8).write(to: t)
        try Data(bad).write(to: b)
        #expect(DiffCommand.run([a.path, a.path]) == 2)
        #expect(DiffCommand.run([t.path, b.path]) == 2)
        #expect(DiffCommand.run([t.path, t.path]) == 0)
    }
}
