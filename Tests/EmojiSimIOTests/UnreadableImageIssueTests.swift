import Foundation
import Testing
import Imaging
import Scenario
@testable import EmojiSimIO

/// Issue 47, item 24: an image `catalog check` calls unreadable (a PNG whose IDAT has a
/// bad CRC) is drawn as the placeholder in a run; it gets an `images imageIssue` trace
/// line, as a GIF cut short does.
@Suite struct UnreadableImageIssueTests {
    /// A 2x2 PNG whose IDAT CRC is wrong (its last byte flipped).
    static func badCRCPNG() throws -> [UInt8] {
        var png = PNGEncoder().encode(Image(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))!)
        let idat = try #require((0..<(png.count - 4)).first { Array(png[$0..<($0 + 4)]) == Array("IDAT".utf8) })
        let length = png[idat - 4..<idat].reduce(0) { $0 << 8 | Int($1) }
        png[idat + 4 + length + 3] ^= 0xFF
        return png
    }

    /// A JSON catalog in a fresh folder with one entry drawn by `a.png`.
    static func catalog(png: [UInt8]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(png).write(to: dir.appendingPathComponent("a.png"))
        let url = dir.appendingPathComponent("c.json")
        try Data(#"{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[{"code":"a","kind":"static","image":"a.png"}]}]}"#.utf8).write(to: url)
        return url
    }

    @Test func aPNGWithABadCRCIsAnImageIssueOfTheRun() throws {
        let url = try Self.catalog(png: try Self.badCRCPNG())
        let check = CatalogChecker.check(url).map(\.description)
        #expect(check.contains { $0.contains("unreadable image") }, "\(check)")
        let assets = try ScenarioAssets.load(.json(url.path), relativeTo: url.deletingLastPathComponent())
        #expect(assets.imageIssues.map(\.name) == ["a.png"])
        let screen = ScenarioHosting.makeScreen(ScenarioConfiguration(), assets: assets)
        let line = screen.trace.lines.first { $0.contains("images imageIssue image=\"a.png\" message=unreadable, drawn as the missing-image glyph:") }
        #expect(line?.contains("CRC") == true, "\(screen.trace.lines)")
    }

    @Test func aGoodPNGAddsNoIssue() throws {
        let good = PNGEncoder().encode(Image(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))!)
        let url = try Self.catalog(png: good)
        let assets = try ScenarioAssets.load(.json(url.path), relativeTo: url.deletingLastPathComponent())
        #expect(assets.imageIssues.isEmpty)
    }
}
