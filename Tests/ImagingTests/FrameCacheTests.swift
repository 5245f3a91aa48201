import Testing
@testable import Imaging

@Suite struct FrameCacheTests {
    /// A 4-frame 8x8 GIF: each frame 256 bytes.
    func image(seed: UInt64 = 1) throws -> AnimatedImage {
        let frames = GIFTestSupport.frames(count: 4, width: 8, height: 8, colors: 4, transparent: false, seed: seed)
        let bytes = try GIFEncoder.encode(frames.map { GIFEncoder.Frame(image: $0, delayCentiseconds: 10) })
        return try AnimatedImageDecoder.decode(bytes, name: "t\(seed)")
    }

    @Test func hitsMissesAndDecodes() throws {
        let cache = FrameCache(byteBudget: 10_000)
        let img = try image()
        let a = try cache.frame(of: img, at: 1)
        let b = try cache.frame(of: img, at: 1)
        #expect(a == b)
        #expect(a == (try img.frame(at: 1)))
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1 && cache.statistics.decodes == 1)
        #expect(cache.statistics.bytesHeld == 256 && cache.statistics.entryCount == 1)
    }

    @Test func leastRecentlyUsedIsEvictedFirstAndTheBudgetHolds() throws {
        let cache = FrameCache(byteBudget: 3 * 256)
        let img = try image()
        for i in 0..<3 { _ = try cache.frame(of: img, at: i) }
        _ = try cache.frame(of: img, at: 0)        // 0 becomes most recent; 1 is oldest
        _ = try cache.frame(of: img, at: 3)        // evicts 1
        #expect(!cache.contains(img, frame: 1))
        #expect(cache.contains(img, frame: 0) && cache.contains(img, frame: 2) && cache.contains(img, frame: 3))
        #expect(cache.recencyOrder.map(\.index) == [3, 0, 2])
        #expect(cache.statistics.evictions == 1)
        #expect(cache.statistics.bytesHeld == 768 && cache.statistics.peakBytes == 768)
        cache.byteBudget = 256
        #expect(cache.statistics.bytesHeld == 256 && cache.recencyOrder.map(\.index) == [3])
    }

    @Test func framesLargerThanTheBudgetAreReturnedButNotKept() throws {
        let cache = FrameCache(byteBudget: 100)
        let img = try image()
        _ = try cache.frame(of: img, at: 0)
        _ = try cache.frame(of: img, at: 0)
        #expect(cache.statistics.decodes == 2 && cache.statistics.bytesHeld == 0)
    }

    @Test func purgeForMemoryWarningsAndPerImageRemoval() throws {
        let cache = FrameCache()
        let x = try image(seed: 1), y = try image(seed: 2)
        for i in 0..<4 { _ = try cache.frame(of: x, at: i); _ = try cache.frame(of: y, at: i) }
        cache.remove(x)
        #expect(cache.statistics.entryCount == 4 && !cache.contains(x, frame: 0) && cache.contains(y, frame: 0))
        cache.purge()
        #expect(cache.statistics.bytesHeld == 0 && cache.statistics.entryCount == 0)
        #expect(cache.statistics.peakBytes == 8 * 256)
        _ = try cache.frame(of: y, at: 0)
        #expect(cache.statistics.misses == 9)
        cache.resetStatistics()
        #expect(cache.statistics.misses == 0 && cache.statistics.peakBytes == 256)
    }

    @Test func randomAccessPatternKeepsInvariants() throws {
        let cache = FrameCache(byteBudget: 5 * 256)
        let imgs = try (1...3).map { try image(seed: UInt64($0)) }
        var rng = SeededRandomForTests(seed: 5)
        var recent: [(Int, Int)] = [] // model LRU
        for _ in 0..<2000 {
            let k = Int(rng.next() % 3), i = Int(rng.next() % 4)
            let f = try cache.frame(of: imgs[k], at: i)
            #expect(f.width == 8)
            recent.removeAll { $0 == (k, i) }
            recent.insert((k, i), at: 0)
            if recent.count > 5 { recent.removeLast() }
            #expect(cache.statistics.bytesHeld <= 5 * 256)
        }
        #expect(cache.recencyOrder.map(\.index) == recent.map(\.1))
        #expect(cache.statistics.hits + cache.statistics.misses == 2000)
    }
}
