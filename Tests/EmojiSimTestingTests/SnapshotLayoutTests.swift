@testable import EmojiSimTesting
@testable import EmojiSimTestingCore
import Foundation
import EmojiSimIO
import Raster
import Scenario
import SimCore
import Testing

/// Where references go (issue 45 item 1): `__Snapshots__/<TestFile>/` beside a test file
/// with no Package.swift above it (an Xcode project), a snapshot directory set by a
/// parameter, the trait or `EMOJISIM_SNAPSHOT_DIRECTORY`, and the package's Snapshots/
/// otherwise; and what a failure carries (the hint, the attachments).
@Suite struct SnapshotLayoutTests {
    /// A folder under the temporary folder with no Package.swift anywhere above it, as
    /// an Xcode project's test folder is.
    struct XcodeProject {
        let root: URL
        var testFile: String { root.appendingPathComponent("AppTests/LoginTests.swift").path }
        var snapshots: URL { root.appendingPathComponent("AppTests/__Snapshots__/LoginTests") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-xcode-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("AppTests"), withIntermediateDirectories: true)
            try Data("@Test func signIn() {}\n".utf8).write(to: URL(fileURLWithPath: testFile))
        }

        func check(_ text: String, record: RecordMode? = nil, directory: String? = nil,
                   env: [String: String] = [:]) -> SnapshotCheck {
            checkSnapshot(of: { text }, as: .lines, named: "form", record: record, snapshotDirectory: directory,
                          filePath: testFile, function: "signIn()", environment: env)
        }
    }

    @Test func anInvalidRecordModeInTheEnvironmentFailsTheAssertion() throws {
        // Issue 45 item 3: `EMOJISIM_RECORD=bogus` fell back to `pending` silently.
        let p = try XcodeProject()
        defer { try? FileManager.default.removeItem(at: p.root) }
        let bad = p.check("a", env: ["EMOJISIM_RECORD": "recrod"])
        #expect(bad.message?.hasSuffix("EMOJISIM_RECORD='recrod' is not one of pending, all, missing, failed, never") == true)
        #expect(!FileManager.default.fileExists(atPath: p.snapshots.appendingPathComponent("signIn.form.txt.new").path), "nothing written")
        #expect(RecordMode.environmentProblem(["EMOJISIM_RECORD": "ALL"]) == nil)
        #expect(RecordMode.environmentProblem(["EMOJISIM_RECORD": ""]) == nil)
        #expect(p.check("a", env: ["EMOJISIM_RECORD": "All"]).message == nil)
    }

    @Test func withoutAPackageReferencesGoBesideTheTestFile() throws {
        let p = try XcodeProject()
        defer { try? FileManager.default.removeItem(at: p.root) }
        #expect(SnapshotFiles.packageRoot(from: p.testFile) == nil)
        let place = SnapshotFiles.referenceFolder(filePath: p.testFile, environment: [:])
        #expect(place.folder.path == p.snapshots.path)
        #expect(place.packageRoot == nil)

        // Pending first (the default mode), named by its whole path, with the command that
        // works there (no package: an installed CLI) and the folder to review.
        let first = p.check("user: ada\n")
        let pending = p.snapshots.appendingPathComponent("signIn.form.txt.new")
        #expect(FileManager.default.fileExists(atPath: pending.path))
        let message = try #require(first.message)
        #expect(message.contains(p.snapshots.appendingPathComponent("signIn.form.txt").path))
        #expect(message.contains("review: emojisim snapshots review \(p.snapshots.path)"))
        #expect(!message.contains("swift run"))

        // Review and accept act there as anywhere: the pending file is found under the
        // folder and becomes the reference; the next run matches.
        let found = try SnapshotReview.pending(under: p.root.appendingPathComponent("AppTests/__Snapshots__"))
        #expect(found.map(\.file.path) == [pending.path])
        try SnapshotReview.accept(try #require(found.first))
        #expect(p.check("user: ada\n").message == nil)
        #expect(p.check("user: bob\n").message?.contains("differs from its reference") == true)
        // Nothing under a .build beside the test file: there is no package to own one.
        #expect(!FileManager.default.fileExists(atPath: p.root.appendingPathComponent("AppTests/.build").path))
    }

    @Test func aSnapshotDirectoryComesFromTheParameterTheScopeOrTheEnvironment() throws {
        let p = try XcodeProject()
        defer { try? FileManager.default.removeItem(at: p.root) }
        func folder(_ directory: String?, scoped: String? = nil, env: [String: String] = [:]) -> String {
            SnapshotFiles.$scopedDirectory.withValue(scoped) {
                SnapshotFiles.referenceFolder(filePath: p.testFile, directory: directory, environment: env).folder.path
            }
        }
        let here = p.root.appendingPathComponent("AppTests").path
        let env = [SnapshotFiles.directoryVariable: "/refs/env"]
        #expect(folder(nil, env: env) == "/refs/env/LoginTests")
        #expect(folder(nil, scoped: "/refs/trait", env: env) == "/refs/trait/LoginTests")
        #expect(folder("/refs/param", scoped: "/refs/trait", env: env) == "/refs/param/LoginTests")
        // Relative: from the test file's folder, whatever the current folder is.
        #expect(folder("../Refs") == p.root.appendingPathComponent("Refs/LoginTests").path)
        #expect(folder(nil, env: [SnapshotFiles.directoryVariable: ""]) == here + "/__Snapshots__/LoginTests")

        // Inside a package the package's Snapshots/ unless a directory is set.
        let repo = try #require(SnapshotFiles.packageRoot(from: #filePath))
        #expect(SnapshotFiles.referenceFolder(filePath: #filePath, environment: [:]).folder.path
            == repo.appendingPathComponent("Snapshots/SnapshotLayoutTests").path)
        #expect(SnapshotFiles.referenceFolder(filePath: #filePath, directory: "/refs", environment: [:]).folder.path
            == "/refs/SnapshotLayoutTests")

        // The directory is written: a reference recorded through the parameter lands there.
        let refs = p.root.appendingPathComponent("Refs")
        #expect(p.check("x\n", record: .missing, directory: refs.path).status == .recorded)
        #expect(FileManager.default.fileExists(atPath: refs.appendingPathComponent("LoginTests/signIn.form.txt").path))
    }

    /// The trait sets the scope's directory for the test body (what `referenceFolder` reads).
    @Test func theTraitScopesTheDirectory() async throws {
        let trait = SnapshotTrait(record: nil, directory: "/refs/from-trait")
        let seen = Box()
        try await trait.provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
            seen.value = SnapshotFiles.scopedDirectory
        }
        #expect(seen.value == "/refs/from-trait")
        #expect(SnapshotFiles.scopedDirectory == nil)
        #expect(SnapshotTrait.snapshots(directory: "x").directory == "x")
    }

    final class Box: @unchecked Sendable { var value: String? }

    /// Issue 46 item 5: `[.ascii, .png]` named its picture `….png.png`.
    @Test func severalStrategiesDoNotDoubleTheirExtension() throws {
        let p = try XcodeProject()
        defer { try? FileManager.default.removeItem(at: p.root) }
        var list = DisplayList(width: 16, height: 8)
        list.border(list.bounds, radius: 2, .border)
        // Against an empty environment: under `CI` nothing would be recorded.
        let checks = checkSnapshots(of: list, as: [.ascii, .asciiStyled, .tree, .png, .png], named: nil, record: .missing,
                                    snapshotDirectory: p.root.path, filePath: "\(#filePath)",
                                    function: "severalStrategiesDoNotDoubleTheirExtension()", environment: [:])
        #expect(checks.allSatisfy { $0.message == nil })
        let names = try FileManager.default.contentsOfDirectory(atPath: p.root.appendingPathComponent("SnapshotLayoutTests").path)
        #expect(names.sorted() == ["severalStrategiesDoNotDoubleTheirExtension.ascii.txt",
                                   "severalStrategiesDoNotDoubleTheirExtension.png",
                                   "severalStrategiesDoNotDoubleTheirExtension.png2.png",
                                   "severalStrategiesDoNotDoubleTheirExtension.styled.txt",
                                   "severalStrategiesDoNotDoubleTheirExtension.tree.txt"])
        let named = checkSnapshots(of: list, as: [.png], named: "card", record: .missing, snapshotDirectory: p.root.path,
                                   filePath: "\(#filePath)", function: "severalStrategiesDoNotDoubleTheirExtension()",
                                   environment: [:])
        #expect(named.allSatisfy { $0.message == nil })
        #expect(FileManager.default.fileExists(atPath: p.root.appendingPathComponent("SnapshotLayoutTests/severalStrategiesDoNotDoubleTheirExtension.card.png").path))
    }

    /// A failure carries the reference, the actual value and the diff, which the glue
    /// attaches to the Swift Testing test.
    @Test func aFailureCarriesReferenceActualAndDiff() throws {
        let p = try XcodeProject()
        defer { try? FileManager.default.removeItem(at: p.root) }
        #expect(p.check("a\n", record: .missing).attachments.isEmpty)       // recorded: nothing to attach
        #expect(p.check("a\n", record: .never).attachments.isEmpty)         // matched
        let text = p.check("b\n", record: .never)
        #expect(text.attachments.map(\.name) == ["signIn.form.txt.reference.txt", "signIn.form.txt.actual.txt",
                                                 "signIn.form.txt.diff.txt"])
        #expect(text.attachments.map { String(decoding: $0.bytes, as: UTF8.self) }.prefix(2) == ["a\n", "b\n"])
        #expect(String(decoding: text.attachments[2].bytes, as: UTF8.self).contains("+b"))

        func image(_ role: ColorRole) -> DisplayList {
            var l = DisplayList(width: 8, height: 8)
            l.fill(l.bounds, role)
            return l
        }
        func checkImage(_ role: ColorRole, _ record: RecordMode) -> SnapshotCheck {
            checkSnapshot(of: { image(role) }, as: .png, named: "swatch", record: record, filePath: p.testFile,
                          function: "signIn()", environment: [:])
        }
        _ = checkImage(.border, .missing)
        let pixels = checkImage(.accent, .never)
        #expect(pixels.attachments.map(\.name) == ["signIn.swatch.png.reference.png", "signIn.swatch.png.actual.png",
                                                   "signIn.swatch.png.diff.png"])
        for a in pixels.attachments { #expect((try? SnapshotImageCodec.decode(a.bytes)) != nil, "\(a.name) is a PNG") }
    }

    /// The hint names the command that works where the test ran.
    @Test func theHintNamesTheCommandThatWorksThere() throws {
        let repo = try #require(SnapshotFiles.packageRoot(from: #filePath))
        #expect(SnapshotHint.command(packageRoot: repo) == "swift run emojisim snapshots")
        #expect(SnapshotHint.command(packageRoot: nil) == "emojisim snapshots")
        let consumer = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-consumer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: consumer) }
        try FileManager.default.createDirectory(at: consumer, withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"App\")\n".utf8)
            .write(to: consumer.appendingPathComponent("Package.swift"))
        #expect(SnapshotHint.command(packageRoot: consumer) == "swift package emojisim snapshots")
        #expect(SnapshotHint.review(pending: consumer.path + "/Snapshots/T/a.1.txt.new", display: "Snapshots/T/a.1.txt.new",
                                    packageRoot: consumer)
            == "review: swift package emojisim snapshots review  (or: swift package emojisim snapshots accept Snapshots/T/a.1.txt.new)")
    }

    /// A script's pending snapshot names the command the verifier was given (what
    /// `assertScenario` sets from where the test runs) and carries its files.
    @Test func aScriptsHintUsesTheReviewCommandItWasGiven() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-hint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        let url = root.appendingPathComponent("flow.scenario")
        try Data("conversation empty\nsnapshot s input ascii\n".utf8).write(to: url)
        var verifier = ScenarioVerifier(references: .automatic, record: .pending, isCI: false,
                                        runner: ScenarioRunner(font: try BundledFont.unifont()),
                                        makeHost: { try ScenarioHosting.makeHost($0, scriptFolder: $1) })
        verifier.reviewCommand = SnapshotHint.command(packageRoot: root)
        let v = try verifier.verify(try ScriptParser.parse("conversation empty\nsnapshot s input ascii\n", name: "flow.scenario"), at: url)
        let check = try #require(v.snapshots.first?.check)
        #expect(check.message?.contains("review: swift package emojisim snapshots review  (or: swift package emojisim snapshots accept Snapshots/flow/s.txt.new)") == true)
        #expect(check.attachments.map(\.name) == ["s.txt.actual.txt"])
    }

    /// The CLI links neither XCTest nor Swift Testing (issue 45 item 7): no module it
    /// builds from imports them, and it depends on EmojiSimTestingCore, not on the glue.
    @Test func theCommandLineImportsNoTestFramework() throws {
        let repo = try #require(SnapshotFiles.packageRoot(from: #filePath))
        var offenders: [String] = []
        for folder in ["Tools/emojisim", "Sources/EmojiSimTesting"] {
            let base = repo.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for f in files where f.hasSuffix(".swift") {
                let text = try String(contentsOf: base.appendingPathComponent(f), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let l = line.trimmingCharacters(in: .whitespaces)
                    if ["import Testing", "import XCTest", "import EmojiSimTesting"].contains(l) { offenders.append("\(folder)/\(f): \(l)") }
                }
            }
        }
        #expect(offenders.isEmpty, "test frameworks reach the CLI: \(offenders)")
        let manifest = try String(contentsOf: repo.appendingPathComponent("Package.swift"), encoding: .utf8)
        let cli = try #require(manifest.components(separatedBy: "name: \"emojisim\",\n").dropFirst().first)
        let deps = String(cli.prefix { $0 != "]" })
        #expect(deps.contains("\"EmojiSimTestingCore\"") && !deps.contains("\"EmojiSimTesting\""))
    }
}
