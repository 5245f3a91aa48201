import Testing
import SimCore
@testable import Imaging

@Suite struct AnimationPlayerTests {
    /// A source with given delays (ms), for timing tests; frame pixels encode the index.
    final class TimedSource: AnimatedImageSource {
        let delays: [Int]
        let loopCount: LoopCount
        var decodes = 0
        init(_ delays: [Int], loops: LoopCount = .forever) { self.delays = delays; self.loopCount = loops }
        var canvasWidth: Int { 2 }
        var canvasHeight: Int { 2 }
        var frameCount: Int { delays.count }
        var formatName: String { "test" }
        func frameInfo(at index: Int) -> AnimationFrameInfo {
            AnimationFrameInfo(rect: PixelRect(x: 0, y: 0, width: 2, height: 2), delay: .milliseconds(delays[index]))
        }
        func frame(at index: Int) throws(AnimationError) -> Image {
            decodes += 1
            return Image(width: 2, height: 2, pixels: [UInt8](repeating: UInt8(index), count: 16))!
        }
    }

    func ms(_ v: Int) -> SimInstant { SimInstant.zero + .milliseconds(v) }

    @Test func frameIndexFollowsCumulativeDelays() {
        let p = AnimationPlayer(image: AnimatedImage(source: TimedSource([100, 200, 300])), cache: FrameCache())
        p.start(at: ms(0))
        var seen: [Int] = []
        for t in stride(from: 0, through: 1300, by: 50) { p.tick(at: ms(t)); seen.append(p.frameIndex) }
        // 0-99: 0, 100-299: 1, 300-599: 2, then again from 600.
        let want = (0...26).map { i -> Int in
            let t = (i * 50) % 600
            return t < 100 ? 0 : t < 300 ? 1 : 2
        }
        #expect(seen == want)
        #expect(p.loopsCompleted == 2)
    }

    @Test func shortDelaysPlayAs100ms() {
        #expect(FrameDelay.centiseconds(0).playbackDuration == .milliseconds(100))
        #expect(FrameDelay.centiseconds(1).playbackDuration == .milliseconds(100))
        #expect(FrameDelay.centiseconds(2).playbackDuration == .milliseconds(20))
        #expect(FrameDelay.milliseconds(10).playbackDuration == .milliseconds(100))
        #expect(FrameDelay.milliseconds(11).playbackDuration == .milliseconds(11))
        #expect(FrameDelay(numerator: 1, denominator: 3).duration == SimDuration(ticks: 240_000))
        let image = AnimatedImage(source: TimedSource([0, 20]))
        #expect(image.playbackTicks == [SimDuration.milliseconds(100).ticks, SimDuration.milliseconds(20).ticks])
    }

    @Test func finiteLoopsEndOnTheLastFrame() {
        let p = AnimationPlayer(image: AnimatedImage(source: TimedSource([100, 100, 100], loops: .times(2))), cache: FrameCache())
        p.start(at: ms(0))
        var events: [PlaybackState.Event] = []
        for t in stride(from: 10, through: 1000, by: 10) { events += p.tick(at: ms(t)) }
        #expect(p.isFinished && !p.isPlaying && p.frameIndex == 2 && p.loopsCompleted == 2)
        #expect(events.filter { if case .loopCompleted = $0 { return true } else { return false } } == [.loopCompleted(1), .loopCompleted(2)])
        #expect(events.last == .finished)
        // A late single tick gets there too, with skipping.
        let q = AnimationPlayer(image: AnimatedImage(source: TimedSource([100, 100, 100], loops: .times(2))), cache: FrameCache())
        q.start(at: ms(0))
        #expect(q.tick(at: ms(5000)) == [.loopCompleted(1), .loopCompleted(2), .frameChanged(2), .finished])
    }

    @Test func skipFramesJumpsNeverSkipShowsEveryFrame() {
        let image = AnimatedImage(source: TimedSource([100, 100, 100, 100]))
        let skip = AnimationPlayer(image: image, cache: FrameCache(), policy: .skipFrames)
        let noSkip = AnimationPlayer(image: image, cache: FrameCache(), policy: .neverSkip)
        skip.start(at: ms(0)); noSkip.start(at: ms(0))
        // One tick 250 ms late.
        skip.tick(at: ms(250)); noSkip.tick(at: ms(250))
        #expect(skip.frameIndex == 2)
        #expect(noSkip.frameIndex == 1)
        // neverSkip carries at most one frame of lateness: next tick shows frame 2.
        noSkip.tick(at: ms(266))
        #expect(noSkip.frameIndex == 2)
        noSkip.tick(at: ms(283))
        #expect(noSkip.frameIndex == 2)
        // Over many frames without lateness both agree.
        let a = AnimationPlayer(image: image, cache: FrameCache(), policy: .skipFrames)
        let b = AnimationPlayer(image: image, cache: FrameCache(), policy: .neverSkip)
        a.start(at: ms(0)); b.start(at: ms(0))
        for f in 1...120 {
            let t = SimInstant.zero + .frames(f, at: 60)
            a.tick(at: t); b.tick(at: t)
            #expect(a.frameIndex == b.frameIndex)
        }
    }

    @Test func hoursLateIsCheapAndExact() {
        let p = AnimationPlayer(image: AnimatedImage(source: TimedSource([100, 200, 300])), cache: FrameCache())
        p.start(at: ms(0))
        p.tick(at: ms(3_600_000 + 350))
        #expect(p.frameIndex == 2)          // 350 ms into a loop
        #expect(p.loopsCompleted == 6000)
    }

    @Test func stopResumeAndReset() {
        let p = AnimationPlayer(image: AnimatedImage(source: TimedSource([100, 100, 100])), cache: FrameCache())
        p.start(at: ms(0))
        p.tick(at: ms(150))
        p.stop(at: ms(180))
        #expect(p.frameIndex == 1 && !p.isPlaying)
        #expect(p.tick(at: ms(900)).isEmpty)    // stopped: time does not count
        p.start(at: ms(1000), mode: .resume)
        p.tick(at: ms(1015))                    // 80 + 15 ms into frame 1: still frame 1
        #expect(p.frameIndex == 1)
        p.tick(at: ms(1020))
        #expect(p.frameIndex == 2)
        p.start(at: ms(2000), mode: .reset)
        #expect(p.frameIndex == 0 && p.loopsCompleted == 0 && p.isPlaying)
        p.reset()
        #expect(!p.isPlaying && p.frameIndex == 0)
    }

    @Test func stillImagesNeverAdvance() {
        let p = AnimationPlayer(image: AnimatedImage(still: Image(width: 1, height: 1)), cache: FrameCache())
        p.start(at: ms(0))
        #expect(p.tick(at: ms(10_000)).isEmpty && p.frameIndex == 0)
    }

    @Test func playersOnlyAskForTheFrameTheyShowAndShareTheCache() throws {
        let source = TimedSource([100, 100, 100, 100])
        let image = AnimatedImage(source: source)
        let cache = FrameCache()
        let players = (0..<1000).map { _ in AnimationPlayer(image: image, cache: cache) }
        #expect(source.decodes == 0 && cache.statistics.misses == 0)
        for p in players.prefix(20) { p.start(at: ms(0)) }
        for t in stride(from: 0, through: 1000, by: 50) {
            for p in players.prefix(20) {
                p.tick(at: ms(t))
                let f = try p.currentFrame()
                #expect(Int(f.pixels[0]) == p.frameIndex)
            }
        }
        #expect(source.decodes == 4)                 // each frame decoded once, shared
        #expect(cache.statistics.peakBytes == 4 * 16)
        players[0].stop(at: ms(1000))
        #expect(cache.statistics.entryCount == 4)    // stopping releases nothing shared
    }

    @Test func runsOnADisplayLink() throws {
        let clock = VirtualClock()
        let link = DisplayLink(clock: clock, hz: 60)
        let p = AnimationPlayer(image: AnimatedImage(source: TimedSource([100, 100])), cache: FrameCache())
        var changes: [Int] = []
        link.add { now in for e in p.tick(at: now) { if case .frameChanged(let i) = e { changes.append(i) } } }
        p.start(at: clock.now)
        link.start()
        clock.advance(by: .seconds(1))
        #expect(changes == [1, 0, 1, 0, 1, 0, 1, 0, 1, 0])
    }
}
