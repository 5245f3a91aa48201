import Testing
@testable import Imaging

@Suite struct ImageLibraryTests {
    func gifBytes(_ frames: Int, size: Int = 4, seed: UInt64 = 1) throws -> [UInt8] {
        let imgs = GIFTestSupport.frames(count: frames, width: size, height: size, colors: 3, transparent: true, seed: seed)
        return try GIFEncoder.encode(imgs.map { GIFEncoder.Frame(image: $0, delayCentiseconds: 7) })
    }

    @Test func registeredBytesDecodeLazilyAndOnce() throws {
        let lib = ImageLibrary()
        lib.register("f056.gif", bytes: try gifBytes(3))
        lib.register("broken.gif", bytes: Array("GIF89a".utf8))
        lib.register("junk.bin", bytes: [1, 2, 3])
        #expect(lib.names == ["broken.gif", "f056.gif", "junk.bin"])
        #expect(lib.format(of: "f056.gif") == .gif)
        #expect(lib.format(of: "junk.bin") == nil)
        let a = try lib.image(named: "f056.gif")
        #expect(a === (try lib.image(named: "f056.gif")))
        #expect(a.frameCount == 3 && a.isAnimated && a.formatName == "GIF")
        // Metadata only: a GIF's frames decode when drawn (AnimatedImage reads frame info,
        // as the library does on first use).
        let gif = try GIFImage(bytes: try gifBytes(3))
        _ = AnimatedImage(source: gif)
        #expect(gif.framesDecoded == 0)
        #expect(throws: ImageLibrary.Failure.self) { try lib.image(named: "broken.gif") }
        do {
            _ = try lib.image(named: "junk.bin")
            Issue.record("junk decoded")
        } catch {
            #expect("\(error)" == "junk.bin: not a GIF, PNG or PPM file (first bytes: 01 02 03)")
        }
        #expect("\(ImageLibrary.Failure.unknownName("x"))" == "no image named 'x'")
        #expect(throws: ImageLibrary.Failure.self) { try lib.image(named: "nope") }
    }

    @Test func sequencesOfStillsAreOneAnimation() throws {
        let lib = ImageLibrary()
        var red = Image(width: 2, height: 2)
        red[0, 0] = (255, 0, 0, 255)
        var big = Image(width: 4, height: 4)
        big[3, 3] = (0, 0, 255, 255)
        lib.register("a", image: AnimatedImage(still: red))
        lib.register("b", image: AnimatedImage(still: big))
        lib.registerSequence("seq", frames: ["a", "b", "a"], delay: .milliseconds(250), loopCount: .times(2))
        let seq = try lib.image(named: "seq")
        #expect(seq.frameCount == 3 && seq.canvasWidth == 4 && seq.canvasHeight == 4 && seq.loopCount == .times(2))
        #expect(seq.frameInfo(at: 0).rect == PixelRect(x: 1, y: 1, width: 2, height: 2))
        #expect(seq.playbackTicks.allSatisfy { $0 == 180_000 })
        let f0 = try seq.frame(at: 0)
        #expect(f0[1, 1] == (255, 0, 0, 255) && f0[0, 0].a == 0)
        #expect(try seq.frame(at: 1) == big)
        lib.registerSequence("loop", frames: ["seq"], delay: .milliseconds(1))
        #expect(throws: ImageLibrary.Failure.self) { try lib.image(named: "loop") }
        #expect(throws: AnimationError.emptySequence) { try ImageSequenceSource(stills: [], delay: .milliseconds(1)) }
    }

    @Test func sniffing() {
        #expect(ImageFormat.sniff(Array("GIF87a".utf8)) == .gif)
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageFormat.sniff(Array("P6\n".utf8)) == .ppm)
        #expect(ImageFormat.sniff(Array("GIF8".utf8)) == nil)
        #expect(ImageFormat.sniff([]) == nil)
    }

    @Test func stillsAndFrameIndexChecks() throws {
        let still = AnimatedImage(still: Image(width: 3, height: 2), name: "s")
        #expect(still.frameCount == 1 && !still.isAnimated && still.loopCount == .once && still.frameByteCount == 24)
        #expect(throws: AnimationError.frameIndexOutOfRange(index: 1, frameCount: 1)) { try still.frame(at: 1) }
        let gif = try AnimatedImageDecoder.decode(try gifBytes(2))
        #expect(throws: AnimationError.frameIndexOutOfRange(index: -1, frameCount: 2)) { try gif.frame(at: -1) }
        #expect(throws: AnimatedImageDecoder.Failure.empty) { try AnimatedImageDecoder.decode([]) }
        #expect(LoopCount(storedValue: 0) == .forever && LoopCount.times(3).storedValue == 3)
        #expect("\(LoopCount.once)" == "once" && "\(LoopCount.forever)" == "forever")
    }
}
