import Testing
@testable import Imaging

@Suite struct GIFEncoderTests {
    typealias S = GIFTestSupport

    /// What a decoder must give back: transparent pixels as 0,0,0,0.
    func normalized(_ img: Image) -> Image {
        var out = img
        for i in stride(from: 0, to: out.pixels.count, by: 4) where out.pixels[i + 3] == 0 {
            out.pixels[i] = 0; out.pixels[i + 1] = 0; out.pixels[i + 2] = 0
        }
        return out
    }

    @Test(arguments: [(2, false), (3, true), (17, false), (200, true), (255, true), (256, false)])
    func roundTripIsExactUpTo256Colours(colors: Int, transparent: Bool) throws {
        let frames = S.frames(count: 3, width: 29, height: 17, colors: colors, transparent: transparent, seed: UInt64(colors))
        let delays = [10, 0, 250]
        let bytes = try GIFEncoder.encode(zip(frames, delays).map { GIFEncoder.Frame(image: $0, delayCentiseconds: $1) },
                                          loopCount: .times(3))
        let gif = try GIFImage(bytes: bytes)
        #expect(gif.frameCount == 3)
        #expect(gif.metadata.netscapeLoopCount == 3)
        #expect(gif.loopCount == .times(3))
        #expect((0..<3).map { gif.metadata.frames[$0].delayCentiseconds } == delays)
        for i in 0..<3 { #expect(try gif.frame(at: i) == normalized(frames[i]), "frame \(i)") }
        #expect(gif.decodeIssues.isEmpty)
        #expect(gif.issue == nil)
    }

    @Test func moreThan256ColoursAreQuantizedCloseAndDeterministically() throws {
        var img = Image(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { img[x, y] = (UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2), 255) } }
        let frames = [GIFEncoder.Frame(image: img, delayCentiseconds: 5)]
        let a = try GIFEncoder.encode(frames)
        let b = try GIFEncoder.encode(frames)
        #expect(a == b)
        let out = try GIFImage(bytes: a).frame(at: 0)
        var worst = 0
        for i in 0..<(64 * 64 * 4) where i % 4 != 3 { worst = max(worst, abs(Int(out.pixels[i]) - Int(img.pixels[i]))) }
        #expect(worst <= 24, "worst channel error \(worst)")
        #expect(out.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }

    @Test func interlacedRoundTrip() throws {
        for h in [1, 2, 5, 9, 17] {
            let frames = GIFTestSupport.frames(count: 2, width: 7, height: h, colors: 300, transparent: true, seed: UInt64(h))
            let bytes = try GIFEncoder.encode(frames.map { GIFEncoder.Frame(image: $0, delayCentiseconds: 3) }, interlaced: true)
            let gif = try GIFImage(bytes: bytes)
            #expect(gif.metadata.frames.allSatisfy { $0.interlaced })
            let plain = try GIFImage(bytes: try GIFEncoder.encode(frames.map { GIFEncoder.Frame(image: $0, delayCentiseconds: 3) }))
            for i in 0..<2 { #expect(try gif.frame(at: i) == plain.frame(at: i), "height \(h) frame \(i)") }
        }
    }

    @Test func opaqueAnimationsStoreOnlyWhatChanged() throws {
        var a = Image(width: 40, height: 30)
        for y in 0..<30 { for x in 0..<40 { a[x, y] = (UInt8((x + y) % 50 * 5), 40, 90, 255) } }
        var b = a
        b[5, 7] = (255, 0, 0, 255)
        b[9, 12] = (0, 255, 0, 255)
        let frames = [a, b, b, a].map { GIFEncoder.Frame(image: $0, delayCentiseconds: 5) }
        let gif = try GIFImage(bytes: try GIFEncoder.encode(frames))
        #expect(gif.metadata.frames.map(\.rect) == [PixelRect(x: 0, y: 0, width: 40, height: 30),
                                                     PixelRect(x: 5, y: 7, width: 5, height: 6),
                                                     PixelRect(x: 0, y: 0, width: 1, height: 1),
                                                     PixelRect(x: 5, y: 7, width: 5, height: 6)])
        for (i, want) in [a, b, b, a].enumerated() { #expect(try gif.frame(at: i) == want, "frame \(i)") }
        let plain = try GIFImage(bytes: try GIFEncoder.encode(frames, optimizeFrames: false))
        #expect(plain.metadata.frames.allSatisfy { $0.rect.area == 1200 })
        for i in [3, 0, 2] { #expect(try plain.frame(at: i) == gif.frame(at: i)) }
        // Interlaced sub-rects too.
        let inter = try GIFImage(bytes: try GIFEncoder.encode(frames, interlaced: true))
        for i in [1, 3, 2] { #expect(try inter.frame(at: i) == gif.frame(at: i)) }
    }

    @Test func loopCountEncodings() throws {
        let f = [GIFEncoder.Frame(image: Image(width: 1, height: 1), delayCentiseconds: 1)]
        #expect(try GIFImage(bytes: GIFEncoder.encode(f, loopCount: .once)).metadata.netscapeLoopCount == nil)
        #expect(try GIFImage(bytes: GIFEncoder.encode(f, loopCount: .forever)).loopCount == .forever)
        #expect(try GIFImage(bytes: GIFEncoder.encode(f, loopCount: .times(7))).loopCount == .times(7))
    }

    @Test func badInputIsRejected() {
        #expect(throws: GIFEncoder.Failure.noFrames) { try GIFEncoder.encode([]) }
        let a = GIFEncoder.Frame(image: Image(width: 2, height: 2), delayCentiseconds: 1)
        let b = GIFEncoder.Frame(image: Image(width: 3, height: 2), delayCentiseconds: 1)
        #expect(throws: GIFEncoder.Failure.frameSizeMismatch(index: 1)) { try GIFEncoder.encode([a, b]) }
        let c = GIFEncoder.Frame(image: Image(width: 2, height: 2), delayCentiseconds: 70000)
        #expect(throws: GIFEncoder.Failure.delayOutOfRange(index: 0)) { try GIFEncoder.encode([c]) }
    }

    @Test func quantizerIsExactWhenItCanBe() {
        let h = ColorQuantizer.histogram([3, 1, 2, 3, 3])
        #expect(h.map(\.color) == [1, 2, 3])
        #expect(h.map(\.count) == [1, 1, 3])
        #expect(ColorQuantizer.palette(histogram: h, maxColors: 3) == [1, 2, 3])
        let two = ColorQuantizer.palette(histogram: [(0x000000, 10), (0x000010, 1), (0xFF0000, 5), (0xFF0010, 5)], maxColors: 2)
        #expect(two.count == 2)
        #expect(ColorQuantizer.nearest(0xFE0001, in: two) == two.firstIndex { $0 >> 16 > 0x80 })
    }
}
