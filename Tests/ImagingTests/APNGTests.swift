import Testing
@testable import Imaging

@Suite struct APNGTests {
    /// Files written by Pillow (Tests/Fixtures/apng/make-apng-fixtures.py) with every
    /// dispose and blend op and cropped sub-frames; expected canvases come from Pillow's
    /// decode of each frame composited by the APNG spec's formulas in that script.
    @Test func pillowFilesCompositeAsTheSpecSays() throws {
        let rows = try PNGFixtures.text("apng/expected.tsv").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count == 25)
        var images: [String: APNGImage] = [:]
        for row in rows {
            let f = row.split(separator: "\t").map(String.init)
            let dash = f[0].lastIndex(of: "-")!
            let name = String(f[0][..<dash]), index = Int(f[0][f[0].index(after: dash)...])!
            if images[name] == nil { images[name] = try APNGImage(bytes: try PNGFixtures.bytes("apng/\(name).png")) }
            let apng = images[name]!
            #expect(apng.formatName == "APNG" && apng.frameCount == 5 && apng.loopCount == .times(3))
            let frame = try apng.frame(at: index)
            #expect(frame.width == Int(f[1]) && frame.height == Int(f[2]))
            #expect(frame.rgbaHash == UInt64(f[3], radix: 16), "\(f[0])")
        }
        // Random access backwards restarts and still matches.
        let mixed = images["apng-mixed"]!
        let last = try mixed.frame(at: 4)
        _ = try mixed.frame(at: 1)
        #expect(try mixed.frame(at: 4) == last)
        mixed.releaseMemory()
        #expect(try mixed.frame(at: 4) == last)
        #expect(mixed.frameInfo(at: 1).rect == PixelRect(x: 4, y: 2, width: 41, height: 28))
        #expect(mixed.frameInfo(at: 1).disposal == .previous && mixed.frameInfo(at: 1).blend == .over)
        #expect(mixed.frameInfo(at: 3).delay.milliseconds == 10)
    }

    @Test func plainReaderSeesTheDefaultImage() throws {
        let bytes = try PNGFixtures.bytes("apng/apng-mixed.png")
        let still = try PNGDecoder().decode(bytes)
        let apng = try APNGImage(bytes: bytes)
        #expect(try apng.frame(at: 0) == still)
        let plain = try APNGImage(bytes: bytes, animated: false)
        #expect(plain.frameCount == 1 && plain.formatName == "PNG")
        let viaDispatch = try AnimatedImageDecoder.decode(bytes)
        #expect(viaDispatch.frameCount == 5)
    }

    static func solid(_ w: Int, _ h: Int, _ c: (UInt8, UInt8, UInt8, UInt8)) -> Image {
        var img = Image(width: w, height: h)
        for y in 0..<h { for x in 0..<w { img[x, y] = c } }
        return img
    }

    @Test func ownEncoderRoundTripsEveryOp() throws {
        let bg = Self.solid(6, 4, (10, 20, 30, 255))
        let frames = [
            APNGEncoder.Frame(bg, delay: .milliseconds(50)),
            APNGEncoder.Frame(Self.solid(2, 2, (200, 0, 0, 128)), x: 1, y: 1, disposal: .previous, blend: .over),
            APNGEncoder.Frame(Self.solid(2, 1, (0, 255, 0, 255)), x: 4, y: 3, disposal: .background, blend: .source),
            APNGEncoder.Frame(Self.solid(1, 1, (0, 0, 255, 0)), x: 0, y: 0, blend: .source),
        ]
        let bytes = APNGEncoder().encode(width: 6, height: 4, frames: frames, loopCount: .forever)
        let apng = try APNGImage(bytes: bytes)
        #expect(apng.frameCount == 4 && apng.loopCount == .forever)
        #expect(try apng.frame(at: 0) == bg)
        // Frame 1: OVER with alpha 128 on opaque: (200*128*255 + 10*127*255) / (128*255 + 127*255).
        let f1 = try apng.frame(at: 1)
        let u: Int = 128 * 255, v: Int = 127 * 255
        let r = UInt8((200 * u + 10 * v) / (u + v))
        let g = UInt8((20 * v) / (u + v))
        #expect(f1[1, 1] == (r, g, f1[1, 1].b, 255) && f1[0, 0] == (10, 20, 30, 255))
        // Frame 2: frame 1 disposed to previous (background colour back), new green pixels.
        let f2 = try apng.frame(at: 2)
        #expect(f2[1, 1] == (10, 20, 30, 255) && f2[4, 3] == (0, 255, 0, 255) && f2[5, 3] == (0, 255, 0, 255))
        // Frame 3: frame 2's rect cleared to transparent; SOURCE writes a transparent pixel.
        let f3 = try apng.frame(at: 3)
        #expect(f3[4, 3] == (0, 0, 0, 0) && f3[0, 0] == (0, 0, 255, 0) && f3[1, 0] == (10, 20, 30, 255))
        // The default image is frame 0 for plain readers.
        #expect(try PNGDecoder().decode(bytes) == bg)
    }

    @Test func brokenSequenceNumbersAreRejected() throws {
        let frames = [APNGEncoder.Frame(Self.solid(2, 2, (1, 2, 3, 255))), APNGEncoder.Frame(Self.solid(2, 2, (4, 5, 6, 255)))]
        var bytes = APNGEncoder().encode(width: 2, height: 2, frames: frames, loopCount: .once)
        // Find the second fcTL and bump its sequence number (then fix its CRC).
        let s = try PNGDecoder.withBytes(bytes) { (raw) throws(PNGError) in try PNGStructure.parse(raw, limits: .default) }
        let fctl = s.apngChunks.filter { $0.type == PNGStructure.fcTL }[1]
        bytes[fctl.data.lowerBound + 3] = 7
        PNGDecoderErrorTests().fixCRC(&bytes, chunkAt: fctl.offset)
        #expect(throws: PNGError.invalidAnimation("sequence number 7, expected 1", offset: fctl.offset)) {
            try APNGImage(bytes: bytes)
        }
        // A plain reader still sees the default image.
        #expect(try PNGDecoder().decode(bytes) == Self.solid(2, 2, (1, 2, 3, 255)))
        // Too many frames for the limits.
        let ok = APNGEncoder().encode(width: 2, height: 2, frames: frames, loopCount: .once)
        #expect(throws: PNGError.self) { try APNGImage(bytes: ok, limits: ImageLimits(maxFrames: 1)) }
        #expect(throws: AnimationError.frameIndexOutOfRange(index: 2, frameCount: 2)) { try APNGImage(bytes: ok).frame(at: 2) }
    }
}
