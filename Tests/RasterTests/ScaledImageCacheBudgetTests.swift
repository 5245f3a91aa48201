import Imaging
import Testing
@testable import Raster

/// Issue 47, item 15: the canvas's scaled-image cache keeps each source image to compare
/// it on a hit; those sources are bounded in bytes, not only in count, and a huge one
/// (a 4096x4096 emoji canvas) is not kept at all.
@Suite struct ScaledImageCacheBudgetTests {
    static func key(_ i: Int) -> ScaledImage.Key {
        ScaledImage.Key(name: "e\(i)", frameIndex: 0, width: 2, height: 2, crop: PixelRect(x: 0, y: 0, width: 2, height: 2))
    }

    @Test func sourcesStayWithinTheByteLimit() throws {
        var cache = ScaledImageCache()
        let source = try #require(Image(width: 1024, height: 1024, pixels: [UInt8](repeating: 255, count: 1024 * 1024 * 4)))
        for i in 0..<40 {
            cache.store(Self.key(i), ScaledImage(source, width: 2, height: 2))
            #expect(cache.sourceBytesHeld <= cache.byteLimit)
            #expect(cache.lookup(Self.key(i), source: source) != nil)   // the latest is always kept
        }
    }

    @Test func aSourceLargerThanAQuarterOfTheLimitIsNotKept() throws {
        var cache = ScaledImageCache()
        let side = 2100   // 17.6 MB
        let big = try #require(Image(width: side, height: side, pixels: [UInt8](repeating: 0, count: side * side * 4)))
        cache.store(Self.key(0), ScaledImage(big, width: 2, height: 2))
        #expect(cache.lookup(Self.key(0), source: big) == nil)
        #expect(cache.sourceBytesHeld == 0)
        cache.storeTrim("e0", frame0: big, bounds: nil)
        #expect(cache.trim("e0", frame0: big) == nil)
    }
}
