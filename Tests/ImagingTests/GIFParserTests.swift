import Testing
@testable import Imaging

@Suite struct GIFParserTests {
    typealias S = GIFTestSupport

    func animated(frames: Int = 4) throws -> (bytes: [UInt8], images: [Image]) {
        let imgs = S.frames(count: frames, width: 20, height: 10, colors: 6, transparent: true, seed: 7)
        let bytes = try GIFEncoder.encode(imgs.map { GIFEncoder.Frame(image: $0, delayCentiseconds: 4) })
        return (bytes, imgs)
    }

    @Test func metadataWithoutDecodingPixels() throws {
        let (bytes, _) = try animated()
        let gif = try GIFImage(bytes: bytes)
        #expect(gif.framesDecoded == 0)
        #expect(gif.canvasWidth == 20 && gif.canvasHeight == 10 && gif.frameCount == 4)
        let f = gif.metadata.frames[1]
        #expect(f.rect == PixelRect(x: 0, y: 0, width: 20, height: 10))
        #expect(f.delayCentiseconds == 4 && f.disposal == .background && f.transparentIndex == 6 && !f.interlaced)
        #expect(gif.paletteRGB(forFrame: 1).count == 8 * 3)
        #expect(gif.framesDecoded == 0)
        _ = try gif.frame(at: 2)
        #expect(gif.framesDecoded == 1) // every frame of this file is a restart point
    }

    @Test func truncatedFileKeepsCompleteFramesAndReportsTheError() throws {
        let (bytes, images) = try animated()
        let full = try GIFImage(bytes: bytes)
        let third = full.metadata.frames[2]
        let cut = Array(bytes[0..<(third.dataOffset + 10)])
        let gif = try GIFImage(bytes: cut)
        #expect(gif.frameCount == 3)
        let error = try #require(gif.metadata.truncation)
        #expect(error.offset == cut.count)
        #expect(error.description.contains("ends inside image data"))
        #expect(try gif.frame(at: 0) == full.frame(at: 0))
        #expect(try gif.frame(at: 1) == full.frame(at: 1))
        _ = try gif.frame(at: 2)
        #expect(gif.decodeIssues[2] != nil)
        _ = images
    }

    @Test func everyPrefixOfAFileIsHandled() throws {
        let (bytes, _) = try animated(frames: 2)
        for n in 0..<bytes.count {
            let prefix = Array(bytes[0..<n])
            do {
                let gif = try GIFImage(bytes: prefix)
                for i in 0..<gif.frameCount { _ = try gif.frame(at: i) }
                #expect(gif.frameCount >= 1)
            } catch let e as GIFError {
                #expect(e.offset <= n)
            }
        }
    }

    @Test func errorsSayWhatAndWhere() {
        #expect(throws: GIFError(.truncated(what: "the header"), at: 0)) { try GIFParser.parse([]) }
        #expect(throws: GIFError(.notAGIF, at: 0)) { try GIFParser.parse(Array("GIF88a....".utf8)) }
        #expect(throws: GIFError(.truncated(what: "the logical screen descriptor"), at: 8)) {
            try GIFParser.parse(Array("GIF89a".utf8) + [1, 0])
        }
        // No image and no screen: nothing to show. (A screen with no image is one
        // transparent frame: see GIFEdgeCaseTests.)
        let noFrames = Array("GIF89a".utf8) + [0, 0, 0, 0, 0, 0, 0, 0x3B]
        #expect(throws: GIFError(.noFrames, at: 13)) { try GIFParser.parse(noFrames) }
        let junk = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x99]
        #expect(throws: GIFError(.unknownBlock(introducer: 0x99), at: 13)) { try GIFParser.parse(junk) }
        let badCode = S.gif(width: 1, height: 1, minCodeSize: 12, data: [0])
        #expect(throws: GIFError(.invalidLZWMinimumCodeSize(12), at: 13 + 768 + 10)) { try GIFParser.parse(badCode) }
        #expect(GIFError(.unknownBlock(introducer: 0x99), at: 13).description == "unknown block introducer 0x99 at byte 13")
    }

    @Test func limitsAreCheckedBeforeAllocating() throws {
        let wide = S.gif(width: 1, height: 1, minCodeSize: 2, data: [0], screen: (60000, 2000))
        #expect(throws: GIFError(.imageTooLarge(width: 60000, height: 2000), at: 6)) { try GIFParser.parse(wide) }
        // 16384 x 16384 passes the side limit but not the 100-megapixel one.
        let big = S.gif(width: 1, height: 1, minCodeSize: 2, data: [0], screen: (16384, 16384))
        #expect(throws: GIFError(.imageTooLarge(width: 16384, height: 16384), at: 6)) { try GIFParser.parse(big) }
        // A frame larger than the limits (the screen is small).
        let hugeFrame = S.gif(width: 60000, height: 60000, minCodeSize: 2, data: [0], screen: (10, 10))
        #expect(throws: GIFError(.imageTooLarge(width: 60000, height: 60000), at: 13 + 768 + 5)) { try GIFParser.parse(hugeFrame) }
        let (bytes, _) = try animated()
        #expect(throws: GIFError(.tooManyFrames(limit: 2), at: try GIFParser.parse(bytes).frames[2].descriptorOffset)) {
            try GIFParser.parse(bytes, limits: ImageLimits(maxFrames: 2))
        }
        #expect(throws: GIFError.self) { try GIFParser.parse(bytes, limits: ImageLimits(maxDecodedBytes: 20 * 10 * 4 * 3)) }
    }

    @Test func zeroSizedScreenTakesTheFramesBoundingBox() throws {
        let data = S.subBlocks(S.packCodes([4, 1, 2, 5], minCodeSize: 2))
        let gif = try GIFImage(bytes: S.gif(width: 2, height: 1, minCodeSize: 2, data: data, screen: (0, 0)))
        #expect(gif.canvasWidth == 2 && gif.canvasHeight == 1)
        #expect(S.greys(try gif.frame(at: 0)) == [1, 2])
    }

    @Test func randomBytesNeverCrash() {
        var rng = SeededRandomForTests(seed: 3)
        for _ in 0..<2000 {
            let n = Int(rng.next() % 200)
            var b = Array("GIF89a".utf8) + (0..<n).map { _ in UInt8(rng.next() & 0xFF) }
            if n > 8 { b[10] &= 0x87 } // keep some global tables small
            if let gif = try? GIFImage(bytes: b, limits: ImageLimits(maxPixels: 1 << 16)) {
                for i in 0..<gif.frameCount { _ = try? gif.frame(at: i) }
            }
        }
        #expect(Bool(true), "survived 2000 random files")
    }

    @Test func interlacedRowOrder() {
        // Height 10: pass 1 rows 0, 8; pass 2 row 4; pass 3 rows 2, 6; pass 4 rows 1, 3, 5, 7, 9.
        #expect((0..<10).map { GIFImage.interlacedRow($0, height: 10) } == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
        for h in 1...40 {
            #expect(Set((0..<h).map { GIFImage.interlacedRow($0, height: h) }) == Set(0..<h))
        }
    }
}
