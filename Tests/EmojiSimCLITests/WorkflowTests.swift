@testable import emojisim
import EmojiSimIO
@testable import EmojiSimTesting
@testable import EmojiSimTestingCore
import Foundation
import ChatUI
import Imaging
import Raster
import Scenario
import SimCore
import Testing

/// The everyday workflows of issue 27: failure artifacts of `emojisim run`, review and
/// orphans outside a package, the usage log, the GIF's last frame, the report's grids,
/// the monkey's options.
@Suite struct WorkflowTests {
    typealias Package = RunCommandTests.Package

    func loose() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-loose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func parsed(_ url: URL) throws -> [(URL, Script)] {
        [(url, try ScriptParser.parse(String(contentsOf: url, encoding: .utf8), name: url.path))]
    }

    func files(under folder: URL) -> [String] {
        ((FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []).sorted()
    }

    /// CI's run (record never) with a differing PNG leaves the actual image and a diff
    /// picture in the artifacts folder; once the script passes again they are gone.
    @Test func aDifferingImageLeavesArtifactsThatAPassRemoves() throws {
        let pkg = try Package()
        let script = try pkg.file("flows/pic.scenario", "device 120x200@1\nconversation empty\nsnapshot p screen png\nsnapshot t input ascii\n")
        #expect(try pkg.run([script], pkg.options()).status == 0)
        let ref = pkg.root.appendingPathComponent("Snapshots/flows/pic/p.png")
        let good = try Data(contentsOf: ref)
        var image = try SnapshotImageCodec.decode([UInt8](good))
        image.pixels[0] = 0; image.pixels[1] = 0; image.pixels[2] = 0
        try Data(SnapshotImageCodec.encodePNG(image)).write(to: ref)

        let artifacts = pkg.root.appendingPathComponent("ci-artifacts")
        var ci = pkg.options(record: .never)
        ci.isCI = true
        ci.artifacts = .folder(artifacts)
        let failed = try pkg.run([script], ci)
        #expect(failed.status == 1)
        #expect(files(under: artifacts) == ["flows", "flows/pic", "flows/pic/p.png", "flows/pic/p.png.diff.png"])
        let actual = try SnapshotImageCodec.decode([UInt8](Data(contentsOf: artifacts.appendingPathComponent("flows/pic/p.png"))))
        #expect(actual.pixels == (try SnapshotImageCodec.decode([UInt8](good))).pixels)
        #expect(failed.verifications[0].problems.joined().contains("artifacts: " + artifacts.appendingPathComponent("flows/pic/p.png").path))
        // Nothing was written beside the reference on CI.
        #expect(!FileManager.default.fileExists(atPath: ref.path + ".new"))

        try good.write(to: ref)
        #expect(try pkg.run([script], ci).status == 0)
        #expect(files(under: artifacts).isEmpty)
    }

    @Test func artifactsFollowTheEnvironment() throws {
        if case .folder(let f) = ScenarioVerifier.Artifacts.fromEnvironment(["EMOJISIM_ARTIFACTS": "/tmp/a b"]) {
            #expect(f.path == "/tmp/a b")
        } else { Issue.record("EMOJISIM_ARTIFACTS must name the folder") }
        let cwd = FileManager.default.currentDirectoryPath
        if case .automatic(let outside) = ScenarioVerifier.Artifacts.fromEnvironment(["CI": "1"]) {
            #expect(outside?.path == cwd + "/.build/snapshot-failures")
        } else { Issue.record("CI alone keeps the automatic folders") }
        if case .automatic(let outside) = ScenarioVerifier.Artifacts.fromEnvironment([:]) {
            #expect(outside == nil)
        } else { Issue.record("locally: automatic, nothing outside a package") }
    }

    /// Outside a package: references beside the script, no `.build/` beside it, review
    /// shows a diff picture (written under the temporary folder), orphans works.
    @Test func outsideAPackageReviewAndOrphansWorkAndNothingLittersTheFolder() throws {
        let folder = try loose()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("first.scenario")
        try Data("device 120x200@1\nconversation empty\nsnapshot p screen png\n".utf8).write(to: script)
        var options = ScenarioRunOptions(references: .automatic, record: .missing, out: nil, gif: false, report: nil,
                                         junit: nil, printTrace: false, json: true, printAscii: false, isCI: false)
        options.artifacts = .fromEnvironment([:])
        #expect(ScenarioRunSession(options: options).execute(try parsed(script)).status == 0)
        #expect(files(under: folder) == ["Snapshots", "Snapshots/first", "Snapshots/first/p.png", "first.scenario"])

        // A changed render, pending review: the review prints a diff picture's path.
        let ref = folder.appendingPathComponent("Snapshots/first/p.png")
        var image = try SnapshotImageCodec.decode([UInt8](Data(contentsOf: ref)))
        image.pixels[4] = 0
        try Data(SnapshotImageCodec.encodePNG(image)).write(to: ref.appendingPathExtension("new"))
        let pending = try SnapshotReview.pending(under: folder.appendingPathComponent("Snapshots"))
        var printed: [String] = []
        let status = SnapshotsCommand.review(collect: { pending }, show: { $0.path },
                                             diffs: folder.appendingPathComponent("review"), base: folder.appendingPathComponent("Snapshots"),
                                             answers: ["s"], output: { printed.append($0) })
        #expect(status == 0)
        let diffLine = try #require(printed.first { $0.hasPrefix("  diff image: ") })
        let diff = String(diffLine.dropFirst("  diff image: ".count))
        #expect(diff == folder.appendingPathComponent("review/first/p.png.diff.png").path)
        #expect(FileManager.default.fileExists(atPath: diff))

        // Orphans: a reference no script names, found without any package or test run.
        try Data("x".utf8).write(to: folder.appendingPathComponent("Snapshots/first/gone.txt"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Snapshots/old"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("Snapshots/old/s.txt"))
        #expect(SnapshotOrphans.find(snapshots: folder.appendingPathComponent("Snapshots"), scripts: folder)
                == ["first/gone.txt", "old/s.txt"])
        #expect(SnapshotsCommand.run(["orphans", "--snapshots", folder.appendingPathComponent("Snapshots").path]) == 0)
        #expect(SnapshotsCommand.run(["orphans", "--snapshots", folder.appendingPathComponent("Snapshots").path, "--delete"]) == 0)
        #expect(files(under: folder.appendingPathComponent("Snapshots")) == ["first", "first/p.png", "first/p.png.new", "old"])
    }

    /// `emojisim run` in a package leaves the last `swift test` run's usage log alone
    /// (it used to replace it, so every test reference looked orphaned).
    @Test func aRunKeepsTheTestRunsUsageLog() throws {
        let pkg = try Package()
        try pkg.file(".build/snapshot-usage/run-1.txt", "Snapshots/Suite/test.1.txt\n")
        try pkg.file("Snapshots/Suite/test.1.txt", "x")
        let script = try pkg.file("f.scenario", "conversation empty\nsnapshot s input ascii\n")
        #expect(try pkg.run([script], pkg.options()).status == 0)
        #expect(files(under: pkg.root.appendingPathComponent(".build/snapshot-usage")) == ["run-1.txt"])
        #expect(SnapshotOrphans.find(root: pkg.root) == [])
    }

    /// The GIF ends on the screen as the run left it, even when the last command ran
    /// after the last 30 fps capture.
    @Test func theRecordingsLastFrameIsTheEndState() throws {
        let text = "device 200x360@1\nconversation empty\ntap input\ntap toggle\ntap panel.emoji 微笑\n"
        let script = try ScriptParser.parse(text, name: "end.scenario")
        let configuration = ScenarioConfiguration(script: script)
        let host = ScenarioHosting.makeScreen(configuration, assets: .demo)
        let font = try BundledFont.unifont()
        let result = ScenarioRunner(font: font, records: true).run(script, configuration: configuration, on: host)
        #expect(result.passed)
        let end = PixelCanvas.render(try #require(host.displayList(of: .screen)),
                                     options: PixelRenderOptions(scale: 1, theme: configuration.theme, font: font, images: host.imageProvider))
        let frames = result.recording
        #expect(frames.count >= 2)
        #expect(frames.last?.image == end)
        // The bug this guards: the last capture (before the tap's effect) was the last frame.
        #expect(frames[frames.count - 2].image != end)
        let gif = try GIFImage(bytes: try RecordingGIF.encode(frames))
        #expect(gif.frameCount >= 2)
    }

    @Test func theReportDrawsGridsReadablyAndKnowsItsSymbols() throws {
        let text = "   k3    i7\n\n╭───╮────\n╰─k3╯  Q1    😄 ☺ ➤ ⌫ ● ○\n\nlegend: Q1=f056 \"动图 x\" i7=笑哭 k3=微笑\n"
        let parts = HTMLReport.gridParts(text)
        #expect(parts.rows.count == 4)
        #expect(parts.legend == ["Q1=f056 \"动图 x\"", "i7=笑哭", "k3=微笑"])
        #expect(parts.style.isEmpty)
        let styled = HTMLReport.gridParts("ab\n-- style --\nee\nstyles: e=text\n")
        #expect(styled.rows == ["ab"] && styled.style.count == 3)
        // The rendered grid is the rows alone: 8 px a cell, not as wide as the legend.
        let report = HTMLReport(url: URL(fileURLWithPath: "/tmp/r.html"), font: try BundledFont.unifont())
        let image = report.gridImage(parts.rows.joined(separator: "\n"))
        #expect(image.width == 25 * 8)          // the widest row, 25 cells
        #expect(image.height == 4 * 16)
        // No hex boxes: every symbol of the last row draws its own glyph, which differs
        // from the box the font draws for a character it lacks.
        let font = try BundledFont.unifont()
        for ch in "😄☺➤⌫●○".unicodeScalars {
            let g = try #require(font.glyph(for: ch.value), "U+\(String(ch.value, radix: 16))")
            #expect(g != BitmapFont.hexBox(for: ch.value, width: g.width))
        }
    }

    @Test func theMonkeyTakesAScriptsDeviceSizes() throws {
        let small = try SetupOptions.device("320x568@2")
        #expect(small.size == Size(width: 320, height: 568) && small.scale == 2)
        #expect(try SetupOptions.device("iphone14") == .iphone14)
        #expect(throws: UsageError.self) { try SetupOptions.device("huge") }
        #expect(MonkeyCommand.run(["--device", "320x568@2", "--steps", "5", "--scripts", "1"]) == 0)
        #expect(MonkeyCommand.run(["--device", "nope"]) == 2)
    }

    /// The monkey says what it runs (scripts, steps, device, catalog, seeds) and, when
    /// every script ran clean, how many steps in how long.
    @Test func theMonkeySaysWhatItRan() throws {
        #expect(MonkeyCommand.banner(scripts: 3, steps: 20, device: "320x568@2", seed: 7)
                == "monkey: 3 scripts of 20 random steps on 320x568@2, demo catalog, seeds 7...9")
        #expect(MonkeyCommand.banner(scripts: 1, steps: 5, device: "iphone14", seed: 4)
                == "monkey: 1 script of 5 random steps on iphone14, demo catalog, seed 4")
        #expect(MonkeyCommand.summary(clean: 3, steps: 20, seed: 7, took: "0.12 s")
                == "3 scripts of 20 steps ran clean (seeds 7...9, 60 steps in 0.12 s)")
        #expect(MonkeyCommand.summary(clean: 1, steps: 5, seed: 4, took: "0.01 s")
                == "1 script of 5 steps ran clean (seed 4, 5 steps in 0.01 s)")
    }
}
