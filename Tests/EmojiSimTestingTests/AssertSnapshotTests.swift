@testable import EmojiSimTesting
@testable import EmojiSimTestingCore
import Foundation
import Imaging
import Raster
import SimCore
import Testing

/// The snapshot library itself, run against a throw-away package root so that
/// recording, failing and artifacts can be observed without touching Snapshots/.
@Suite struct AssertSnapshotTests {
    /// A temporary package: its own Package.swift and a pretend test file path.
    struct Sandbox {
        let root: URL
        var testFile: String { root.appendingPathComponent("Tests/FakeTests/FakeSuite.swift").path }
        var artifacts: URL { root.appendingPathComponent("artifacts") }
        var env: [String: String] { ["EMOJISIM_ARTIFACTS": artifacts.path] }

        init() throws {
            root = FileManager.default.temporaryDirectory
                .appendingPathComponent("emojisim-snap-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        }

        func reference(_ name: String) -> URL {
            root.appendingPathComponent("Snapshots/FakeSuite/\(name)")
        }

        /// Record mode `missing` unless told: these tests watch recording and failing;
        /// the default (pending review) has its own tests in SnapshotReviewTests.
        func verify<V, F>(_ value: V, _ strategy: Snapshotting<V, F>, name: String = "a", record: RecordMode? = .missing,
                          env extra: [String: String] = [:]) -> String? {
            verifySnapshot(of: { value }, as: strategy, named: name, record: record, filePath: testFile,
                           function: "check()", environment: env.merging(extra) { $1 })
        }
    }

    @Test func missingReferenceIsRecordedThenMatches() throws {
        let box = try Sandbox()
        #expect(box.verify("hello\n", .lines) == nil)
        let ref = box.reference("check.a.txt")
        #expect(try String(contentsOf: ref, encoding: .utf8) == "hello\n")
        #expect(box.verify("hello\n", .lines) == nil)
        // No temporary files are left beside the reference.
        let names = try FileManager.default.contentsOfDirectory(atPath: ref.deletingLastPathComponent().path)
        #expect(names == ["check.a.txt"])
    }

    @Test func neverModeAndCIFailOnAMissingReference() throws {
        let box = try Sandbox()
        let never = box.verify("x", .lines, record: .never)
        #expect(never?.contains("no reference") == true)
        let ci = box.verify("x", .lines, record: .all, env: ["CI": "true"])
        #expect(!FileManager.default.fileExists(atPath: box.reference("check.a.txt.new").path))
        #expect(ci?.contains("CI is set") == true)
        #expect(!FileManager.default.fileExists(atPath: box.reference("check.a.txt").path))
        #expect(RecordMode.resolve(nil, environment: ["EMOJISIM_RECORD": "failed"]) == .failed)
        #expect(RecordMode.resolve(nil, environment: [:]) == .pending)
        #expect(RecordMode.resolve(.all, environment: ["CI": "1"]) == .never)
        #expect(RecordMode.resolve(nil, environment: ["CI": "false", "EMOJISIM_RECORD": "all"]) == .all)
    }

    @Test func textMismatchShowsAUnifiedDiffAndLeavesTheActualFile() throws {
        let box = try Sandbox()
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(box.verify(old, .lines) == nil)
        let message = try #require(box.verify(new, .lines))
        #expect(message.contains("--- reference\n+++ actual\n@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+line five\n line 6"))
        let artifact = box.artifacts.appendingPathComponent("FakeSuite/check.a.txt")
        #expect(try String(contentsOf: artifact, encoding: .utf8) == new)
        #expect(message.contains(artifact.path))
        // The reference is untouched until recorded on purpose.
        #expect(try String(contentsOf: box.reference("check.a.txt"), encoding: .utf8) == old)
        #expect(box.verify(new, .lines, record: .failed) == nil)
        #expect(try String(contentsOf: box.reference("check.a.txt"), encoding: .utf8) == new)
    }

    func list(_ color: ColorRole, x: Double = 2) -> DisplayList {
        var l = DisplayList(width: 16, height: 16)
        l.fill(Rect(x: x, y: 3, width: 5, height: 4), color)
        return l
    }

    @Test func imageMismatchReportsPixelsBoxAndDeltaWithADiffImage() throws {
        let box = try Sandbox()
        let strategy = Snapshotting<DisplayList, Image>.png(RenderConfiguration(scale: 1, font: BitmapFont()))
        #expect(box.verify(list(.accent), strategy) == nil)
        let message = try #require(box.verify(list(.accent, x: 3), strategy))
        #expect(message.contains("8 of 256 pixels differ in x 2...7, y 3...6 (6x4)"), "\(message)")
        #expect(message.contains("max channel delta"))
        let diffURL = box.artifacts.appendingPathComponent("FakeSuite/check.a.png.diff.png")
        let diff = try SnapshotImageCodec.decode([UInt8](Data(contentsOf: diffURL)))
        #expect(diff.width == 16 && diff[2, 3].r > 128 && diff[2, 3].g == 0)
        let actual = try SnapshotImageCodec.decode([UInt8](Data(contentsOf: box.artifacts.appendingPathComponent("FakeSuite/check.a.png"))))
        #expect(actual == PixelCanvas.render(list(.accent, x: 3), options: PixelRenderOptions(scale: 1)))
    }

    @Test func toleranceAcceptsSmallDeltasOnly() throws {
        let box = try Sandbox()
        let near = Theme.light.setting(.accent, to: Color(hex: 0x07C162))
        let exact = Snapshotting<DisplayList, Image>.ppm(RenderConfiguration(scale: 1, font: BitmapFont()))
        let loose = Snapshotting<DisplayList, Image>.ppm(RenderConfiguration(scale: 1, font: BitmapFont()), tolerance: 2)
        let shifted = Snapshotting<DisplayList, Image>.ppm(RenderConfiguration(scale: 1, theme: near, font: BitmapFont()))
        #expect(box.verify(list(.accent), exact) == nil)
        #expect(box.verify(list(.accent), shifted) != nil)
        let looseShifted = Snapshotting<DisplayList, Image>.ppm(RenderConfiguration(scale: 1, theme: near, font: BitmapFont()), tolerance: 2)
        #expect(box.verify(list(.accent), looseShifted) == nil)
        _ = loose
    }

    @Test func pullbackSnapshotsOtherValues() throws {
        struct Badge: DisplayListRepresentable {
            var count: Int
            func displayList() -> DisplayList {
                var l = DisplayList(width: 32, height: 16)
                l.text(TextLayout(String(count)), at: .zero)
                return l
            }
        }
        let box = try Sandbox()
        let byCount = Snapshotting<Badge, String>.ascii.pullback { (n: Int) in Badge(count: n) }
        #expect(box.verify(42, byCount) == nil)
        #expect(try String(contentsOf: box.reference("check.a.txt"), encoding: .utf8) == "42\n")
        #expect(box.verify(43, byCount)?.contains("+43") == true)
        #expect(box.verify(Badge(count: 7), .tree, name: "t") == nil)
        #expect(try String(contentsOf: box.reference("check.t.tree.txt"), encoding: .utf8).hasPrefix("DisplayList 32x16\ntext"))
    }

    @Test func orphanedReferencesAreListed() throws {
        let box = try Sandbox()
        #expect(box.verify("a", .lines, name: "used") == nil)
        try FileManager.default.createDirectory(at: box.reference("").deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: box.reference("gone.1.txt"))
        #expect(SnapshotOrphans.list(root: box.root) == ["Snapshots/FakeSuite/gone.1.txt"])
    }

    @Test func referencesKnownOnlyByPathAreLoggedUnderTheirPackage() throws {
        let box = try Sandbox()
        #expect(box.verify("a", .lines, name: "used") == nil)
        try Data("x".utf8).write(to: box.reference("byPath.txt"))
        #expect(SnapshotOrphans.list(root: box.root) == ["Snapshots/FakeSuite/byPath.txt"])
        SnapshotUsage.shared.record(box.reference("byPath.txt"))
        #expect(SnapshotOrphans.list(root: box.root).isEmpty)
    }

    /// A passing assertSnapshot removes what its earlier failure left.
    @Test func aPassRemovesStaleArtifacts() throws {
        let box = try Sandbox()
        #expect(box.verify("one\n", .lines) == nil)
        #expect(box.verify("two\n", .lines, record: .never) != nil)
        let artifact = box.artifacts.appendingPathComponent("FakeSuite/check.a.txt")
        #expect(FileManager.default.fileExists(atPath: artifact.path))
        #expect(box.verify("one\n", .lines, record: .never) == nil)
        #expect(!FileManager.default.fileExists(atPath: artifact.path))
        #expect(!FileManager.default.fileExists(atPath: box.artifacts.appendingPathComponent("FakeSuite").path))
    }

    @Test func referencePathsFollowTheLayout() {
        let root = URL(fileURLWithPath: "/pkg")
        let url = SnapshotFiles.referencePath(root: root, filePath: "/pkg/Tests/X/BubbleTests.swift",
                                              function: "wraps(at:)", name: "narrow width", pathExtension: "png")
        #expect(url.path == "/pkg/Snapshots/BubbleTests/wraps.narrow_width.png")
        #expect(SnapshotFiles.artifactsFolder(root: root, environment: [:]).path == "/pkg/.build/snapshot-failures")
    }

    @Test func textDiffAlignsInsertionsAndDeletions() {
        let ops = TextDiff.lineOps(old: "a\nb\nc\nd\n", new: "a\nc\nd\ne\n")
        #expect(ops == [.same("a"), .removed("b"), .same("c"), .same("d"), .added("e")])
        #expect(TextDiff.unified(old: "x\n", new: "x\n") == nil)
        #expect(TextDiff.unified(old: "", new: "new\n") == "--- reference\n+++ actual\n@@ -0,0 +1,1 @@\n+new\n")
        let big = TextDiff.unified(old: "", new: (1...200).map(String.init).joined(separator: "\n"), maxLines: 10)!
        #expect(big.split(separator: "\n").count == 11)
        #expect(big.hasSuffix("(diff cut after 10 lines)\n"))
    }
}

@Suite struct AssertSnapshotReportingTests {
    @Test func aFailureIsRecordedAsAnIssue() {
        withKnownIssue {
            // Never recorded on purpose: record mode never with no reference must fail.
            let message = assertSnapshot(of: "x", as: .lines, named: "never-recorded", record: .never)
            #expect(message?.contains("no reference") == true)
        }
    }

    /// The issue's title is the failure (Swift Testing prints `Caught error: …` on the
    /// issue's own line), not "Issue recorded" with the text in a comment below.
    @Test func theIssuesTitleIsTheFailure() {
        var message: String?
        withKnownIssue {
            message = assertSnapshot(of: "x", as: .lines, named: "never-recorded", record: .never)
        } matching: { issue in
            // Matched while the issue is recorded, before assertSnapshot returns.
            guard case .errorCaught = issue.kind else { return false }
            let title = issue.kind.description
            return title.hasPrefix("Caught error: ") && title.contains("no reference") && issue.comments.isEmpty
        }
        #expect(message?.contains("no reference") == true)
    }
}
