import Testing
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import EmojiSimIO

/// Issue 26 items 7, 9 and 10: a batch syncs once, a symlinked folder between the root
/// and a file is refused, and a write past the file-size limit fails cleanly.
@Suite struct SafeFileWriterConfinementTests {
    func leftovers(_ dir: URL) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: dir.path) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.contains(".tmp-") }.sorted()
    }

    /// Item 9: `Snapshots/Tests/flow -> ../../../outside` (a committed symlink) made
    /// `run` write outside the package; every folder on the way is checked now.
    @Test func aSymlinkedFolderAnywhereOnTheWayIsRefused() throws {
        let dir = try HostileCatalogTests.folder("confine")
        defer { try? FileManager.default.removeItem(at: dir) }
        let root = dir.appendingPathComponent("pkg")
        let outside = dir.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Snapshots/Tests"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("theirs".utf8).write(to: outside.appendingPathComponent("shot.txt"))
        #expect(symlink("../../../outside", root.appendingPathComponent("Snapshots/Tests/flow").path) == 0)
        let target = root.appendingPathComponent("Snapshots/Tests/flow/shot.txt")
        for create in [false, true] {
            #expect(throws: FileWriteError.self) {
                try SafeFileWriter.write(Array("ours".utf8), to: target, within: root, createFolders: create)
            }
            do { try SafeFileWriter.write(Array("ours".utf8), to: target, within: root, createFolders: create) } catch {
                #expect(error.reason.contains("Snapshots/Tests/flow is a symlink"), "\(error)")
            }
        }
        #expect(try Data(contentsOf: outside.appendingPathComponent("shot.txt")) == Data("theirs".utf8))
        #expect(leftovers(outside).isEmpty && leftovers(root).isEmpty)
        #expect(throws: FileWriteError.self) { try SafeFileWriter.checkConfined(target, within: root) }
        // A symlink higher up (the Snapshots folder itself) is refused too.
        let root2 = dir.appendingPathComponent("pkg2")
        try FileManager.default.createDirectory(at: root2, withIntermediateDirectories: true)
        #expect(symlink(outside.path, root2.appendingPathComponent("Snapshots").path) == 0)
        #expect(throws: FileWriteError.self) {
            try SafeFileWriter.write([1], to: root2.appendingPathComponent("Snapshots/a/b.txt"), within: root2, createFolders: true)
        }
        #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("a").path))
        // Real folders are created and written; a root reached through a symlink is the
        // caller's choice and fine.
        try SafeFileWriter.write([7], to: root.appendingPathComponent("Snapshots/Tests/real/x/y.txt"), within: root, createFolders: true)
        #expect(try Data(contentsOf: root.appendingPathComponent("Snapshots/Tests/real/x/y.txt")) == Data([7]))
        #expect(symlink(root.path, dir.appendingPathComponent("alias").path) == 0)
        let alias = dir.appendingPathComponent("alias")
        try SafeFileWriter.write([8], to: alias.appendingPathComponent("Snapshots/z.txt"), within: alias, createFolders: true)
        try SafeFileWriter.checkConfined(alias.appendingPathComponent("Snapshots/z.txt"), within: alias)
        // A path that leaves the root lexically is refused before anything is opened.
        #expect(throws: FileWriteError.self) {
            try SafeFileWriter.write([1], to: root.appendingPathComponent("../outside/escaped.txt"), within: root)
        }
        #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("escaped.txt").path))
        // A final symlink is still replaced by the file, never written through.
        #expect(symlink(outside.appendingPathComponent("shot.txt").path, root.appendingPathComponent("Snapshots/link.txt").path) == 0)
        try SafeFileWriter.write([9], to: root.appendingPathComponent("Snapshots/link.txt"), within: root)
        #expect(try Data(contentsOf: outside.appendingPathComponent("shot.txt")) == Data("theirs".utf8))
        #expect(SafeFileWriter.existing(root.appendingPathComponent("Snapshots/link.txt").path) == .regular)
    }

    /// Item 7: 10,000 frame files were fsynced one by one (6-44 s); a batch is one sync.
    @Test func aBatchSyncsOnceWhateverItsSize() throws {
        let dir = try HostileCatalogTests.folder("sync")
        defer { try? FileManager.default.removeItem(at: dir) }
        var batch = SafeFileWriter.Batch()
        for i in 0..<300 {
            let sub = i % 20 == 0 ? "deep/\(i)/" : ""   // more folders than the batch keeps open
            try batch.add([UInt8(i & 0xFF)], to: dir.appendingPathComponent("\(sub)f-\(i).png"), within: dir, createFolders: true)
        }
        try batch.commit()
        #if os(Linux)
        #expect(batch.syncs == 1)
        #endif
        #expect(try Data(contentsOf: dir.appendingPathComponent("f-299.png")) == Data([UInt8(299 & 0xFF)]))
        #expect(try Data(contentsOf: dir.appendingPathComponent("deep/280/f-280.png")) == Data([UInt8(280 & 0xFF)]))
        #expect(leftovers(dir).isEmpty)
    }

    /// Item 10: past `ulimit -f` (RLIMIT_FSIZE) a write fails with EFBIG (SIGXFSZ is
    /// ignored, as the CLI does), the error says so and the temporary is removed. The
    /// limit and the signal disposition are process-wide, so a child process does the
    /// write; everything it runs was run once in the parent first (no lazy runtime work
    /// after the fork), and an alarm ends it should it ever block. `Tools/hostile/run.sh`
    /// checks the same through the CLI (`convert`, `image frames`, `run`).
    @Test func aWritePastTheFileSizeLimitFailsCleanly() throws {
        let dir = try HostileCatalogTests.folder("fsize")
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = open(dir.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #expect(folder >= 0)
        defer { close(folder) }
        let bytes = [UInt8](repeating: 1, count: 100_000)
        let warm = try SafeFileWriter.writeTemporary(bytes, named: "big.bin", in: folder, at: dir.path, for: "big.bin")
        unlinkat(folder, warm, 0)
        let pid = fork()
        if pid == 0 {
            alarm(20)
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit(rlim_cur: 4096, rlim_max: 4096)
            _ = setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            do {
                _ = try SafeFileWriter.writeTemporary(bytes, named: "big.bin", in: folder, at: dir.path, for: "big.bin")
                _exit(10)
            } catch {
                _exit(error.reason == "file too large" ? 0 : 11)
            }
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        #expect(status == 0, "child status \(status)")   // exited 0: failed with "file too large"
        #expect(leftovers(dir).isEmpty)
    }
}

/// The batch's written-twice check is a set lookup (a scan of the staged files made a
/// 10,000-frame `image frames` quadratic, issue 26 item 7's hostile case): it still
/// refuses a second write of one path, and forgets the paths after a commit or discard.
@Suite struct SafeFileWriterBatchPathsTests {
    @Test func writtenTwiceIsRefusedAndForgottenAfterCommit() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("batch-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var batch = SafeFileWriter.Batch()
        for i in 0..<3 { try batch.add([UInt8(i)], to: dir.appendingPathComponent("f\(i).bin")) }
        #expect { try batch.add([9], to: dir.appendingPathComponent("f1.bin")) } throws: { e in
            "\(e)".contains("written twice in one batch")
        }
        // The refusal discarded the batch: nothing was written, and the path is free again.
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("f0.bin").path))
        try batch.add([1], to: dir.appendingPathComponent("f1.bin"))
        try batch.commit()
        #expect(try Data(contentsOf: dir.appendingPathComponent("f1.bin")) == Data([1]))
        try batch.add([2], to: dir.appendingPathComponent("f1.bin"))
        try batch.commit()
        #expect(try Data(contentsOf: dir.appendingPathComponent("f1.bin")) == Data([2]))
    }
}
