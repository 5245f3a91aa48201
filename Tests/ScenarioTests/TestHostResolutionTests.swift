import Testing
import SimCore
import Tester
@testable import Scenario

/// TestHost resolves as every Testable does: modifiers and drawn kinds through the
/// Tester's `FinderResolution`, components from its table.
@Suite struct TestHostResolutionTests {
    @Test func modifiersAndDrawnKindsResolveOnTheTestHost() throws {
        let host = TestHost()
        let input = try #require(host.frames[.input])
        #expect(host.resolve(.first(.input)).found?.frame == input)
        #expect(host.resolve(.within(.send, .panel)).isHit)
        if case .missing(let why) = host.resolve(.within(.input, .list)) {
            #expect(why.contains("list"), "\(why)")
        } else {
            Issue.record("input within list resolved: \(host.resolve(.within(.input, .list)))")
        }
        #expect(host.resolve(.view("screen")).found?.frame == Rect(x: 8, y: 8, width: 100, height: 32))
        #expect(host.resolve(.point(Point(x: 10, y: 20))).found?.point == Point(x: 10, y: 20))
        // Through a Tester, a modifier aims where its base is.
        let tester = Tester(host)
        try tester.tap(.first(.input))
        #expect(host.touches.first?.location == input.center)
    }
}
