import Testing
@testable import Imaging

/// Regression tests for issue 18's hostile images: small files that used to cost
/// gigabytes or hours, and the GIF edge cases of robert-ancell/pygif's suite.
@Suite struct HostileImageTests {
    typealias S = GIFTestSupport

    /// A GIF with a `sw x sh` screen and `count` 1x1 frames (each one pixel of grey 7).
    static func manyTinyFrames(screen sw: Int, _ sh: Int, count: Int) -> [UInt8] {
        var out = Array("GIF89a".utf8) + S.le16(sw) + S.le16(sh) + [0xF7, 0, 0]
        for i in 0..<256 { out += [UInt8(i), UInt8(i), UInt8(i)] }
        let data = S.subBlocks(S.packCodes([256, 7, 257], minCodeSize: 8))
        for _ in 0..<count { out += [0x2C] + S.le16(0) + S.le16(0) + S.le16(1) + S.le16(1) + [0, 8] + data }
        return out + [0x3B]
    }

    // Item 6: every frame is composited into the whole canvas, so the canvas counts.
    @Test func gifFramesCountTheCanvasTheyCompositeInto() throws {
        let bomb = Self.manyTinyFrames(screen: 10000, 10000, count: 100)
        #expect(bomb.count < 3000)
        #expect(throws: GIFError.self) { try GIFParser.parse(bomb) }
        do { _ = try GIFParser.parse(bomb) } catch let e {
            #expect(e.kind == .decodedBytesLimit(limit: ImageLimits.default.maxDecodedBytes))
        }
        // The same frames on a small canvas are fine.
        let fine = try GIFImage(bytes: Self.manyTinyFrames(screen: 16, 16, count: 100))
        #expect(fine.frameCount == 100)
        #expect(try fine.frame(at: 99).pixels[0] == 7)
    }

    /// Rewrites chunk `index` of a PNG with `body` (type kept) and a correct CRC.
    static func patchChunk(_ png: [UInt8], type: String, occurrence: Int = 0, _ edit: (inout [UInt8]) -> Void) -> [UInt8] {
        var out = Array(png[0..<8])
        var p = 8, seen = 0
        while p + 12 <= png.count {
            let len = Int(png[p]) << 24 | Int(png[p + 1]) << 16 | Int(png[p + 2]) << 8 | Int(png[p + 3])
            let t = String(decoding: png[(p + 4)..<(p + 8)], as: UTF8.self)
            var body = Array(png[(p + 8)..<(p + 8 + len)])
            if t == type { if seen == occurrence { edit(&body) }; seen += 1 }
            var w = PNGChunkWriter()
            w.append(UInt32(png[p + 4]) << 24 | UInt32(png[p + 5]) << 16 | UInt32(png[p + 6]) << 8 | UInt32(png[p + 7]), body)
            out += w.bytes.dropFirst(8)
            p += 12 + len
        }
        return out
    }

    @Test func apngFramesCountTheCanvasTheyCompositeInto() throws {
        let px = Image(width: 1, height: 1, pixels: [9, 9, 9, 255])!
        let frames = (0..<4).map { _ in APNGEncoder.Frame(px) }
        let small = APNGEncoder().encode(width: 1, height: 1, frames: frames, loopCount: .forever)
        #expect(try APNGImage(bytes: small).frameCount == 4)
        // Declare a 10000x10000 canvas (and a first frame covering it): refused when the
        // frames are counted, before anything is inflated.
        func be32(_ v: Int) -> [UInt8] { PNGChunkWriter.be32(v) }
        var big = Self.patchChunk(small, type: "IHDR") { $0.replaceSubrange(0..<8, with: be32(10000) + be32(10000)) }
        big = Self.patchChunk(big, type: "fcTL") { $0.replaceSubrange(4..<12, with: be32(10000) + be32(10000)) }
        #expect(throws: PNGError.self) { try APNGImage(bytes: big) }
        do { _ = try APNGImage(bytes: big) } catch {
            #expect("\(error)".contains("decode to more than"))
        }
    }

    @Test func aHiddenDefaultImageIsChecked() throws {
        let px = Image(width: 1, height: 1, pixels: [1, 2, 3, 255])!
        let idat = PNGEncoder.compressedData(px, rgba: true, level: 1)
        func file(defaultImage: [UInt8]) -> [UInt8] {
            var w = PNGChunkWriter()
            w.append("IHDR", PNGEncoder.ihdr(width: 1, height: 1, rgba: true))
            w.append("acTL", PNGChunkWriter.be32(1) + PNGChunkWriter.be32(0))
            w.append("IDAT", defaultImage)
            w.append("fcTL", PNGChunkWriter.be32(0) + PNGChunkWriter.be32(1) + PNGChunkWriter.be32(1)
                     + PNGChunkWriter.be32(0) + PNGChunkWriter.be32(0) + PNGChunkWriter.be16(1) + PNGChunkWriter.be16(10) + [0, 0])
            w.append("fdAT", PNGChunkWriter.be32(1) + idat)
            w.append("IEND", [])
            return w.bytes
        }
        #expect(try APNGImage(bytes: file(defaultImage: idat)).frame(at: 0) == px)
        #expect(throws: PNGError.self) { try APNGImage(bytes: file(defaultImage: [0x55])) }
    }

    // Item 9: a zlib bomb (16384x6103 16-bit RGBA: 800 MB of scanlines) is refused at the
    // header, before inflating, by the decoded-bytes limit.
    @Test func aZlibBombIsRefusedAtTheHeader() throws {
        var w = PNGChunkWriter()
        w.append("IHDR", PNGChunkWriter.be32(16384) + PNGChunkWriter.be32(6103) + [16, 6, 0, 0, 0])
        w.append("IDAT", [0x78, 0x01])
        w.append("IEND", [])
        let png = w.bytes
        #expect(throws: PNGError.self) { try PNGDecoder().header(of: png) }
        do { _ = try PNGDecoder().decode(png) } catch {
            #expect("\(error)".contains("decoded bytes"))
        }
    }

    // Item 17: pixels are limited, not sides.
    @Test func longThinImagesAreWithinTheLimits() throws {
        let data = S.subBlocks(S.packCodes([256, 7, 257], minCodeSize: 8))
        let wide = S.gif(width: 1, height: 1, minCodeSize: 8, data: data, screen: (65535, 1))
        let tall = S.gif(width: 1, height: 1, minCodeSize: 8, data: data, screen: (1, 65535))
        let a = try GIFImage(bytes: wide), b = try GIFImage(bytes: tall)
        #expect(a.canvasWidth == 65535 && b.canvasHeight == 65535)
        #expect(try a.frame(at: 0).pixels.count == 65535 * 4)
    }

    /// Browsers show a zero-sized image, or a screen with no image at all, as one fully
    /// transparent canvas.
    @Test func emptyImagesAreOneTransparentFrame() throws {
        let zero = S.gif(width: 0, height: 0, minCodeSize: 2, data: [0], screen: (2, 2))
        let zeroWide = S.gif(width: 0, height: 3, minCodeSize: 2, data: [0], screen: (2, 2))
        var noData = Array("GIF89a".utf8) + S.le16(2) + S.le16(2) + [0, 0, 0]
        noData.append(0x3B)
        for bytes in [zero, zeroWide, noData] {
            let gif = try GIFImage(bytes: bytes)
            #expect(gif.frameCount == 1)
            let f = try gif.frame(at: 0)
            #expect(f.width == 2 && f.height == 2)
            #expect(f.pixels.allSatisfy { $0 == 0 })
        }
        // Without a trailer as well.
        let bare = Array("GIF89a".utf8) + S.le16(1) + S.le16(1) + [0, 0, 0]
        #expect(try GIFImage(bytes: bare).frameCount == 1)
    }

    /// LZW minimum code sizes above 8 are refused as giflib does; after a good frame
    /// they end the parse like a truncation, keeping the earlier frames.
    @Test func largeMinimumCodeSizesAreRefused() throws {
        let data = S.subBlocks(S.packCodes([256, 7, 257], minCodeSize: 8))
        var two = S.gif(width: 1, height: 1, minCodeSize: 8, data: data)
        two.removeLast()
        two += [0x2C] + S.le16(0) + S.le16(0) + S.le16(1) + S.le16(1) + [0, 9, 1, 0, 0, 0x3B]
        let gif = try GIFImage(bytes: two)
        #expect(gif.frameCount == 1)
        #expect(gif.metadata.truncation?.kind == .invalidLZWMinimumCodeSize(9))
        #expect(throws: GIFError(.invalidLZWMinimumCodeSize(9), at: 13 + 768 + 10)) {
            try GIFParser.parse(S.gif(width: 1, height: 1, minCodeSize: 9, data: [1, 0, 0]))
        }
    }
}
