import Testing
@testable import Imaging

@Suite struct PNMCodecTests {
    @Test func colourRoundTripsExactlyInBothEncodings() throws {
        let img = PNGEncoderTests.photoLike(width: 13, height: 7, alpha: false)
        for format in [PNMCodec.Format.ppmBinary, .ppmASCII] {
            #expect(try PNMCodec().decode(PNMCodec.encode(img, as: format)) == img)
        }
    }

    @Test func grayRoundTripsExactly() throws {
        var img = Image(width: 5, height: 3)
        for y in 0..<3 { for x in 0..<5 { let g = UInt8(x * 50 + y); img[x, y] = (g, g, g, 255) } }
        for format in [PNMCodec.Format.pgmBinary, .pgmASCII] {
            let bytes = PNMCodec.encode(img, as: format)
            #expect(try PNMCodec().decode(bytes) == img)
        }
        #expect(Array(PNMCodec.encode(img, as: .pgmBinary).prefix(3)) == Array("P5\n".utf8))
    }

    @Test func readsCommentsAndSixteenBitSamples() throws {
        let text = "P3\n# a comment\n2 1 # another\n65535\n65535 0 32768  0 0 65535\n"
        let img = try PNMCodec().decode(Array(text.utf8))
        #expect(img[0, 0] == (255, 0, 128, 255))
        #expect(img[1, 0] == (0, 0, 255, 255))
        let p5: [UInt8] = Array("P5 2 1 1000\n".utf8) + [0x03, 0xE8, 0x01, 0xF4]
        let g = try PNMCodec().decode(p5)
        #expect(g[0, 0] == (255, 255, 255, 255) && g[1, 0] == (128, 128, 128, 255))
    }

    @Test func errorsSayWhatAndWhere() {
        #expect(throws: PNMError.badMagic(found: "P7")) { try PNMCodec().decode(Array("P7 1 1 255".utf8)) }
        #expect(throws: PNMError.invalidNumber(what: "height", line: 2, column: 3, offset: 5)) {
            try PNMCodec().decode(Array("P6\n2 x 255\n".utf8))
        }
        #expect(throws: PNMError.unexpectedEnd(what: "maxval", line: 1, column: 7, offset: 6)) {
            try PNMCodec().decode(Array("P6 1 1".utf8))
        }
        #expect(throws: PNMError.invalidMaxval(0, line: 1, column: 8, offset: 7)) {
            try PNMCodec().decode(Array("P6 1 1 0\n".utf8))
        }
        #expect(throws: PNMError.sampleOutOfRange(9, maxval: 5, line: 2, column: 5, offset: 13)) {
            try PNMCodec().decode(Array("P2 2 1 5\n3   9\n".utf8))
        }
        #expect(throws: PNMError.unexpectedEnd(what: "raster (6 bytes)", line: 2, column: 3, offset: 13)) {
            try PNMCodec().decode(Array("P6 2 1 255\nab".utf8))
        }
        // Pixels are limited, not sides: 20000x1 is fine, 20000x10000 is 200 megapixels.
        #expect(throws: PNMError.tooLarge(width: 20000, height: 10000, limit: "max 100000000 pixels")) {
            try PNMCodec().decode(Array("P6 20000 10000 255\n".utf8))
        }
        #expect(throws: PNMError.invalidSize(width: 0, height: 4)) { try PNMCodec().decode(Array("P5 0 4 255\n".utf8)) }
    }
}
