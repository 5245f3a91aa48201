import Testing
@testable import Interaction

@Suite struct TimingCurveTests {
    @Test func linearIsClamped() {
        #expect(TimingCurve.linear.value(at: -1) == 0)
        #expect(TimingCurve.linear.value(at: 0.25) == 0.25)
        #expect(TimingCurve.linear.value(at: 2) == 1)
    }
}
