@testable import emojisim
import EmojiSimIO
@testable import EmojiSimTesting
@testable import EmojiSimTestingCore
import Foundation
import Imaging
import Raster
import Scenario
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 47, items 1-4: folders EmojiSim names itself beside what the user named
/// (`r.html.files`, `c.images`, `.build/snapshot-failures`, `.build/snapshot-review`, a
/// review folder in the shared /tmp) were followed when they were symlinks. Each case
/// plants the link to a folder outside, runs the command in process, and checks that it
/// fails saying so and that nothing was written where the link points.
@Suite struct LinkedOutputFolderTests {
    /// A throw-away folder with an `outside/` that a link will point to.
    struct Scratch {
        let root: URL
        init(_ name: String) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-\(name)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("outside"), withIntermediateDirectories: true)
        }
        var outside: URL { root.appendingPathComponent("outside") }
        func url(_ path: String) -> URL { root.appendingPathComponent(path) }
        /// Makes `path` (its parent created) a symlink to `outside/`.
        func link(_ path: String) throws {
            let u = url(path)
            try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(symlink(outside.path, u.path) == 0)
        }
        /// Everything under `outside/` (empty when nothing was written through the link).
        func written() -> [String] {
            (FileManager.default.enumerator(atPath: outside.path)?.compactMap { $0 as? String } ?? []).sorted()
        }
    }

    /// Item 1: `--report r.html` wrote its large images through a linked `r.html.files`
    /// (the demo's `report.html.files` the same way: one writer, HTMLReport's).
    @Test func theReportRefusesALinkedFilesFolder() throws {
        let pkg = try RunCommandTests.Package()
        defer { try? FileManager.default.removeItem(at: pkg.root) }
        let scratch = try Scratch("report-link")
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        // The emoji keyboard at @2 is a PNG well past the 48 KB inline limit.
        let script = try pkg.file("flow.scenario", "device iphone8\nconversation empty\ntap input\ntap toggle\nsnapshot k screen png\n")
        let report = scratch.url("r.html")
        try scratch.link("r.html.files")
        let outcome = try pkg.run([script], pkg.options(report: report))
        #expect(outcome.status == 1)
        #expect(outcome.json.contains("r.html.files is a symlink"), "\(outcome.json)")
        #expect(scratch.written() == [])
        // With a real folder the same report writes its image file there.
        _ = unlink(scratch.url("r.html.files").path)
        #expect(try pkg.run([script], pkg.options(report: report)).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url("r.html.files").path)
        #expect(!files.isEmpty)
    }

    /// Item 2: `catalog convert src/c.json --out out/c.json` copied the images through a
    /// linked `out/c.images`.
    @Test func convertRefusesALinkedImagesFolder() throws {
        let scratch = try Scratch("convert-link")
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let source = try Self.catalog(in: scratch.url("src"), images: 3)
        try scratch.link("out/c.images")
        let out = scratch.url("out/c.json")
        #expect(CatalogCommand.run(["convert", source.path, "--to", "json", "--out", out.path]) == 1)
        #expect(scratch.written() == [])
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // A link deeper down (a subfolder of c.images) is refused the same way.
        _ = unlink(scratch.url("out/c.images").path)
        try FileManager.default.createDirectory(at: scratch.url("src/sub"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: scratch.url("src/a00.png"), to: scratch.url("src/sub/s.png"))
        let nested = try Self.catalogJSON(in: scratch.url("src"), images: ["a00.png", "sub/s.png"])
        try scratch.link("out/c.images/sub")
        #expect(CatalogCommand.run(["convert", nested.path, "--to", "json", "--out", out.path]) == 1)
        #expect(scratch.written() == [])
        // Real folders: converted, the images copied.
        _ = unlink(scratch.url("out/c.images/sub").path)
        #expect(CatalogCommand.run(["convert", nested.path, "--to", "json", "--out", out.path]) == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.url("out/c.images/sub/s.png").path))
    }

    /// Item 3: a failure's artifacts went through a linked `.build/snapshot-failures`, and
    /// a passing run's clean-up removed files through it.
    @Test func artifactsRefuseALinkedFailuresFolder() throws {
        let pkg = try RunCommandTests.Package()
        defer { try? FileManager.default.removeItem(at: pkg.root) }
        let scratch = try Scratch("artifacts-link")
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let script = try pkg.file("Tests/flow.scenario", "conversation empty\ntap input\ntype \"ab\"\nsnapshot s input ascii\n")
        try pkg.file("Snapshots/Tests/flow/s.txt", "not what it shows\n")
        try FileManager.default.createDirectory(at: pkg.root.appendingPathComponent(".build"), withIntermediateDirectories: true)
        #expect(symlink(scratch.outside.path, pkg.root.appendingPathComponent(".build/snapshot-failures").path) == 0)
        var options = pkg.options(record: .never)
        options.artifacts = .automatic(outsidePackage: nil)
        let outcome = try pkg.run([script], options)
        #expect(outcome.status == 1)
        let message = outcome.verifications.flatMap { $0.snapshots.compactMap(\.check.message) }.joined(separator: "\n")
        #expect(message.contains("artifacts not written") && message.contains(".build/snapshot-failures is a symlink"), "\(message)")
        #expect(scratch.written() == [])
        // A file outside named like this snapshot's artifact is not removed through the
        // link when the snapshot passes.
        try FileManager.default.createDirectory(at: scratch.url("outside/Tests/flow"), withIntermediateDirectories: true)
        try Data("theirs".utf8).write(to: scratch.url("outside/Tests/flow/s.txt"))
        #expect(try pkg.run([script], pkg.options(record: .all)).status == 0)
        #expect(try pkg.run([script], options).status == 0)
        #expect(try String(contentsOf: scratch.url("outside/Tests/flow/s.txt"), encoding: .utf8) == "theirs")
    }

    /// Item 3, review: diff pictures went through a linked `.build/snapshot-review`.
    @Test func reviewRefusesALinkedReviewFolder() throws {
        let pkg = try RunCommandTests.Package()
        defer { try? FileManager.default.removeItem(at: pkg.root) }
        let scratch = try Scratch("review-link")
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let pending = try Self.pendingImage(in: pkg.root)
        try FileManager.default.createDirectory(at: pkg.root.appendingPathComponent(".build"), withIntermediateDirectories: true)
        #expect(symlink(scratch.outside.path, pkg.root.appendingPathComponent(".build/snapshot-review").path) == 0)
        var printed: [String] = []
        let status = SnapshotsCommand.review(collect: { pending }, show: { $0.path },
                                             diffs: pkg.root.appendingPathComponent(".build/snapshot-review"), base: pkg.root,
                                             answers: ["s"], output: { printed.append($0) })
        #expect(status == 0)
        let line = try #require(printed.first { $0.hasPrefix("  diff image: ") })
        #expect(line.contains("not written") && line.contains(".build/snapshot-review is a symlink"), "\(line)")
        #expect(scratch.written() == [])
    }

    /// Item 4: outside a package, review wrote into `/tmp/emojisim-snapshot-review`, a
    /// fixed name another user could make a link first. Now every review makes a fresh
    /// private folder (mode 0700) for its pictures, and a link at the old name is unused.
    @Test func reviewOutsideAPackageUsesAFreshPrivateFolder() throws {
        let scratch = try Scratch("review-private")
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let pending = try Self.pendingImage(in: scratch.url("loose"))
        // The old fixed name, planted as a link where nothing is there yet.
        let fixed = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-snapshot-review")
        let planted = symlink(scratch.outside.path, fixed.path) == 0
        defer { if planted { _ = unlink(fixed.path) } }
        var folders: [URL] = []
        for _ in 0..<2 {
            var printed: [String] = []
            let status = SnapshotsCommand.review(collect: { pending }, show: { $0.path }, diffs: nil,
                                                 base: scratch.url("loose"), answers: ["s"], output: { printed.append($0) })
            #expect(status == 0)
            let line = try #require(printed.first { $0.hasPrefix("  diff image: ") })
            let diff = URL(fileURLWithPath: String(line.dropFirst("  diff image: ".count)))
            #expect(FileManager.default.fileExists(atPath: diff.path), "\(line)")
            // <tmp>/emojisim-snapshot-review-XXXXXX/Snapshots/flow/p.png.diff.png
            let folder = diff.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            #expect(folder.lastPathComponent.hasPrefix("emojisim-snapshot-review-"), "\(diff.path)")
            var st = stat()
            #expect(lstat(folder.path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR && (st.st_mode & 0o777) == 0o700)
            folders.append(folder)
        }
        defer { for f in folders { try? FileManager.default.removeItem(at: f) } }
        #expect(folders[0] != folders[1])
        #expect(scratch.written() == [])
    }

    /// Item 3's kin: the usage log of a test run (`.build/snapshot-usage/run-N.txt`) was
    /// appended through a linked folder, and the other runs' logs there deleted.
    @Test func theUsageLogRefusesALinkedFolder() throws {
        let pkg = try RunCommandTests.Package()
        defer { try? FileManager.default.removeItem(at: pkg.root) }
        let scratch = try Scratch("usage-link")
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        try Data("Snapshots/theirs.txt\n".utf8).write(to: scratch.url("outside/run-1.txt"))
        try FileManager.default.createDirectory(at: pkg.root.appendingPathComponent(".build"), withIntermediateDirectories: true)
        #expect(symlink(scratch.outside.path, pkg.root.appendingPathComponent(".build/snapshot-usage").path) == 0)
        SnapshotUsage.shared.record(pkg.root.appendingPathComponent("Snapshots/Suite/t.1.txt"), root: pkg.root)
        #expect(scratch.written() == ["run-1.txt"])
        #expect(try String(contentsOf: scratch.url("outside/run-1.txt"), encoding: .utf8) == "Snapshots/theirs.txt\n")
    }

    // MARK: fixtures

    static let png: URL = {
        var u = URL(fileURLWithPath: #filePath)
        while u.lastPathComponent != "Tests" { u.deleteLastPathComponent() }
        return u.appendingPathComponent("Fixtures/catalogs/seed/EmtionImages/f056.png")
    }()

    /// `folder/c.json` naming `images` (paths in `folder`), one static emoji each.
    static func catalogJSON(in folder: URL, images: [String]) throws -> URL {
        let entries = images.enumerated().map { "{\"code\":\"e\($0.offset)\",\"kind\":\"static\",\"image\":\"\($0.element)\"}" }
        let json = "{\"format\":\"emojisim-catalog\",\"version\":1,\"groups\":[{\"name\":\"g\",\"emoji\":[\(entries.joined(separator: ","))]}]}"
        let url = folder.appendingPathComponent("c.json")
        try Data(json.utf8).write(to: url)
        return url
    }

    /// `folder/c.json` with `images` PNGs `a00.png`, `a01.png`, ... beside it.
    static func catalog(in folder: URL, images: Int) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var names: [String] = []
        for i in 0..<images {
            let name = String(format: "a%02d.png", i)
            try FileManager.default.copyItem(at: png, to: folder.appendingPathComponent(name))
            names.append(name)
        }
        return try catalogJSON(in: folder, images: names)
    }

    /// A pending image under `folder/Snapshots/flow/`: a reference and a `.new` one pixel off.
    static func pendingImage(in folder: URL) throws -> [SnapshotReview.Pending] {
        let dir = folder.appendingPathComponent("Snapshots/flow")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var image = try #require(Image(width: 4, height: 4, pixels: [UInt8](repeating: 255, count: 64)))
        try Data(SnapshotImageCodec.encodePNG(image)).write(to: dir.appendingPathComponent("p.png"))
        image.pixels[4] = 0
        try Data(SnapshotImageCodec.encodePNG(image)).write(to: dir.appendingPathComponent("p.png.new"))
        return try SnapshotReview.pending(under: folder.appendingPathComponent("Snapshots"))
    }
}
