@testable import emojisim
import EmojiSimIO
import EmojiSimTesting
import Foundation
import Scenario
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 26, item 9: a committed `Snapshots/Tests/flow -> ../../../outside` symlink made
/// `run` write `outside/….new` (or the reference itself with `--record all`). Every
/// folder between the package root and the file is checked now, and `snapshots accept`
/// refuses to rename through one.
@Suite struct SymlinkedSnapshotFolderTests {
    @Test func runRefusesToWriteThroughASymlinkedFolder() throws {
        let pkg = try RunCommandTests.Package()
        defer { try? FileManager.default.removeItem(at: pkg.root) }
        let outside = pkg.root.deletingLastPathComponent().appendingPathComponent("emojisim-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("theirs\n".utf8).write(to: outside.appendingPathComponent("s.txt"))
        let script = try pkg.file("Tests/flow.scenario", "conversation empty\nsnapshot s input ascii\n")
        try FileManager.default.createDirectory(at: pkg.root.appendingPathComponent("Snapshots/Tests"), withIntermediateDirectories: true)
        #expect(symlink("../../../" + outside.lastPathComponent, pkg.root.appendingPathComponent("Snapshots/Tests/flow").path) == 0)
        for mode in [RecordMode.pending, .all, .failed] {
            let outcome = try pkg.run([script], pkg.options(record: mode))
            #expect(outcome.status != 0, "\(mode)")
            let messages = outcome.verifications.flatMap(\.problems).joined(separator: "\n")
                + outcome.verifications.flatMap { $0.snapshots.compactMap(\.check.message) }.joined(separator: "\n")
            #expect(messages.contains("Snapshots/Tests/flow is a symlink"), "\(mode): \(messages)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: outside.path)
        #expect(names == ["s.txt"], "\(names)")
        #expect(try String(contentsOf: outside.appendingPathComponent("s.txt"), encoding: .utf8) == "theirs\n")
        // A pending file committed inside the link is not accepted either.
        try Data("ours\n".utf8).write(to: outside.appendingPathComponent("s.txt.new"))
        let pending = try SnapshotReview.pending(at: pkg.root.appendingPathComponent("Snapshots/Tests/flow/s.txt.new"))
        #expect(throws: SnapshotReview.ReviewError.self) { try SnapshotReview.accept(pending) }
        #expect(try String(contentsOf: outside.appendingPathComponent("s.txt"), encoding: .utf8) == "theirs\n")
        // Without the link the same run records normally.
        _ = unlink(pkg.root.appendingPathComponent("Snapshots/Tests/flow").path)
        #expect(try pkg.run([script], pkg.options(record: .missing)).status == 0)
        #expect(FileManager.default.fileExists(atPath: pkg.root.appendingPathComponent("Snapshots/Tests/flow/s.txt").path))
    }
}
