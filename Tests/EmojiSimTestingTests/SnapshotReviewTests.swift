@testable import EmojiSimTesting
@testable import EmojiSimTestingCore
import Foundation
import Imaging
import Raster
import SimCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The default record mode (pending review), accept/reject, and bad references: each
/// against a throw-away package so the real Snapshots/ is never touched.
@Suite struct SnapshotReviewTests {
    typealias Sandbox = AssertSnapshotTests.Sandbox

    func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }
    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    @Test func aNewSnapshotIsPendingUntilAccepted() throws {
        let box = try Sandbox()
        let ref = box.reference("check.a.txt")
        let message = try #require(box.verify("hello\n", .lines, record: .pending))
        #expect(message.contains("new snapshot"))
        #expect(message.contains("pending review at Snapshots/FakeSuite/check.a.txt.new"))
        #expect(!exists(ref))
        #expect(try text(SnapshotStore.pendingURL(for: ref)) == "hello\n")

        let pending = try SnapshotReview.pending(under: box.root.appendingPathComponent("Snapshots"))
        #expect(pending.count == 1 && pending[0].isNew && pending[0].reference == ref)
        #expect(try SnapshotReview.describe(pending[0]).text.hasPrefix("new snapshot (no reference yet):\nhello"))
        try SnapshotReview.accept(pending[0])
        #expect(try text(ref) == "hello\n")
        #expect(!exists(SnapshotStore.pendingURL(for: ref)))
        #expect(box.verify("hello\n", .lines, record: .pending) == nil)
        // Nothing but the reference is left in the folder (no temporary files).
        #expect(try FileManager.default.contentsOfDirectory(atPath: ref.deletingLastPathComponent().path) == ["check.a.txt"])
    }

    @Test func aDifferingSnapshotIsPendingAndRejectKeepsTheReference() throws {
        let box = try Sandbox()
        let ref = box.reference("check.a.txt")
        #expect(box.verify("one\ntwo\n", .lines, record: .missing) == nil)
        let message = try #require(box.verify("one\n2\n", .lines, record: .pending))
        #expect(message.contains("differs from its reference"))
        #expect(message.contains("-two\n+2"))
        let p = try SnapshotReview.pending(at: ref)
        #expect(!p.isNew)
        #expect(try SnapshotReview.describe(p).text.contains("-two\n+2"))
        try SnapshotReview.reject(p)
        #expect(try text(ref) == "one\ntwo\n")
        #expect(!exists(p.file))
        // Round trip: pending again, accepted this time.
        _ = box.verify("one\n2\n", .lines, record: .pending)
        try SnapshotReview.accept(try SnapshotReview.pending(at: ref))
        #expect(try text(ref) == "one\n2\n")
        // A matching run removes a stale pending file.
        try Data("stale".utf8).write(to: SnapshotStore.pendingURL(for: ref))
        #expect(box.verify("one\n2\n", .lines, record: .pending) == nil)
        #expect(!exists(SnapshotStore.pendingURL(for: ref)))
    }

    @Test func nothingIsPendingOnCI() throws {
        let box = try Sandbox()
        let message = try #require(box.verify("x", .lines, record: .pending, env: ["CI": "1"]))
        #expect(message.contains("CI is set"))
        #expect(!exists(SnapshotStore.pendingURL(for: box.reference("check.a.txt"))))
    }

    @Test func aFailedTestRecordsNothingAndSaysSo() throws {
        let box = try Sandbox()
        let expectations = TestExpectations()
        expectations.noteFailure()
        for mode in [RecordMode.pending, .missing, .failed, .all] {
            let message = TestExpectations.$current.withValue(expectations) {
                box.verify("x", .lines, record: mode)
            }
            #expect(message?.contains("nothing is recorded by a failing test") == true, "\(mode)")
        }
        #expect(!exists(box.reference("check.a.txt")))
        #expect(!exists(SnapshotStore.pendingURL(for: box.reference("check.a.txt"))))
    }

    // MARK: bad references

    func image(_ w: Int, _ h: Int) -> DisplayList {
        var l = DisplayList(width: Double(w), height: Double(h))
        l.fill(l.bounds, .accent)
        return l
    }
    let png = Snapshotting<DisplayList, Image>.png(RenderConfiguration(scale: 1, font: BitmapFont()))

    @Test func aCorruptReferenceIsNamedAndLeftForReview() throws {
        let box = try Sandbox()
        let ref = box.reference("check.a.png")
        try FileManager.default.createDirectory(at: ref.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: ref)
        let message = try #require(box.verify(image(8, 8), png, record: .pending))
        #expect(message.contains("the reference Snapshots/FakeSuite/check.a.png cannot be read"))
        #expect(exists(SnapshotStore.pendingURL(for: ref)))
        // Under `never` nothing is written, and the message still names the file.
        try SnapshotReview.reject(try SnapshotReview.pending(at: ref))
        #expect(box.verify(image(8, 8), png, record: .never)?.contains("Snapshots/FakeSuite/check.a.png") == true)
    }

    @Test func aReferenceOfAnotherSizeOrFormatIsAClearFailure() throws {
        let box = try Sandbox()
        #expect(box.verify(image(8, 8), png, record: .missing) == nil)
        let size = try #require(box.verify(image(8, 6), png, record: .never))
        #expect(size.contains("image size differs: expected 8x8, actual 8x6"))
        // A .png that holds a PPM.
        let ref = box.reference("check.a.png")
        try Data(SnapshotImageCodec.encodePPM(PixelCanvas.render(image(8, 8), options: PixelRenderOptions(scale: 1)))).write(to: ref)
        let format = try #require(box.verify(image(8, 8), png, record: .never))
        #expect(format.contains("check.a.png cannot be read: it holds a PPM image, expected PNG"), "\(format)")
    }

    @Test func anUnreadableReferenceIsNeverOverwritten() throws {
        let box = try Sandbox()
        let ref = box.reference("check.a.txt")
        try FileManager.default.createDirectory(at: ref, withIntermediateDirectories: true)
        let message = try #require(box.verify("x", .lines, record: .all))
        #expect(message.contains("cannot read \(ref.path): it is a folder, not a file"))
        // A Snapshots folder nobody may search (only meaningful when not root).
        if geteuid() != 0 {
            let snaps = box.root.appendingPathComponent("Snapshots")
            chmod(snaps.path, 0)
            defer { chmod(snaps.path, 0o755) }
            let denied = try #require(box.verify("x", .lines, name: "b", record: .all))
            #expect(denied.contains(snaps.path))
        }
    }

    // MARK: accept / reject safety

    @Test func acceptRefusesWhatIsNotARegularFile() throws {
        let box = try Sandbox()
        let folder = box.reference("").deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A reference that is a symlink to /dev/null is never replaced.
        let ref = folder.appendingPathComponent("null.txt")
        try FileManager.default.createSymbolicLink(atPath: ref.path, withDestinationPath: "/dev/null")
        try Data("new".utf8).write(to: SnapshotStore.pendingURL(for: ref))
        let p = try SnapshotReview.pending(at: ref)
        #expect(throws: SnapshotReview.ReviewError.self) { try SnapshotReview.accept(p) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: ref.path) == "/dev/null")
        #expect(exists(p.file))
        // A pending image that does not decode is not accepted.
        let pic = folder.appendingPathComponent("pic.png")
        try Data("not a png".utf8).write(to: SnapshotStore.pendingURL(for: pic))
        do {
            try SnapshotReview.accept(try SnapshotReview.pending(at: pic))
            Issue.record("a corrupt pending image was accepted")
        } catch {
            #expect(error.description.contains("pic.png.new is not a PNG image"))
        }
        #expect(!exists(pic))
        // A pending path that does not exist.
        #expect(throws: SnapshotReview.ReviewError.self) { _ = try SnapshotReview.pending(at: folder.appendingPathComponent("none.txt")) }
    }

    @Test func pendingListsEveryFileUnderAFolderInOrder() throws {
        let box = try Sandbox()
        for n in ["b", "a", "c"] { _ = box.verify(n, .lines, name: n, record: .pending) }
        let all = try SnapshotReview.pending(under: box.root.appendingPathComponent("Snapshots"))
        #expect(all.map(\.file.lastPathComponent) == ["check.a.txt.new", "check.b.txt.new", "check.c.txt.new"])
        #expect(throws: SnapshotReview.ReviewError.self) { _ = try SnapshotReview.pending(under: box.root.appendingPathComponent("missing")) }
    }

    @Test func assertSnapshotsChecksSeveralStrategiesWithOneCall() throws {
        // Against the real Snapshots/: references recorded once and committed.
        var l = DisplayList(width: 64, height: 32)
        l.fill(l.bounds, .surface)
        l.text(TextLayout("多 ok"), at: Point(x: 8, y: 8))
        let failures = assertSnapshots(of: l, as: [.ascii, .asciiStyled, .tree, .png(RenderConfiguration(scale: 1))])
        #expect(failures.isEmpty)
    }

    @Test(.snapshots(record: .never)) func theTraitScopesTheRecordMode() {
        #expect(RecordMode.resolve(nil, environment: [:]) == .never)
        #expect(RecordMode.resolve(.failed, environment: [:]) == .failed)
        #expect(withSnapshotTesting(record: .all) { RecordMode.resolve(nil, environment: [:]) } == .all)
    }
}
