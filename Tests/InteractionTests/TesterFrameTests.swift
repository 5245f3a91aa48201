import Testing
import SimCore
import Interaction
import Raster
import Tester

/// A subject whose display link records the instant of every frame it runs.
private final class Ticker: Testable {
    let clock = VirtualClock()
    let trace = Trace()
    let bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    let link: DisplayLink
    var frames: [SimInstant] = []
    var movingUntil: SimInstant
    init(movingFor d: SimDuration) {
        link = DisplayLink(clock: clock)
        movingUntil = .zero + d
        link.add { [unowned self] now in self.frames.append(now) }
        link.start()
    }
    func handle(_ touch: TouchEvent) {}
    var motion: [String] { clock.now < movingUntil ? ["the ticker runs"] : [] }
    func displayList() -> DisplayList { DisplayList(width: 100, height: 100) }
    func invariantViolations() -> [String] { [] }
    var frameLink: DisplayLink? { link }
}

@Suite struct TesterFrameTests {
    @Test func pumpToNextFrameStopsOnTheBoundaryAndRunsThatFrame() {
        let t = Ticker(movingFor: .milliseconds(100))
        let tester = Tester(t, timing: .manual)
        let frame = tester.frameDuration
        let first = tester.pumpToNextFrame()
        #expect(tester.now == .zero + frame && t.frames == [.zero + frame])
        #expect(first.frames == 1 && first.elapsed == frame && !first.isIdle)
        // From between two frames: to the next boundary, not one frame further.
        tester.pump(.milliseconds(5))
        let second = tester.pumpToNextFrame()
        #expect(tester.now == .zero + frame + frame && t.frames.count == 2)
        #expect(second.elapsed == frame - .milliseconds(5))
    }

    @Test func pumpToNextFrameSkipsNothingWhileIdle() {
        let t = Ticker(movingFor: .zero)
        let tester = Tester(t, timing: .manual)
        for _ in 0..<3 { tester.pumpToNextFrame() }
        #expect(t.frames.count == 3 && tester.now == .zero + tester.frameDuration + tester.frameDuration + tester.frameDuration)
    }
}
