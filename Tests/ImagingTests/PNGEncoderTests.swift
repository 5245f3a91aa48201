import SimCore
import Testing
@testable import Imaging

@Suite struct PNGEncoderTests {
    static func photoLike(width: Int, height: Int, alpha: Bool, seed: UInt64 = 1) -> Image {
        var rng = SeededRandom(seed: seed)
        var img = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let n = UInt8(truncatingIfNeeded: rng.next() % 9)
                img[x, y] = (UInt8(truncatingIfNeeded: x * 3 + y) &+ n, UInt8(truncatingIfNeeded: (x ^ y) * 2),
                             UInt8(truncatingIfNeeded: y * 5) &+ n, alpha ? UInt8(truncatingIfNeeded: x * 7 + y * 3) : 255)
            }
        }
        return img
    }

    @Test func rgbaRoundTripIsExact() throws {
        let img = Self.photoLike(width: 61, height: 37, alpha: true)
        let png = PNGEncoder().encode(img)
        let header = try PNGDecoder().header(of: png)
        #expect(header.colorType == .rgba && header.bitDepth == 8)
        #expect(try PNGDecoder().decode(png) == img)
    }

    @Test func opaqueImagesAreWrittenAsRGB() throws {
        let img = Self.photoLike(width: 33, height: 20, alpha: false)
        let png = PNGEncoder().encode(img)
        #expect(try PNGDecoder().header(of: png).colorType == .rgb)
        #expect(try PNGDecoder().decode(png) == img)
        // Forcing RGB drops alpha, which decodes as 255.
        var translucent = img
        translucent[0, 0] = (1, 2, 3, 4)
        let forced = try PNGDecoder().decode(PNGEncoder(colorMode: .rgb).encode(translucent))
        #expect(forced[0, 0] == (1, 2, 3, 255))
    }

    @Test func everyPngSuiteImageSurvivesReencoding() throws {
        let rows = try PNGFixtures.pngSuiteExpectations().filter { $0.hash != nil }
        for row in rows {
            let original = try PNGDecoder().decode(try PNGFixtures.bytes("pngsuite/png/\(row.name).png"))
            for level in [0, 6] {
                let again = try PNGDecoder().decode(PNGEncoder(compressionLevel: level).encode(original))
                #expect(again.rgbaHash == row.hash, "\(row.name) level \(level)")
            }
        }
    }

    @Test func usesRealCompression() throws {
        let img = Self.photoLike(width: 128, height: 128, alpha: false)
        let png = PNGEncoder().encode(img)
        #expect(png.count < 128 * 128 * 3 / 2)
        let stored = PNGEncoder(compressionLevel: 0).encode(img)
        #expect(png.count < stored.count)
        // A flat image compresses to almost nothing.
        #expect(PNGEncoder().encode(Image(width: 256, height: 256)).count < 400)
    }

    @Test func tinyAndEmptyEdgeSizes() throws {
        for (w, h) in [(1, 1), (1, 9), (9, 1), (2, 3)] {
            let img = Self.photoLike(width: w, height: h, alpha: true, seed: UInt64(w * 10 + h))
            #expect(try PNGDecoder().decode(PNGEncoder().encode(img)) == img)
        }
    }
}

@Suite struct PNGDecoderErrorTests {
    static let small = PNGEncoder().encode(PNGEncoderTests.photoLike(width: 8, height: 8, alpha: true))

    @Test func limitsAreCheckedBeforeDecoding() {
        let tight = PNGDecoder(limits: ImageLimits(maxWidth: 7))
        #expect(throws: PNGError.tooLarge(width: 8, height: 8, limit: "max width 7")) { try tight.decode(Self.small) }
        let pixels = PNGDecoder(limits: ImageLimits(maxPixels: 63))
        #expect(throws: PNGError.tooLarge(width: 8, height: 8, limit: "max 63 pixels")) { try pixels.decode(Self.small) }
        // A header declaring 2^31-1 x 2^31-1 is refused without allocating anything.
        var huge = Self.small
        for i in 16..<24 { huge[i] = i % 4 == 0 ? 0x7f : 0xff }
        fixCRC(&huge, chunkAt: 8)
        #expect(throws: PNGError.tooLarge(width: 0x7fff_ffff, height: 0x7fff_ffff, limit: "max width 16777216")) {
            try PNGDecoder().decode(huge)
        }
    }

    @Test func emptyAndTruncatedFilesAreTypedErrors() {
        #expect(throws: PNGError.badSignature(offset: 0)) { try PNGDecoder().decode([]) }
        for cut in 1..<Self.small.count - 12 {
            do {
                _ = try PNGDecoder().decode(Array(Self.small[0..<cut]))
                Issue.record("cut at \(cut) decoded")
            } catch {
                // Every prefix fails with a message (the exact kind depends on where).
                #expect(!error.description.isEmpty)
            }
        }
    }

    @Test func crcErrorsNameTheChunkAndOffset() {
        var bad = Self.small
        bad[8 + 8 + 5] ^= 0x10 // a byte inside IHDR data
        do {
            _ = try PNGDecoder().decode(bad)
            Issue.record("decoded")
        } catch {
            guard case let .badCRC(chunk, offset, _, _) = error else { Issue.record("\(error)"); return }
            #expect(chunk == "IHDR" && offset == 8)
        }
    }

    @Test func invalidFilterTypeIsReported() throws {
        // Build a 2x2 gray image with filter byte 5 on row 1.
        let raw: [UInt8] = [0, 10, 20, 5, 30, 40]
        var w = PNGChunkWriter()
        w.append("IHDR", PNGChunkWriter.be32(2) + PNGChunkWriter.be32(2) + [8, 0, 0, 0, 0])
        w.append("IDAT", Deflate.zlib(raw))
        w.append("IEND", [])
        #expect(throws: PNGError.invalidFilter(5, row: 1, pass: 0)) { try PNGDecoder().decode(w.bytes) }
    }

    @Test func shortImageDataAndUnknownCriticalChunks() {
        var w = PNGChunkWriter()
        w.append("IHDR", PNGChunkWriter.be32(2) + PNGChunkWriter.be32(2) + [8, 0, 0, 0, 0])
        w.append("IDAT", Deflate.zlib([0, 1, 2]))
        #expect(throws: PNGError.imageDataTooShort(expected: 6, actual: 3)) { try PNGDecoder().decode(w.bytes) }
        var u = PNGChunkWriter()
        u.append("IHDR", PNGChunkWriter.be32(1) + PNGChunkWriter.be32(1) + [8, 0, 0, 0, 0])
        u.append("ABCD", [])
        #expect(throws: PNGError.unknownCriticalChunk("ABCD", offset: 33)) { try PNGDecoder().decode(u.bytes) }
    }

    @Test func badZlibIsReportedAtItsFileOffset() {
        var w = PNGChunkWriter()
        w.append("IHDR", PNGChunkWriter.be32(1) + PNGChunkWriter.be32(1) + [8, 0, 0, 0, 0])
        w.append("IDAT", [0x78, 0x9c, 0xff, 0xff])
        do {
            _ = try PNGDecoder().decode(w.bytes)
            Issue.record("decoded")
        } catch {
            guard case let .badZlibStream(_, offset) = error else { Issue.record("\(error)"); return }
            #expect(offset >= 41 && offset <= 45) // inside the IDAT payload (starts at 41)
            #expect(error.description.contains("bad zlib stream"))
        }
    }

    @Test func paletteIndexWithoutPLTEIsRejected() {
        var w = PNGChunkWriter()
        w.append("IHDR", PNGChunkWriter.be32(1) + PNGChunkWriter.be32(1) + [8, 3, 0, 0, 0])
        w.append("IDAT", Deflate.zlib([0, 0]))
        #expect(throws: PNGError.invalidPalette("colour type 3 without a PLTE chunk", offset: 0)) {
            try PNGDecoder().decode(w.bytes)
        }
    }

    func fixCRC(_ bytes: inout [UInt8], chunkAt offset: Int) {
        let len = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        let crc = CRC32.checksum(Array(bytes[(offset + 4)..<(offset + 8 + len)]))
        let at = offset + 8 + len
        bytes[at] = UInt8(crc >> 24); bytes[at + 1] = UInt8((crc >> 16) & 0xff)
        bytes[at + 2] = UInt8((crc >> 8) & 0xff); bytes[at + 3] = UInt8(crc & 0xff)
    }
}

@Suite struct PNGChecksumOptionTests {
    @Test func checksumsCanBeIgnoredLikeBrowsers() throws {
        let img = PNGEncoderTests.photoLike(width: 4, height: 4, alpha: true)
        var bytes = PNGEncoder().encode(img)
        bytes[bytes.count - 13] ^= 0xff // last byte of the IDAT CRC
        #expect(throws: PNGError.self) { try PNGDecoder().decode(bytes) }
        #expect(try PNGDecoder(verifyChecksums: false).decode(bytes) == img)
    }
}
