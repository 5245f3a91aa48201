import Testing
@testable import Imaging

/// Issue 47, item 15: decoders' canvases and checkpoints stay within the library's budget
/// when frames are asked of the frame cache (as players do), and one GIF with a large
/// canvas keeps no more than `GIFImage.maxCheckpointBytes` of checkpoints.
@Suite struct DecodedStateBudgetTests {
    typealias F = GIFCompositingPropertyTests.RawFrame

    /// `count` 1x1 frames (kept, no restart point after frame 0) on a `side x side` canvas.
    static func smallFramesOnLargeCanvas(side: Int, count: Int) -> (bytes: [UInt8], frames: [F]) {
        let frames = (0..<count).map { k in
            F(rect: PixelRect(x: k, y: k, width: 1, height: 1), disposal: 1, transparent: nil, interlaced: false,
              indices: [UInt8(1 + k % 7)])
        }
        return (GIFCompositingPropertyTests.build(width: side, height: side, frames: frames), frames)
    }

    @Test func decodesThroughTheCacheAreMeasuredAndTrimmedAtOnce() throws {
        let library = ImageLibrary()
        let gif = Self.smallFramesOnLargeCanvas(side: 64, count: 6).bytes   // a 16 KiB canvas each
        for i in 0..<4 { library.register("g\(i).gif", bytes: gif) }
        library.decodedByteBudget = 40_000                                   // about two canvases
        // Nothing is kept by the cache: every frame a player shows is decoded.
        let cache = FrameCache(byteBudget: 0, library: library)
        var images: [AnimatedImage] = []
        for i in 0..<4 { images.append(try library.image(named: "g\(i).gif")) }
        // As players do: the images were looked up once; frames come from the cache.
        for step in 0..<6 {
            for image in images { _ = try cache.frame(of: image, at: step) }
            let held = images.reduce(0) { $0 + $1.retainedByteCount }
            #expect(held <= library.decodedByteBudget, "step \(step): \(held) bytes held")
            #expect(library.decodedBytesHeld == held)
        }
        #expect(library.budgetReleases > 0)
        // Released images decode again, to the same pixels.
        let fresh = try GIFImage(bytes: gif)
        #expect(try cache.frame(of: images[0], at: 5) == (try fresh.frame(at: 5)))
    }

    @Test func contentBoundsMeasuresWhatItDecoded() throws {
        let library = ImageLibrary()
        let gif = Self.smallFramesOnLargeCanvas(side: 64, count: 6).bytes
        for i in 0..<3 { library.register("g\(i).gif", bytes: gif) }
        library.decodedByteBudget = 40_000
        for i in 0..<3 { _ = library.contentBounds(named: "g\(i).gif") }
        let held = try (0..<3).reduce(0) { $0 + (try library.image(named: "g\($1).gif")).retainedByteCount }
        #expect(held <= library.decodedByteBudget)
    }

    @Test func aLargeCanvasKeepsCheckpointsWithinTheirBudget() throws {
        // 2048x2048 (16 MiB a canvas), 40 frames every 4: nine checkpoints unbounded.
        let (bytes, frames) = Self.smallFramesOnLargeCanvas(side: 2048, count: 40)
        let gif = try GIFImage(bytes: bytes, checkpointInterval: 4)
        _ = try gif.frame(at: 39)
        let canvas = 2048 * 2048 * 4
        #expect(gif.checkpointCount == GIFImage.maxCheckpointBytes / canvas)
        #expect(gif.retainedByteCount <= canvas + GIFImage.maxCheckpointBytes + 65_536)
        // A seek backwards past the checkpoints still gives the browser's pixels.
        let back = try gif.frame(at: 30)
        #expect(back == GIFCompositingPropertyTests.reference(width: 2048, height: 2048, frames: frames, upTo: 30))
    }
}
