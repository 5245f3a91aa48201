import Testing
import Foundation
@testable import EmojiSimIO

/// Issue 18 items 10-13: outputs are whole or absent, never half-written, never
/// replacing a folder or device, and nothing is deleted to make room.
@Suite struct SafeFileWriterTests {
    func leftovers(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.contains(".tmp-") }.sorted()
    }

    @Test func writesAndReplacesRegularFiles() throws {
        let dir = try HostileCatalogTests.folder("write")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("a.png")
        try SafeFileWriter.write([1, 2, 3], to: url)
        try SafeFileWriter.write([4, 5], to: url)
        #expect(try Data(contentsOf: url) == Data([4, 5]))
        try SafeFileWriter.write([6], to: dir.appendingPathComponent("sub/deeper/b.png"), createFolders: true)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("sub/deeper/b.png").path))
        #expect(leftovers(dir).isEmpty)
    }

    @Test func aFailedWriteLeavesNoTemporaryFile() throws {
        let dir = try HostileCatalogTests.folder("fail")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The folder does not exist: the temporary cannot be created either.
        #expect(throws: FileWriteError.self) { try SafeFileWriter.write([1], to: dir.appendingPathComponent("missing/a.png")) }
        // A folder in the way is refused and left alone (never deleted recursively).
        let folder = dir.appendingPathComponent("g-prev-3.png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: folder.appendingPathComponent("important.txt"))
        #expect(throws: FileWriteError(path: folder.path, reason: "is a folder")) { try SafeFileWriter.write([1], to: folder) }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("important.txt").path))
        #expect(leftovers(dir).isEmpty)
    }

    @Test func aBatchIsAllOrNothing() throws {
        let dir = try HostileCatalogTests.folder("batch")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("old".utf8).write(to: dir.appendingPathComponent("f-0.png"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("f-2.png"), withIntermediateDirectories: true)
        var batch = SafeFileWriter.Batch()
        try batch.add([1], to: dir.appendingPathComponent("f-0.png"))
        try batch.add([2], to: dir.appendingPathComponent("f-1.png"))
        #expect(throws: FileWriteError.self) { try batch.add([3], to: dir.appendingPathComponent("f-2.png")) }
        // Nothing was replaced or created, and the staged temporaries are gone.
        #expect(try Data(contentsOf: dir.appendingPathComponent("f-0.png")) == Data("old".utf8))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("f-1.png").path))
        #expect(leftovers(dir).isEmpty)
        var ok = SafeFileWriter.Batch()
        try ok.add([1], to: dir.appendingPathComponent("f-0.png"))
        try ok.add([2], to: dir.appendingPathComponent("f-1.png"))
        try ok.commit()
        #expect(try Data(contentsOf: dir.appendingPathComponent("f-1.png")) == Data([2]))
        #expect(leftovers(dir).isEmpty)
    }

    /// A FIFO (like /dev/null or a pipe) is written in place, not replaced by a file.
    @Test func streamsAreWrittenInPlace() throws {
        let dir = try HostileCatalogTests.folder("fifo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try SafeFileWriter.write(Array("hello".utf8), to: URL(fileURLWithPath: fifo))
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = read(reader, &buffer, 16)
        #expect(n == 5 && Array(buffer[0..<5]) == Array("hello".utf8))
        #expect(SafeFileWriter.existing(fifo) == .stream)
        #expect(SafeFileWriter.existing("/dev/null") == .stream)
        #expect(leftovers(dir).isEmpty)
    }

    /// Item 11: `catalog convert --out` onto a folder leaves nothing behind; earlier
    /// files beside it are kept.
    @Test func convertIsAllOrNothing() throws {
        let dir = try HostileCatalogTests.folder("convert")
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = try CatalogLoader.load(path: catalogFixtures.appendingPathComponent("seed"))
        let out = dir.appendingPathComponent("out.json")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        #expect(throws: FileWriteError.self) { try JSONCatalog.write(catalog, to: out) }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.images").path))
        let good = dir.appendingPathComponent("cat.json")
        let images = dir.appendingPathComponent("cat.images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: images.appendingPathComponent("notes.txt"))
        let copied = try JSONCatalog.write(catalog, to: good)
        #expect(copied > 0)
        #expect(FileManager.default.fileExists(atPath: images.appendingPathComponent("notes.txt").path))
        let again = try JSONCatalog.load(good)
        #expect(again.emojiCount == catalog.emojiCount)
        #expect(leftovers(dir).isEmpty && leftovers(images).isEmpty)
    }
}

/// Item 16: Foundation errors print as a cause, not an NSError dump.
@Suite struct ErrorTextTests {
    @Test func foundationErrorsAreReadable() throws {
        do { _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/file.png")) } catch {
            let text = ErrorText.describe(error)
            #expect(text == "no such file", "\(text)")
        }
        #expect(ErrorText.describe(CocoaError(.fileWriteOutOfSpace)) == "no space left on device")
        #expect(ErrorText.describe(POSIXError(.ENOSPC)) == "no space left on device")
        #expect(ErrorText.describe(FileWriteError(path: "a", reason: "b")) == "cannot write a: b")
    }
}
