@testable import emojisim
import EmojiSimIO
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 47's leftovers after stop 41: the monkey's `--out` through the one confined
/// writer, the playground cache without a home, and a script file named twice to `run`.
@Suite struct RoundThreeLeftoverTests {
    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-left-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `monkey --out` wrote its shrunk script with `Data.write(.atomic)`: a folder in the
    /// file's place gave Foundation's message, not the writer's; a planted link at the
    /// file is replaced, never written through.
    @Test func theMonkeysScriptGoesThroughTheConfinedWriter() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("o")
        let file = out.appendingPathComponent("monkey-5.scenario")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        do {
            try MonkeyCommand.writeFinding("conversation empty\n", to: file, in: out)
            Issue.record("a folder in the file's place was written over")
        } catch {
            #expect(error.description == "cannot write \(file.path): is a folder")
        }
        try FileManager.default.removeItem(at: file)
        let outside = root.appendingPathComponent("outside.txt")
        try Data("keep".utf8).write(to: outside)
        #expect(symlink(outside.path, file.path) == 0)
        try MonkeyCommand.writeFinding("conversation empty\n", to: file, in: out)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep")
        #expect(try String(contentsOf: file, encoding: .utf8) == "conversation empty\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    /// Without HOME (nor XDG_CACHE_HOME, EMOJISIM_CACHE, --cache) the cache was the fixed
    /// `$TMPDIR/emojisim-cache`, which another user can create first and fill with the
    /// module the page then runs: now a fresh folder of this user's only.
    @Test func thePlaygroundCacheWithoutAHomeIsAFreshPrivateFolder() throws {
        let a = try PlaygroundCommand.cacheFolder(option: nil, environment: [:])
        let b = try PlaygroundCommand.cacheFolder(option: nil, environment: [:])
        defer { rmdir(a.path); rmdir(b.path) }
        #expect(a.path != b.path)
        #expect(a.lastPathComponent.hasPrefix("emojisim-cache-") && a.lastPathComponent != "emojisim-cache")
        var st = stat()
        #expect(lstat(a.path, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o700 && st.st_uid == getuid())
        #expect(st.st_mode & S_IFMT == S_IFDIR)
        // A home still wins, and nothing is created for it here.
        #expect(try PlaygroundCommand.cacheFolder(option: nil, environment: ["HOME": "/h"]).path == "/h/.cache/emojisim")
    }

    /// The same file named twice ran twice: pages `x.html` and `x-2.html`, and the
    /// report linked both entries to `x-2.html`. A file named again (directly, through
    /// its folder, or by another spelling of its path) now runs once.
    @Test func aFileNamedTwiceRunsOnce() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appendingPathComponent("s")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let x = dir.appendingPathComponent("x.scenario"), y = dir.appendingPathComponent("y.scenario")
        try Data("conversation empty\nexpect keyboard none\n".utf8).write(to: x)
        try Data("conversation empty\nexpect keyboard none\n".utf8).write(to: y)
        let files = try ScenarioFiles.collect([x.path, dir.path, dir.path + "/./x.scenario", y.path])
        #expect(files.map(\.lastPathComponent) == ["x.scenario", "y.scenario"])

        let v = root.appendingPathComponent("v"), report = root.appendingPathComponent("r.html")
        #expect(RunCommand.run([x.path, x.path, "--viewer", v.path, "--report", report.path, "--json"]) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: v.path) == ["x.html"])
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.components(separatedBy: "href=\"v/x.html\"").count == 2)
        #expect(!html.contains("x-2"))
    }

    /// `--viewer-at LINE` (how to see the steps a page left out) takes a line number and
    /// needs `--viewer`; the page then opens on that line.
    @Test func viewerAtOpensThePageOnTheLine() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let x = root.appendingPathComponent("x.scenario")
        try Data("conversation empty\nwait 1s\nwait 1s\nexpect keyboard none\n".utf8).write(to: x)
        let v = root.appendingPathComponent("v")
        #expect(RunCommand.run([x.path, "--viewer-at", "3"]) == 2)
        #expect(RunCommand.run([x.path, "--viewer", v.path, "--viewer-at", "0"]) == 2)
        #expect(RunCommand.run([x.path, "--viewer", v.path, "--viewer-at", "3", "--json"]) == 0)
        let page = try String(contentsOf: v.appendingPathComponent("x.html"), encoding: .utf8)
        #expect(page.contains(" selected\" data-line=\"3\""))
        #expect(!page.contains(" selected\" data-line=\"4\""))
    }
}

#if canImport(Glibc)
/// `run --gif` of eight 4096x4096-canvas GIFs spent 21.7 s in the kernel zeroing freshly
/// mapped 64 MB canvases (glibc maps every block of 32 MiB or more anew): the CLI now
/// raises glibc's mmap and trim thresholds. That glibc takes them is checked here; what
/// it saves is measured on the release build (Tools/hostile, `47-r4-big-canvas-8-gif`),
/// as performance is.
@Suite struct AllocatorTuningTests {
    @Test func glibcTakesTheThresholds() {
        #expect(AllocatorTuning.apply())
    }
}
#endif
