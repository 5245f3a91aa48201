@testable import emojisim
import EmojiSimIO
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 47, items 8 and 13: temporaries left when `catalog convert` or `image frames`
/// was stopped by a signal (and never removed by a later run), and `catalog show`,
/// `image info` and `diff` blocking forever on a named pipe.
@Suite struct TemporariesAndPipesTests {
    static let gif: URL = {
        var u = URL(fileURLWithPath: #filePath)
        while u.lastPathComponent != "Tests" { u.deleteLastPathComponent() }
        return u.appendingPathComponent("Fixtures/gif-test-suite/gifs/animated_loop.gif")
    }()

    /// The `emojisim` SwiftPM built beside this test bundle (a signal needs a process
    /// of its own).
    static func binary() throws -> URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidates = [beside.appendingPathComponent("emojisim"),
                          Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("emojisim")]
        for b in Bundle.allBundles where b.bundlePath.hasSuffix(".xctest") {
            candidates.append(b.bundleURL.deletingLastPathComponent().appendingPathComponent("emojisim"))
        }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                            "emojisim is built beside the tests: \(candidates.map(\.path))")
    }

    static func temporaries(under dir: URL) -> [String] {
        (FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? [])
            .filter { ($0 as NSString).lastPathComponent.contains(".tmp-") }.sorted()
    }

    /// Starts `arguments`, waits until `staged` temporaries exist under `dir` (the
    /// command is then blocked on the named pipe the first output is: a batch writes a
    /// pipe in place, at commit, after staging every other file), sends `sig`, and
    /// returns how the process ended.
    static func interrupt(_ arguments: [String], staged: Int, under dir: URL, with sig: Int32) throws -> Process {
        let p = Process()
        p.executableURL = try binary()
        p.arguments = arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(120)
        while temporaries(under: dir).count < staged && p.isRunning && Date() < deadline { usleep(20_000) }
        let seen = temporaries(under: dir).count
        #expect(seen == staged, "the command staged \(seen) of \(staged) temporaries before the signal")
        kill(p.processIdentifier, sig)
        let stop = Date().addingTimeInterval(30)
        while p.isRunning && Date() < stop { usleep(20_000) }
        if p.isRunning {
            Issue.record("signal \(sig) did not end the process")
            kill(p.processIdentifier, SIGKILL)
        }
        p.waitUntilExit()
        return p
    }

    /// The signals to try: SIGTERM, and SIGINT and SIGHUP unless this process ignores them
    /// (a child inherits that, and EmojiSim keeps an ignored signal ignored).
    static var signals: [Int32] {
        [SIGTERM] + [SIGINT, SIGHUP].filter { sig in
            var old = sigaction()
            guard sigaction(sig, nil, &old) == 0 else { return false }
            return unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
        }
    }

    /// Item 8: SIGTERM during `catalog convert` left the staged copies
    /// (`.aNN.png.tmp-PID-N`, 1 MB each in the issue) in `out/c.images/`.
    @Test func aSignalDuringConvertLeavesNoTemporaries() throws {
        let scratch = try LinkedOutputFolderTests.Scratch("convert-signal")
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let source = try LinkedOutputFolderTests.catalog(in: scratch.url("src"), images: 12)
        try FileManager.default.createDirectory(at: scratch.url("out/c.images"), withIntermediateDirectories: true)
        // The first copy's target is a named pipe: the commit waits there for a reader.
        #expect(mkfifo(scratch.url("out/c.images/a00.png").path, 0o600) == 0)
        for sig in Self.signals {
            let p = try Self.interrupt(["catalog", "convert", source.path, "--to", "json", "--out", scratch.url("out/c.json").path],
                                       staged: 12, under: scratch.url("out"), with: sig)
            #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == sig, "\(p.terminationReason) \(p.terminationStatus)")
            #expect(Self.temporaries(under: scratch.url("out")) == [])
            #expect(!FileManager.default.fileExists(atPath: scratch.url("out/c.json").path))
        }
    }

    /// Item 8: `image frames` staged every frame in DIR, and a signal left them there.
    @Test func aSignalDuringFramesLeavesNoTemporaries() throws {
        let scratch = try LinkedOutputFolderTests.Scratch("frames-signal")
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let dir = scratch.url("frames")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        #expect(mkfifo(dir.appendingPathComponent("animated_loop-0.png").path, 0o600) == 0)
        let p = try Self.interrupt(["image", "frames", Self.gif.path, "--out", dir.path], staged: 3, under: dir, with: SIGTERM)
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGTERM)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["animated_loop-0.png"])
    }

    /// Item 8: a later successful run removes the stale temporaries of the files it
    /// writes (a run killed outright cannot clean up), and nothing else: not another
    /// file's, not a running process's.
    @Test func aLaterRunRemovesStaleTemporariesOfItsOwnFiles() throws {
        let scratch = try LinkedOutputFolderTests.Scratch("stale")
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        // 999999999 is past any pid_max: no such process. Pid 1 always runs.
        let dead = "999999999"
        let dir = scratch.url("frames")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let stale = [".animated_loop-1.png.tmp-\(dead)-4", ".animated_loop-3.png.tmp-\(dead)-17"]
        let kept = [".animated_loop-2.png.tmp-1-3", ".other.png.tmp-\(dead)-1", ".animated_loop-2.png.tmp-x-1"]
        for n in stale + kept { try Data([1]).write(to: dir.appendingPathComponent(n)) }
        #expect(ImageCommand.run(["frames", Self.gif.path, "--out", dir.path]) == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == (kept + (0..<4).map { "animated_loop-\($0).png" }).sorted())

        let source = try LinkedOutputFolderTests.catalog(in: scratch.url("src"), images: 2)
        try FileManager.default.createDirectory(at: scratch.url("out/c.images"), withIntermediateDirectories: true)
        for n in [".a01.png.tmp-\(dead)-2", ".c.json.tmp-\(dead)-3"] {
            try Data([1]).write(to: scratch.url(n.hasPrefix(".c.json") ? "out/\(n)" : "out/c.images/\(n)"))
        }
        #expect(CatalogCommand.run(["convert", source.path, "--to", "json", "--out", scratch.url("out/c.json").path]) == 0)
        #expect(Self.temporaries(under: scratch.url("out")) == [])
    }

    /// Runs `body` on a thread; nil when it has not returned within 20 s (the pipe is
    /// then opened for writing and closed, so the blocked reader gets end-of-file and the
    /// thread ends).
    static func returns(unblocking fifo: URL, _ body: @escaping @Sendable () -> Int32) -> Int32? {
        final class Box: @unchecked Sendable { var value: Int32?; let done = DispatchSemaphore(value: 0) }
        let box = Box()
        Thread { box.value = body(); box.done.signal() }.start()
        if box.done.wait(timeout: .now() + 20) == .success { return box.value }
        let fd = open(fifo.path, O_WRONLY | O_NONBLOCK)
        if fd >= 0 { close(fd) }
        _ = box.done.wait(timeout: .now() + 20)
        return nil
    }

    /// Item 13: `catalog show`, `catalog check`, `image info` and `diff` opened a named
    /// pipe and waited for a writer forever. Input files must be regular files.
    @Test func namedPipesAreRefusedWithoutWaiting() throws {
        let scratch = try LinkedOutputFolderTests.Scratch("fifo")
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let fifo = scratch.url("p.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let path = fifo.path, gif = Self.gif.path
        #expect(Self.returns(unblocking: fifo) { CatalogCommand.run(["show", path]) } == 1)
        #expect(Self.returns(unblocking: fifo) { CatalogCommand.run(["check", path]) } == 1)
        #expect(Self.returns(unblocking: fifo) { CatalogCommand.run(["show", path, "--format", "json"]) } == 1)
        #expect(Self.returns(unblocking: fifo) { ImageCommand.run(["info", path]) } == 1)
        #expect(Self.returns(unblocking: fifo) { DiffCommand.run([path, gif]) } == 2)
        #expect(Self.returns(unblocking: fifo) { DiffCommand.run([gif, path]) } == 2)
        // The reason names what the file is.
        #expect(throws: FileReadError(path: path, reason: "is a named pipe, not a regular file")) {
            try InputFile.read(path, maxBytes: 100)
        }
        #expect(throws: FileReadError(path: "/dev/zero", reason: "is a device, not a regular file")) {
            try InputFile.read("/dev/zero", maxBytes: 100)
        }
    }
}
