@testable import emojisim
import EmojiSimTestingCore
import Foundation
import Testing

/// `emojisim snapshots` on an Xcode project's `__Snapshots__` folder (issue 45 item 1):
/// pending, accept and orphans act there, with no package around it.
@Suite struct XcodeLayoutCommandTests {
    @Test func pendingAcceptAndOrphansWorkInSnapshotsBesideTheTests() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-xcode-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let tests = root.appendingPathComponent("AppTests")
        let refs = tests.appendingPathComponent("__Snapshots__/LoginTests")
        try FileManager.default.createDirectory(at: refs, withIntermediateDirectories: true)
        try Data("@Test func signIn() {}\n@Test func signOut() {}\n".utf8).write(to: tests.appendingPathComponent("LoginTests.swift"))
        func write(_ name: String, in folder: URL = refs) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("x\n".utf8).write(to: folder.appendingPathComponent(name))
        }
        try write("signIn.1.txt.new")
        try write("signOut.form.txt")
        try write("renamedAway.1.txt")                                              // no such test
        try write("gone.1.txt", in: tests.appendingPathComponent("__Snapshots__/DeletedTests"))  // no such file
        let folder = tests.appendingPathComponent("__Snapshots__").path

        #expect(try SnapshotReview.pending(under: URL(fileURLWithPath: folder)).count == 1)
        #expect(SnapshotsCommand.run(["accept", folder], in: root) == 0)
        #expect(FileManager.default.fileExists(atPath: refs.appendingPathComponent("signIn.1.txt").path))

        let survey = SnapshotOrphans.survey(testSnapshots: URL(fileURLWithPath: folder))
        #expect(survey.orphans == ["DeletedTests/gone.1.txt", "LoginTests/renamedAway.1.txt"])
        #expect(survey.references == 4 && survey.scripts == 1)
        #expect(SnapshotsCommand.run(["orphans", "--snapshots", folder, "--delete"], in: root) == 0)
        #expect(!FileManager.default.fileExists(atPath: refs.appendingPathComponent("renamedAway.1.txt").path))
        #expect(FileManager.default.fileExists(atPath: refs.appendingPathComponent("signOut.form.txt").path))
        #expect(FileManager.default.fileExists(atPath: refs.appendingPathComponent("signIn.1.txt").path))
    }

    /// Without input (the command plugin keeps stdin), review shows every pending change
    /// instead of stopping at the first question.
    @Test func reviewWithoutAnswersShowsEveryChange() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-review-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let refs = root.appendingPathComponent("__Snapshots__/T")
        try FileManager.default.createDirectory(at: refs, withIntermediateDirectories: true)
        for n in ["a", "b", "c"] { try Data("\(n)\n".utf8).write(to: refs.appendingPathComponent("t.\(n).txt.new")) }
        var printed: [String] = []
        let status = SnapshotsCommand.review(collect: { try SnapshotReview.pending(under: refs) }, show: { $0.lastPathComponent },
                                             diffs: nil, base: root, answers: [], output: { printed.append($0) })
        #expect(status == 0)
        #expect(printed.filter { $0.hasPrefix("[") }.count == 3)
        #expect(printed.last?.hasPrefix("no answer read: nothing accepted or rejected") == true)
        #expect(try SnapshotReview.pending(under: refs).count == 3)
    }
}
