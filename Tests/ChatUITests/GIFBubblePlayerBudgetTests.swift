import Testing
import SimCore
import Imaging
@testable import ChatUI

/// Issue 47, item 15: a player whose frames are larger than the frame cache's whole
/// budget does not composite a canvas on every tick only to drop it; frames it can keep
/// are still fetched as they change.
@Suite struct GIFBubblePlayerBudgetTests {
    /// A `side x side` screen with `frames` 1x1 frames of 10 cs each (2-colour palette).
    static func gif(side: Int, frames: Int) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        var b = Array("GIF89a".utf8) + le16(side) + le16(side) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        for i in 0..<frames {
            b += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
            b += [0x2C] + le16(i) + le16(0) + le16(1) + le16(1) + [0]
            b += [2, 2, 0x4C, 0x01, 0]   // min code size 2: clear, index 1, end
        }
        return b + [0x3B]
    }

    func ticks(_ player: GIFBubblePlayer) {
        player.start(at: SimInstant(ticks: 0))
        for k in 1...120 { _ = player.tick(at: SimInstant(ticks: Int64(k) * 6_000)) }   // 1 s at 120 Hz
    }

    @Test func framesLargerThanTheCacheAreNotFetchedOnEveryTick() throws {
        let cache = FrameCache(byteBudget: 1 << 20)                  // 1 MiB
        let large = try AnimatedImageDecoder.decode(Self.gif(side: 1024, frames: 4))   // 4 MiB a frame
        let player = GIFBubblePlayer(image: large, cache: cache)
        ticks(player)
        #expect(player.frameIndex != 0)                                // it plays
        #expect(player.framesRequested == 0)
        #expect(cache.statistics.decodes == 0)
        #expect(large.retainedByteCount == 0)
    }

    @Test func framesTheCacheKeepsAreFetchedAsTheyChange() throws {
        let cache = FrameCache(byteBudget: 1 << 20)
        let small = try AnimatedImageDecoder.decode(Self.gif(side: 64, frames: 4))
        let player = GIFBubblePlayer(image: small, cache: cache)
        ticks(player)
        #expect(player.framesRequested == 4)                            // each frame once (it plays once)
        #expect(cache.statistics.decodes == 4)
    }
}
