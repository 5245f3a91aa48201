import Testing
@testable import SimCore

/// A port's run loop puts frames where a `Host`'s display link does (issue 46: the frame
/// grid had to be found in Sources as `SimDuration(ticks: ticksPerSecond / 60)`).
@Suite struct FrameGridTests {
    @Test func theNextFrameIsOnTheGridStrictlyAfter() {
        let frame = SimDuration.frames(1, at: 60)
        #expect(frame.ticks == ticksPerSecond / 60)
        #expect(SimInstant.zero.nextFrame(at: 60).ticks == frame.ticks)
        #expect(SimInstant(ticks: frame.ticks).nextFrame(at: 60).ticks == 2 * frame.ticks)
        #expect(SimInstant(ticks: frame.ticks - 1).nextFrame(at: 60).ticks == frame.ticks)
        #expect(SimInstant(ticks: -1).nextFrame(at: 60) == .zero)
        #expect(SimInstant(ticks: -frame.ticks).nextFrame(at: 60) == .zero)
        #expect(SimInstant(ticks: 1).nextFrame(at: 120) == .zero + .frames(1, at: 120))
    }

    @Test func aDisplayLinkFiresAtTheNextFrame() {
        let clock = VirtualClock()
        clock.advance(by: .milliseconds(7))
        let link = DisplayLink(clock: clock, hz: 60)
        var fired: [SimInstant] = []
        link.add { fired.append($0) }
        let expected = clock.now.nextFrame(at: 60)
        link.start()
        clock.advance(by: .milliseconds(40))
        link.stop()
        #expect(fired.first == expected)
        #expect(fired.dropFirst().first == expected.nextFrame(at: 60))
    }
}
