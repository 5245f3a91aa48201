@testable import EmojiSimTesting
@testable import EmojiSimTestingCore
import EmojiSimIO
import Foundation
import Raster
import Scenario
import SimCore
import Testing

/// Scenario snapshots through the one pipeline, as a user meets them: scripts in a
/// throw-away package, run by the same verifier `emojisim run` and `assertScenario` use.
@Suite struct ScenarioSnapshotTests {
    struct Package {
        let root: URL
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-scn-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        }

        @discardableResult
        func script(_ path: String, _ text: String) throws -> URL {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return url
        }

        func verify(_ url: URL, record: RecordMode = .missing) throws -> ScenarioVerifier.Verification {
            let text = try String(contentsOf: url, encoding: .utf8)
            let script = try ScriptParser.parse(text, name: url.lastPathComponent)
            let verifier = ScenarioVerifier(references: .automatic, record: record, isCI: false,
                                            runner: ScenarioRunner(font: try BundledFont.unifont()),
                                            makeHost: { try ScenarioHosting.makeHost($0, scriptFolder: $1) })
            return try verifier.verify(script, at: url)
        }

        func files(under path: String) -> [String] {
            let base = root.appendingPathComponent(path)
            return ((FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String]) ?? []).sorted()
        }
    }

    @Test func aScriptWhoseExpectationsFailRecordsNothing() throws {
        let pkg = try Package()
        let url = try pkg.script("flows/fail.scenario", """
        conversation empty
        tap input
        settle
        expect keyboard emoji
        snapshot after input ascii
        """)
        for mode in [RecordMode.missing, .failed, .all, .pending] {
            let v = try pkg.verify(url, record: mode)
            #expect(!v.passed)
            #expect(v.snapshots.count == 1)
            guard case .notRecorded = v.snapshots[0].status else {
                Issue.record("\(mode): \(v.snapshots[0].status)"); continue
            }
            #expect(v.problems.contains { $0.contains("none recorded: the run's expectations failed (line 4)") })
        }
        #expect(pkg.files(under: "Snapshots").isEmpty)
        // Fixed, the same script records (mode missing) and then matches.
        try pkg.script("flows/fail.scenario", try String(contentsOf: url, encoding: .utf8)
            .replacingOccurrences(of: "expect keyboard emoji", with: "expect keyboard system"))
        #expect(try pkg.verify(url).snapshots[0].status == .recorded)
        #expect(try pkg.verify(url, record: .never).passed)
    }

    @Test func aRunThatStopsEarlyRecordsNothing() throws {
        let pkg = try Package()
        let url = try pkg.script("stop.scenario", "snapshot first input ascii\ntype \"x\"\n")
        let v = try pkg.verify(url)
        #expect(v.result.failure != nil)
        guard case .notRecorded = v.snapshots[0].status else { Issue.record("\(v.snapshots[0].status)"); return }
        #expect(pkg.files(under: "Snapshots").isEmpty)
    }

    @Test func duplicateSnapshotNamesAreAParseError() {
        #expect(throws: ScriptParseErrors.self) { try ScriptParser.parse("snapshot a\nwait 1s\nsnapshot a input ascii\n", name: "d.scenario") }
        do {
            _ = try ScriptParser.parse("snapshot a\nwait 1s\nsnapshot a input ascii\n", name: "d.scenario")
        } catch {
            #expect(error.description == "d.scenario:3:10: error: snapshot name 'a' is already used on line 1 (each snapshot needs its own name)")
        }
    }

    @Test func aComponentThatIsNotOnScreenIsAnError() throws {
        let pkg = try Package()
        let url = try pkg.script("panel.scenario", "conversation empty\nsnapshot p panel png\n")
        let v = try pkg.verify(url)
        #expect(v.result.failure?.message == "snapshot p: the panel is not on screen")
        #expect(v.result.failure?.line == 2)
        #expect(v.snapshots.isEmpty)
        #expect(pkg.files(under: "Snapshots").isEmpty)
    }

    @Test func aComponentTreeHoldsOnlyThatComponent() throws {
        let pkg = try Package()
        let url = try pkg.script("tree.scenario", """
        tap input
        settle
        tap toggle
        settle
        snapshot p panel tree
        snapshot s screen tree
        """)
        let v = try pkg.verify(url)
        #expect(v.passed)
        let panel = try #require(v.snapshots[0].check.actual?.text)
        let screen = try #require(v.snapshots[1].check.actual?.text)
        for other in ["navigationBar", "InputBar", "list"] {
            #expect(!panel.contains("view=\(other)") && !panel.contains("[\(other)"), "\(other)")
            #expect(screen.contains(other))
        }
        #expect(panel.contains("view=EmojiPanel") && !panel.contains("view=emojiPanel"))
        #expect(panel.split(separator: "\n").count < screen.split(separator: "\n").count / 2)
    }

    /// Issue 46: an emoji's legend code is the same in every script, whatever the script
    /// showed first (哈哈 and 转圈 prefer one code: the first shown used to take it).
    @Test func legendCodesDoNotDependOnWhatAScriptShowsFirst() throws {
        let pkg = try Package()
        func code(of identity: String, in text: String) -> String? {
            guard let legend = text.split(separator: "\n").first(where: { $0.hasPrefix("legend: ") }) else { return nil }
            return legend.split(separator: " ").first { $0.hasSuffix("=" + identity) }.map { String($0.prefix(2)) }
        }
        var seen: [String: [String]] = [:]
        for (name, order) in [("a", ["转圈", "哈哈"]), ("b", ["哈哈", "转圈"])] {
            let url = try pkg.script("flows/\(name).scenario", """
            conversation empty
            receive "[\(order[0])]"
            receive "[\(order[1])]"
            settle
            snapshot s list ascii
            """)
            let v = try pkg.verify(url)
            let text = try #require(v.snapshots.first?.check.actual?.text)
            for identity in order { seen[identity, default: []].append(code(of: identity, in: text) ?? "none in \(text)") }
        }
        #expect(seen["哈哈"]?.count == 2 && seen["哈哈"]?[0] == seen["哈哈"]?[1], "\(seen)")
        #expect(seen["转圈"]?.count == 2 && seen["转圈"]?[0] == seen["转圈"]?[1], "\(seen)")
        #expect(seen["哈哈"]?[0] != seen["转圈"]?[0])
    }

    @Test func sameNamedScriptsInDifferentFoldersKeepSeparateReferences() throws {
        let pkg = try Package()
        let a = try pkg.script("alpha/flow.scenario", "conversation empty\ntap input\nsettle\ntype \"alpha\"\nsnapshot s input ascii\n")
        let b = try pkg.script("beta/flow.scenario", "conversation empty\ntap input\nsettle\ntype \"beta\"\nsnapshot s input ascii\n")
        #expect(try pkg.verify(a).passed)
        #expect(try pkg.verify(b).passed)
        #expect(pkg.files(under: "Snapshots") == ["alpha", "alpha/flow", "alpha/flow/s.txt", "beta", "beta/flow", "beta/flow/s.txt"])
        #expect(try pkg.verify(a, record: .never).passed)
        #expect(try pkg.verify(b, record: .never).passed)
    }

    @Test func aScriptOutsideAnyPackageKeepsReferencesInSnapshotsBesideIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-loose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("x.scenario")
        try Data("snapshot s input ascii\n".utf8).write(to: url)
        let verifier = ScenarioVerifier(references: .automatic, record: .missing, isCI: false, runner: ScenarioRunner(),
                                        makeHost: { try ScenarioHosting.makeHost($0, scriptFolder: $1) })
        let folder = try #require(try verifier.referenceFolder(for: url))
        #expect(folder.folder.standardizedFileURL.path == dir.appendingPathComponent("Snapshots/x").standardizedFileURL.path)
        #expect(folder.root == nil)
    }

    @Test func catalogUnicodeWorksInScriptsAndErrorsPointAtTheCatalogLine() throws {
        let pkg = try Package()
        let ok = try pkg.script("u.scenario", """
        catalog unicode
        conversation empty
        tap input
        settle
        type "hi 👋🏻"
        expect input "hi 👋🏻"
        """)
        let v = try pkg.verify(ok)
        #expect(v.passed, "\(v.problems)")
        let bad = try pkg.script("b.scenario", "device iphone8\ncatalog unicode \"nope.txt\"\nconversation empty\n")
        do {
            _ = try pkg.verify(bad)
            Issue.record("a missing catalog file ran")
        } catch let e as ScriptError {
            #expect(e.line == 2)
            #expect(e.file == "b.scenario")
            #expect(e.message.hasPrefix("catalog unicode \"nope.txt\": "))
            #expect(e.message.contains("nope.txt"))
        }
        // A file in the emoji-test.txt format loads too.
        try pkg.script("tiny-test.txt", "# group: Smileys & Emotion\n1F600 ; fully-qualified # 😀 E1.0 grinning face\n")
        let file = try pkg.script("f.scenario", "catalog unicode \"tiny-test.txt\"\nconversation empty\ntap input\nsettle\ntype \"😀\"\nexpect input \"😀\"\n")
        #expect(try pkg.verify(file).passed)
    }

    /// 20 emoji in one snapshot; one of them changed (to one that appears later): the
    /// text diff shows only the line with the change and the legend line.
    @Test func changingOneEmojiChangesOnlyItsLines() throws {
        let codes = (0..<20).map { "e\($0)" }
        func grid(_ codes: [String]) -> String {
            var l = DisplayList(width: 160, height: 64)
            for (i, c) in codes.enumerated() {
                let frame = Rect(x: Double(i % 5) * 32, y: Double(i / 5) * 16, width: 16, height: 16)
                l.image(ImageRef(name: c + ".png", code: c), in: frame, label: c)
            }
            return CharGrid(l).text
        }
        var changed = codes
        changed[6] = "e17"
        let before = grid(codes), after = grid(changed)
        let ops = TextDiff.lineOps(old: before, new: after)
        let removed = ops.filter { if case .removed = $0 { return true } else { return false } }.count
        let added = ops.filter { if case .added = $0 { return true } else { return false } }.count
        #expect(removed == 2 && added == 2, "\(SnapshotDiff.text(reference: before, actual: after) ?? "")")
        // The same emoji keeps its code in every grid of a run.
        let table = LegendCodeTable()
        let strategy = Snapshotting<DisplayList, String>.ascii(.unicode, configuration: nil, codes: table)
        var one = DisplayList(width: 32, height: 16)
        one.image(ImageRef(name: "e17.png", code: "e17"), in: Rect(x: 0, y: 0, width: 16, height: 16))
        let first = strategy.snapshot(one)
        _ = strategy.snapshot({ var l = DisplayList(width: 160, height: 64); for c in codes { l.image(ImageRef(name: c, code: c), in: Rect(x: 0, y: 0, width: 16, height: 16)) }; return l }())
        #expect(strategy.snapshot(one) == first)
    }
}
