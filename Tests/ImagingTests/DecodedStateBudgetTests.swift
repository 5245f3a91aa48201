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

    @Test func contentBoundsOfAGIFScansItsFramesRectsWithTheSameResult() throws {
        // Frames at (k, k) on a 64x64 canvas, the last two transparent-free: the union of
        // every frame's full-scan bounds is what the library reports.
        let (bytes, _) = Self.smallFramesOnLargeCanvas(side: 64, count: 6)
        let library = ImageLibrary()
        library.register("g.gif", bytes: bytes)
        let gif = try GIFImage(bytes: bytes)
        var union: PixelRect?
        for i in 0..<gif.frameCount {
            guard let b = try gif.frame(at: i).contentBounds() else { continue }
            union = union.map { u in
                let x0 = min(u.x, b.x), y0 = min(u.y, b.y)
                return PixelRect(x: x0, y: y0, width: max(u.maxX, b.maxX) - x0, height: max(u.maxY, b.maxY) - y0)
            } ?? b
        }
        #expect(library.contentBounds(named: "g.gif") == union)
        let frame = try gif.frame(at: 5)
        #expect(frame.contentBounds(within: PixelRect(x: 0, y: 0, width: 6, height: 6)) == frame.contentBounds())
        #expect(frame.contentBounds(within: PixelRect(x: 40, y: 40, width: 8, height: 8)) == nil)
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
