import Testing
@testable import Imaging

/// Issue 26 items 4 and 5: an image's header says its canvas without decoding, an emoji
/// image has a canvas limit, and a library keeps all decoded images of a run within a
/// budget.
@Suite struct ImageHeaderTests {
    typealias S = GIFTestSupport

    @Test func headersOfEveryFormat() throws {
        let px = Image(width: 3, height: 2, pixels: [UInt8](repeating: 200, count: 24))!
        #expect(try ImageHeader.probe(PNGEncoder().encode(px)) == ImageHeader(format: .png, width: 3, height: 2, frameCount: 1))
        let apng = APNGEncoder().encode(width: 3, height: 2, frames: [APNGEncoder.Frame(px), APNGEncoder.Frame(px)], loopCount: .forever)
        let a = try ImageHeader.probe(apng)
        #expect(a == ImageHeader(format: .png, width: 3, height: 2, frameCount: 2))
        #expect(a.description == "APNG 3x2, 2 frames")
        let gif = HostileImageTests.manyTinyFrames(screen: 10000, 10000, count: 1)
        #expect(try ImageHeader.probe(gif) == ImageHeader(format: .gif, width: 10000, height: 10000, frameCount: nil))
        #expect(try ImageHeader.probe(Array("P6\n# c\n640 480\n255\n".utf8)) == ImageHeader(format: .ppm, width: 640, height: 480, frameCount: 1))
        // The canvas limit of an emoji image, from the header alone.
        #expect(try ImageHeader.probe(gif).violation(of: .emoji) == "canvas 10000x10000 exceeds max width 4096")
        #expect(try ImageHeader.probe(PNGEncoder().encode(px)).violation(of: .emoji) == nil)
        #expect(ImageLimits.emoji.allows(width: 4096, height: 4096) && !ImageLimits.emoji.allows(width: 4097, height: 1))
    }

    @Test func brokenHeadersAreTypedErrors() {
        let png = PNGEncoder().encode(Image(width: 1, height: 1))
        var badCRC = png
        badCRC[29] ^= 1
        let cases: [([UInt8], String)] = [
            ([], "empty file"), (Array("hello".utf8), "not a GIF, PNG or PPM"),
            (Array("GIF89a\u{1}".utf8), "ends inside the screen descriptor"),
            (Array(png.prefix(20)), "ends inside the IHDR chunk"), (badCRC, "IHDR checksum mismatch"),
            (Array(png.prefix(8)) + [0, 0, 0, 13] + Array("IDAT".utf8) + [UInt8](repeating: 0, count: 17), "not a 13-byte IHDR"),
            (Array("P6 12".utf8), "PPM header"),
        ]
        for (bytes, words) in cases {
            #expect { try ImageHeader.probe(bytes) } throws: { e in "\(e)".contains(words) }
        }
    }

    /// A GIF of a `side x side` screen with one 1x1 frame: 800 bytes that decode to a
    /// side^2 * 4 canvas.
    static func canvasGIF(_ side: Int) -> [UInt8] { HostileImageTests.manyTinyFrames(screen: side, side, count: 1) }

    @Test func aLibraryKeepsAllDecodedImagesWithinItsBudget() throws {
        let library = ImageLibrary(limits: .emoji)
        library.decodedByteBudget = 40 << 20
        // Twelve emoji of 2048x2048 (16 MB each decoded): 192 MB without a budget (the
        // hostile run does thirty at 4096x4096 under a 2 GB ulimit).
        for i in 0..<12 { library.register("g\(i)", bytes: Self.canvasGIF(2048)) }
        let cache = FrameCache()
        let slack = (16 << 20) + (1 << 20) // the image drawn last, measured at the next lookup
        for round in 0..<2 {
            for i in 0..<12 {
                let image = try library.image(named: "g\(i)")
                let frame = try cache.frame(of: image, at: 0)
                #expect(frame.width == 2048 && frame.pixels[0] == 7, "round \(round) g\(i)")
                #expect(library.decodedBytesHeld <= library.decodedByteBudget + slack)
            }
        }
        #expect(library.peakDecodedBytes <= library.decodedByteBudget + slack)
        #expect(library.peakDecodedBytes > 16 << 20)
        #expect(library.budgetReleases > 8)
        // An emoji past the canvas limit is refused before anything is allocated.
        library.register("huge", bytes: Self.canvasGIF(10000))
        #expect { try library.image(named: "huge") } throws: { e in "\(e)".contains("10000x10000 exceeds the limits") }
        // A frame larger than the whole budget is refused too.
        let small = ImageLibrary()
        small.decodedByteBudget = 1 << 20
        small.register("big", bytes: Self.canvasGIF(1024))
        #expect { try small.image(named: "big") } throws: { e in "\(e)".contains("more than the 1048576 bytes") }
        small.register("ok", bytes: Self.canvasGIF(16))
        #expect(try small.image(named: "ok").canvasWidth == 16)
    }

    @Test func aReleasedImageDecodesTheSameAgain() throws {
        let library = ImageLibrary()
        library.decodedByteBudget = 300 // one 8x8 canvas (256 bytes) and a little
        let frames = S.frames(count: 12, width: 8, height: 8, colors: 16, transparent: true, seed: 3)
        let bytes = try GIFEncoder.encode(frames.map { GIFEncoder.Frame(image: $0, delayCentiseconds: 10) })
        library.register("a", bytes: bytes)
        library.register("b", bytes: bytes)
        let reference = try GIFImage(bytes: bytes)
        for i in 0..<12 {
            // Alternating lookups make each image release the other's memory.
            for name in ["a", "b"] {
                #expect(try library.image(named: name).frame(at: i) == reference.frame(at: i), "\(name) \(i)")
            }
        }
        #expect(library.budgetReleases > 0)
    }

    /// A name registered again starts over: the old image's measured bytes leave the
    /// total, and its content bounds are computed anew.
    @Test func aNameRegisteredAgainStartsOver() throws {
        let library = ImageLibrary()
        library.register("e", bytes: Self.canvasGIF(64))   // a 64x64 canvas holding one pixel
        let gifBounds = try #require(library.contentBounds(named: "e"))
        #expect(gifBounds.width == 1 && gifBounds.height == 1)
        _ = try library.image(named: "e").frame(at: 0)
        _ = try library.image(named: "e")   // measured after its decode
        #expect(library.decodedBytesHeld >= 64 * 64 * 4)
        var dot = Image(width: 40, height: 40)
        for c in 0..<4 { dot.pixels[(10 * 40 + 20) * 4 + c] = 255 }
        library.register("e", bytes: PNGEncoder().encode(dot))
        #expect(library.decodedBytesHeld == 0)
        #expect(library.contentBounds(named: "e") == PixelRect(x: 20, y: 10, width: 1, height: 1))
        #expect(library.contentBounds(named: "missing") == nil)
        #expect(library.names == ["e"])
    }
}
