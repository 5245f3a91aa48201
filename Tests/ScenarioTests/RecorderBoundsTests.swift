import Testing
import SimCore
import Imaging
import ChatUI
@testable import Scenario

/// Issue 18, item 5: `run --gif` on a 4096x4096 device held frames of 64 MiB. Recorded
/// frames are now at most `Recorder.maxFramePixels`, scaled down by a whole factor.
/// (`Recorder` is generic over its host since the core dropped `any ScenarioHost`; any
/// host gives the same statics.)
@Suite struct RecorderBoundsTests {
    @Test func reductionIsTheSmallestWholeFactorThatFits() {
        #expect(Recorder<Host<ChatScreen>>.reduction(width: 375, height: 667) == 1)
        #expect(Recorder<Host<ChatScreen>>.reduction(width: 1024, height: 1024) == 1)
        #expect(Recorder<Host<ChatScreen>>.reduction(width: 1025, height: 1024) == 2)
        #expect(Recorder<Host<ChatScreen>>.reduction(width: 4096, height: 4096) == 4)
        #expect(Recorder<Host<ChatScreen>>.reduction(width: 65_535, height: 1) == 1)
        for (w, h) in [(4096, 4096), (5000, 3000), (100_000, 100), (1500, 1500)] {
            let f = Recorder<Host<ChatScreen>>.reduction(width: w, height: h)
            #expect((w / f) * (h / f) <= Recorder<Host<ChatScreen>>.maxFramePixels)
            #expect(f == 1 || (w / (f - 1)) * (h / (f - 1)) > Recorder<Host<ChatScreen>>.maxFramePixels)
        }
    }

    @Test func fittedAveragesBlocks() throws {
        // 2050 x 1024 (over a megapixel): factor 2, the odd last column dropped.
        let w = 2050, h = 1024
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<2 { for x in 0..<2 { pixels[(y * w + x) * 4] = UInt8(10 + 20 * (y * 2 + x)) } } // 10, 30, 50, 70
        let small = Recorder<Host<ChatScreen>>.fitted(try #require(Image(width: w, height: h, pixels: pixels)))
        #expect(small.width == 1025 && small.height == 512)
        #expect(small.pixels[0] == 40)          // (10 + 30 + 50 + 70) / 4
        #expect(small.pixels[1] == 255 && small.pixels[3] == 255)
        let phone = try #require(Image(width: 375, height: 667, pixels: [UInt8](repeating: 7, count: 375 * 667 * 4)))
        #expect(Recorder<Host<ChatScreen>>.fitted(phone) == phone)
    }

    @Test func aHugeScreenRecordsMegapixelFrames() throws {
        let host = TestHost()
        host.size = Size(width: 2048, height: 2048)
        let script = try ScriptParser.parse("wait 1s", name: "t.scenario")
        let r = ScenarioRunner(records: true).run(script, configuration: ScenarioConfiguration(script: script), on: host)
        #expect(!r.recording.isEmpty)
        for f in r.recording {
            #expect(f.image.width == 1024 && f.image.height == 1024)
        }
    }
}
