@testable import emojisim
import EmojiSimIO
import EmojiSimTesting
import Foundation
import Imaging
import Raster
#if canImport(FoundationXML)
import FoundationXML
#endif
import Scenario
import SimCore
import Testing

/// `emojisim run` as a CI job uses it: verdict, JSON and exit status, JUnit per shard,
/// GIF recordings, the HTML report. Each test in its own throw-away package.
@Suite struct RunCommandTests {
    struct Package {
        let root: URL
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        }
        @discardableResult
        func file(_ path: String, _ text: String) throws -> URL {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return url
        }
        func options(out: URL? = nil, gif: Bool = false, report: URL? = nil, junit: URL? = nil,
                     record: RecordMode = .missing) -> ScenarioRunOptions {
            // isCI false: these tests record into throw-away packages, also when CI is set.
            ScenarioRunOptions(references: .automatic, record: record, out: out, gif: gif, report: report, junit: junit,
                               printTrace: false, json: true, printAscii: false, isCI: false)
        }
        func run(_ urls: [URL], _ options: ScenarioRunOptions) throws -> ScenarioRunSession.Outcome {
            let scripts = try urls.map { ($0, try ScriptParser.parse(String(contentsOf: $0, encoding: .utf8), name: $0.path)) }
            return ScenarioRunSession(options: options).execute(scripts)
        }
    }

    func passed(_ json: String) throws -> Bool {
        let obj = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(obj?["passed"] as? Bool)
    }

    @Test func jsonAndExitStatusAgreeWhenAnOutputCannotBeWritten() throws {
        let pkg = try Package()
        let script = try pkg.file("ok.scenario", "conversation empty\nexpect keyboard none\nsnapshot s input ascii\n")
        let ok = try pkg.run([script], pkg.options())
        #expect(ok.status == 0)
        #expect(try passed(ok.json))
        // --out names a regular file: the outputs cannot be written, so the run fails.
        let blocker = try pkg.file("not-a-folder", "x")
        let bad = try pkg.run([script], pkg.options(out: blocker))
        #expect(bad.status == 1)
        #expect(try passed(bad.json) == false)
        #expect(bad.verifications[0].problems.contains { $0.contains("cannot write outputs") })
    }

    @Test func viewerWritesAPagePerScriptAndTheReportLinksThem() throws {
        let pkg = try Package()
        let good = try pkg.file("flows/a-good.scenario", "conversation empty\ntap input\nexpect keyboard system\n")
        let bad = try pkg.file("flows/b-bad.scenario", "conversation empty\ntap input\nexpect keyboard emoji\n")
        var options = pkg.options(report: pkg.root.appendingPathComponent("out/report.html"))
        options.viewer = pkg.root.appendingPathComponent("viewers")
        let outcome = try pkg.run([good, bad], options)
        #expect(outcome.status == 1)
        let pageA = pkg.root.appendingPathComponent("viewers/flows/a-good.html")
        let pageB = pkg.root.appendingPathComponent("viewers/flows/b-bad.html")
        let b = try String(contentsOf: pageB, encoding: .utf8)
        #expect(b.contains("data-failing-line=\"3\"") && b.contains("data-line=\"2\""))
        #expect(try String(contentsOf: pageA, encoding: .utf8).contains("data-passed=\"true\""))
        let report = try String(contentsOf: pkg.root.appendingPathComponent("out/report.html"), encoding: .utf8)
        let linkB = try #require(report.range(of: "href=\"../viewers/flows/b-bad.html\""))
        let linkA = try #require(report.range(of: "href=\"../viewers/flows/a-good.html\""))
        #expect(linkB.lowerBound < linkA.lowerBound, "failed scripts first")
        #expect(ScenarioRunSession.relativePath(of: URL(fileURLWithPath: "/a/b c/x.html"), from: URL(fileURLWithPath: "/a/d")) == "../b%20c/x.html")
    }

    @Test func aScriptOutsideAnyPackageKeepsItsReferencesBesideIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-loose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("first.scenario")
        try Data("conversation empty\nsnapshot bar input ascii\n".utf8).write(to: script)
        let parsed = [(script, try ScriptParser.parse(String(contentsOf: script, encoding: .utf8), name: script.path))]
        let options = ScenarioRunOptions(references: .automatic, record: .missing, out: nil, gif: false, report: nil,
                                         junit: nil, printTrace: false, json: true, printAscii: false, isCI: false)
        let first = ScenarioRunSession(options: options).execute(parsed)
        #expect(first.status == 0)
        let reference = folder.appendingPathComponent("Snapshots/first/bar.txt")
        #expect(FileManager.default.fileExists(atPath: reference.path))
        // The same script run again compares with what it recorded, wherever it runs from.
        var never = options
        never.record = .never
        #expect(ScenarioRunSession(options: never).execute(parsed).status == 0)
    }

    @Test func catalogPathsStayInsideThePackageUnlessARootIsGiven() throws {
        let pkg = try Package()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-outside-\(UUID().uuidString).txt")
        try Data("# group: Smileys\n1F600 ; fully-qualified # 😀 E1.0 grinning face\n".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try pkg.file("fixtures/emoji-test.txt", "# group: Smileys\n1F600 ; fully-qualified # 😀 E1.0 grinning face\n")
        // A script in a subfolder reads a fixture elsewhere in its package.
        let inside = try pkg.file("scripts/in.scenario", "catalog unicode \"../fixtures/emoji-test.txt\"\nexpect keyboard none\n")
        #expect(try pkg.run([inside], pkg.options()).status == 0)
        // Leaving the package is refused at the catalog line.
        let escape = try pkg.file("scripts/out.scenario", "catalog unicode \"\(outside.path)\"\nexpect keyboard none\n")
        let refused = try pkg.run([escape], pkg.options())
        #expect(refused.status != 0)
        #expect(refused.json.contains("outside"))
        // --catalog-root widens it.
        var wide = pkg.options()
        wide.catalogRoot = outside.deletingLastPathComponent()
        #expect(try pkg.run([escape], wide).status == 0)
    }

    @Test func gifOfARunWithResizeIsLetterboxed() throws {
        let pkg = try Package()
        let script = try pkg.file("rot.scenario", "device 200x300@1\nconversation empty\nwait 100ms\nresize 300x200\nsettle\nwait 100ms\n")
        let out = pkg.root.appendingPathComponent("out")
        let r = try pkg.run([script], pkg.options(out: out, gif: true))
        #expect(r.status == 0, "\(r.verifications.first?.problems ?? [])")
        let gif = try GIFImage(bytes: [UInt8](Data(contentsOf: out.appendingPathComponent("rot.gif"))))
        #expect(gif.canvasWidth == 300 && gif.canvasHeight == 300)
        #expect(gif.frameCount >= 2)
    }

    @Test func longFramesAreSplitAtGIFsDelayLimit() throws {
        // A 20-minute still frame, then a short one: 1200 s = 120000 cs > 65535.
        let a = Image(width: 4, height: 4), b = Image(width: 2, height: 6)
        let frames = [RecordedFrame(image: a, duration: .seconds(1200)), RecordedFrame(image: b, duration: .seconds(0.5))]
        let gif = try GIFImage(bytes: try RecordingGIF.encode(frames))
        #expect(gif.canvasWidth == 4 && gif.canvasHeight == 6)
        var total = 0
        for i in 0..<gif.frameCount { total += gif.frameInfo(at: i).delay.numerator }
        #expect(total == 120_050)
        #expect(gif.frameCount == 3)
    }

    /// End to end past GIF's 655.35 s frame limit (the 20-minute case is the encoder
    /// test above). Slow on purpose (~4 s CPU: 11 virtual minutes at 60 Hz with the
    /// recorder at 30 Hz); the only whole-pipeline check of a long recording.
    @Test func aRunLongerThanGIFsDelayLimitRecordsAGIF() throws {
        let pkg = try Package()
        let script = try pkg.file("long.scenario", "device 120x200@1\nconversation empty\nwait 660s\nexpect keyboard none\n")
        let out = pkg.root.appendingPathComponent("out")
        let r = try pkg.run([script], pkg.options(out: out, gif: true))
        #expect(r.status == 0, "\(r.verifications.first?.problems ?? [])")
        let gif = try GIFImage(bytes: [UInt8](Data(contentsOf: out.appendingPathComponent("long.gif"))))
        var total = 0
        for i in 0..<gif.frameCount { total += gif.frameInfo(at: i).delay.numerator }
        let virtual = try #require(r.verifications.first?.result.duration)
        #expect(total == Int((virtual.seconds * 100).rounded()))
        #expect(gif.frameCount >= 2)
    }

    @Test func junitPerShardCoversEveryScriptOnce() throws {
        let pkg = try Package()
        var urls: [URL] = []
        for i in 0..<6 {
            let expect = i == 3 ? "expect keyboard emoji" : "expect keyboard none"
            urls.append(try pkg.file("suite/s\(i).scenario", "conversation empty\n\(expect)\n"))
        }
        var seen: [String] = []
        var failures = 0
        for shard in 1...3 {
            let selected = ScenarioFiles.shard(urls, index: shard, of: 3)
            let junit = pkg.root.appendingPathComponent("junit-\(shard).xml")
            let r = try pkg.run(selected, pkg.options(junit: junit))
            let xml = try String(contentsOf: junit, encoding: .utf8)
            #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"))
            #expect(xml.contains("tests=\"\(selected.count)\""))
            for u in selected { #expect(xml.contains("name=\"\(u.deletingPathExtension().lastPathComponent)\"")) }
            seen += selected.map(\.lastPathComponent)
            if xml.contains("<failure") {
                failures += 1
                #expect(xml.contains("s3.scenario:2:1: error: expected keyboard emoji, found keyboard none"))
                #expect(r.status == 1)
            }
            _ = try XMLDocument(data: Data(contentsOf: junit))
        }
        #expect(seen.sorted() == urls.map(\.lastPathComponent).sorted())
        #expect(failures == 1)
    }

    @Test func theReportListsFailuresFirstWithPendingImagesSideBySide() throws {
        let pkg = try Package()
        let good = try pkg.file("a-good.scenario", "conversation empty\nexpect keyboard none\nsnapshot s input ascii\n")
        let pic = try pkg.file("b-pic.scenario", "device 120x200@1\nconversation empty\nsnapshot p screen ppm\n")
        _ = try pkg.run([good, pic], pkg.options())
        // Change the PPM reference so the next run leaves a pending image.
        let ref = pkg.root.appendingPathComponent("Snapshots/b-pic/p.ppm")
        var image = try SnapshotImageCodec.decode([UInt8](Data(contentsOf: ref)))
        image.pixels[0] = 0; image.pixels[1] = 0; image.pixels[2] = 0
        try Data(SnapshotImageCodec.encodePPM(image)).write(to: ref)
        let report = pkg.root.appendingPathComponent("report.html")
        let r = try pkg.run([good, pic], pkg.options(report: report, record: .pending))
        #expect(r.status == 1)
        let html = try String(contentsOf: report, encoding: .utf8)
        let failing = try #require(html.range(of: "✘ b-pic.scenario"))
        let passing = try #require(html.range(of: "✔ a-good.scenario"))
        #expect(failing.lowerBound < passing.lowerBound)
        #expect(html.contains("Needs attention"))
        #expect(html.contains("emojisim snapshots accept"))
        #expect(html.contains("<td>2</td><td><code>expect keyboard none</code></td>"))
        // PPM is shown as PNG; no PPM data URI reaches the browser.
        #expect(!html.contains("image/x-portable-pixmap"))
        for caption in ["alt=\"reference\"", "alt=\"actual\"", "alt=\"diff\""] { #expect(html.contains(caption)) }
    }
}

@Suite struct SnapshotsCommandTests {
    @Test func acceptAndRejectFromTheCommandLine() throws {
        let pkg = try RunCommandTests.Package()
        let folder = pkg.root.appendingPathComponent("Snapshots/x")
        try pkg.file("Snapshots/x/a.txt.new", "new a\n")
        try pkg.file("Snapshots/x/b.txt", "old b\n")
        try pkg.file("Snapshots/x/b.txt.new", "new b\n")
        #expect(SnapshotsCommand.run(["accept"]) == 2)                       // needs PATH... or --all
        #expect(SnapshotsCommand.run(["accept", folder.appendingPathComponent("a.txt").path]) == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("a.txt"), encoding: .utf8) == "new a\n")
        #expect(SnapshotsCommand.run(["reject", "--snapshots", folder.path, "--all"]) == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("b.txt"), encoding: .utf8) == "old b\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.txt", "b.txt"])
        #expect(SnapshotsCommand.run(["accept", folder.appendingPathComponent("zzz.txt").path]) == 1)
    }

    @Test func orphansAreReferencesNoTestAndNoScriptProduces() throws {
        let pkg = try RunCommandTests.Package()
        try pkg.file("flows/f.scenario", "snapshot s input ascii\nsnapshot t screen all\n")
        try pkg.file("Snapshots/flows/f/s.txt", "x")
        try pkg.file("Snapshots/flows/f/t.png", "x")
        try pkg.file("Snapshots/flows/f/gone.txt", "x")
        try pkg.file("Snapshots/Suite/test.1.txt", "x")
        try pkg.file("Snapshots/Suite/test.2.txt", "x")
        try pkg.file("Snapshots/Suite/test.2.txt.new", "x")
        #expect(SnapshotOrphans.find(root: pkg.root) == nil)                  // no test run logged yet
        try pkg.file(".build/snapshot-usage/run-1.txt", "Snapshots/Suite/test.1.txt\n")
        #expect(SnapshotOrphans.find(root: pkg.root) == ["Snapshots/Suite/test.2.txt", "Snapshots/flows/f/gone.txt"])
    }
}
