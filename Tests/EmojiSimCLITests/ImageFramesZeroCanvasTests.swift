@testable import emojisim
import Foundation
import Imaging
import Testing

/// Issue 47, item 23: `image frames` of a GIF with a 0x0 canvas is refused with a clear
/// error instead of writing 0x0 PNGs that EmojiSim itself refuses to read.
@Suite struct ImageFramesZeroCanvasTests {
    /// A 0x0 logical screen, no palette, one 0x0 frame with an empty LZW stream.
    static let zeroGIF: [UInt8] = Array("GIF89a".utf8) + [0, 0, 0, 0, 0, 0, 0]
        + [0x2C, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B]

    @Test func aZeroCanvasGIFIsRefusedAndNothingIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-zero-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("zero.gif")
        try Data(Self.zeroGIF).write(to: file)
        // The file itself parses (browsers show nothing for it): only writing frames fails.
        let gif = try GIFImage(bytes: Self.zeroGIF)
        #expect(gif.canvasWidth == 0 && gif.canvasHeight == 0)
        let out = folder.appendingPathComponent("frames")
        #expect(ImageCommand.frames(file.path, outDir: out.path, format: "png") == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}

/// Issue 47, item 24: `run` warns of an image it draws as the placeholder because the
/// file does not decode (a PNG with a bad CRC), at the script's catalog line.
@Suite struct UnreadableImageWarningTests {
    @Test func aRunWarnsOfAnUnreadableImageAtTheCatalogLine() throws {
        let pkg = try RunCommandTests.Package()
        var png = [UInt8](ImageFramesZeroCanvasTests.pngOf2x2())
        let idat = try #require((0..<(png.count - 4)).first { Array(png[$0..<($0 + 4)]) == Array("IDAT".utf8) })
        let length = png[idat - 4..<idat].reduce(0) { $0 << 8 | Int($1) }
        png[idat + 4 + length + 3] ^= 0xFF
        let image = pkg.root.appendingPathComponent("flows/a.png")
        try pkg.file("flows/c.json", #"{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[{"code":"a","kind":"static","image":"a.png"}]}]}"#)
        try Data(png).write(to: image)
        let script = try pkg.file("flows/u.scenario", "device 120x200@1\ncatalog json \"c.json\"\nreceive \"[a]\"\n")
        let outcome = try pkg.run([script], pkg.options(record: .never))
        let warnings = outcome.verifications.first?.result.warnings ?? []
        #expect(warnings.contains { $0.line == 2 && $0.message.hasPrefix("image \"a.png\": unreadable") }, "\(warnings)")
        #expect(outcome.verifications.first?.result.trace.contains { $0.contains("imageIssue image=\"a.png\"") } == true)
    }
}

extension ImageFramesZeroCanvasTests {
    static func pngOf2x2() -> [UInt8] {
        PNGEncoder().encode(Image(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))!)
    }
}
