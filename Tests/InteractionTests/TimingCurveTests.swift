#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SimCore
import Testing
@testable import Interaction

@Suite struct SimMathTests {
    @Test func expAndLogMatchTheSystemLibrary() {
        var x = -700.0
        while x < 700 {
            let ours = SimMath.exp(x), theirs = Glibc.exp(x)
            #expect(abs(ours - theirs) <= 4e-15 * theirs, "exp(\(x))")
            x += 3.37
        }
        for v in [1e-300, 1e-10, 0.001, 0.5, 0.998, 0.99, 1, 1.5, 2, 10, 12345.678, 1e300] {
            #expect(abs(SimMath.log(v) - Glibc.log(v)) <= 4e-16 * max(1, abs(Glibc.log(v))), "log(\(v))")
        }
        #expect(SimMath.log(0) == -.infinity)
        #expect(SimMath.log(-1).isNaN)
        #expect(SimMath.exp(1000) == .infinity)
        #expect(SimMath.exp(-1000) == 0)
        #expect(abs(SimMath.pow(0.998, 1000) - Glibc.pow(0.998, 1000)) < 1e-15)
    }
}

@Suite struct TimingCurveTests {
    static let all: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInOut, .default, .keyboard,
                                     .cubicBezier(x1: 0.1, y1: 0.9, x2: 0.2, y2: 1),
                                     .criticallyDampedSpring(settle: 0.001)]

    @Test(arguments: all) func endpointsAreExactAndMonotone(curve: TimingCurve) {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -3) == 0)
        #expect(curve.value(at: 7) == 1)
        var last = 0.0
        for i in 1...200 {
            let v = curve.value(at: Double(i) / 200)
            #expect(v >= last - 1e-12, "\(curve) not monotone at \(i)")
            last = v
        }
    }

    @Test func linearIsClamped() {
        #expect(TimingCurve.linear.value(at: 0.25) == 0.25)
    }

    @Test func easeInOutIsSymmetric() {
        for i in 0...20 {
            let t = Double(i) / 20
            let a = TimingCurve.easeInOut.value(at: t), b = TimingCurve.easeInOut.value(at: 1 - t)
            #expect(abs(a + b - 1) < 1e-9)
        }
        #expect(abs(TimingCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-9)
        // Slow start and end: below / above the diagonal.
        #expect(TimingCurve.easeInOut.value(at: 0.1) < 0.05)
        #expect(TimingCurve.easeInOut.value(at: 0.9) > 0.95)
    }

    @Test func bezierSolvesItsOwnParameterisation() {
        // Point on the curve at parameter s = 0.3 for (0.42, 0, 0.58, 1).
        let s = 0.3, u = 0.7
        let x = 3 * u * u * s * 0.42 + 3 * u * s * s * 0.58 + s * s * s
        let y = 3 * u * s * s * 1 + s * s * s
        #expect(abs(TimingCurve.easeInOut.value(at: x) - y) < 1e-10)
    }

    @Test func keyboardCurveIsASteepEaseOut() {
        let k = TimingCurve.keyboard
        #expect(k.value(at: 0.2) > 0.45)    // fast start
        #expect(k.value(at: 0.5) > 0.85)    // most of the way in half the time
        #expect(k.value(at: 0.5) > TimingCurve.easeOut.value(at: 0.5))
        #expect(1 - k.value(at: 0.95) < 0.01) // gentle landing
    }

    @Test func springCurveSettlesAsRequested() {
        let c = TimingCurve.criticallyDampedSpring(settle: 0.01)
        // Unstretched it has 1 % left at t = 1; stretched it is within that near the end.
        #expect(c.value(at: 0.999) > 0.99)
        #expect(c.value(at: 0.2) > 0.3)
    }

    @Test func interpolateLandsExactly() {
        #expect(TimingCurve.keyboard.interpolate(216, 0, at: 1) == 0)
        #expect(TimingCurve.linear.interpolate(10, 20, at: 0.5) == 15)
    }
}

@Suite struct CriticallyDampedSpringTests {
    let spring = CriticallyDampedSpring(response: 0.4)

    @Test func initialConditionsAndDerivative() {
        #expect(spring.displacement(from: 50, velocity: -200, at: 0) == 50)
        #expect(spring.velocity(from: 50, velocity: -200, at: 0) == -200)
        for t in stride(from: 0.01, to: 1.0, by: 0.07) {
            let h = 1e-6
            let numeric = (spring.displacement(from: 50, velocity: 300, at: t + h)
                           - spring.displacement(from: 50, velocity: 300, at: t - h)) / (2 * h)
            #expect(abs(numeric - spring.velocity(from: 50, velocity: 300, at: t)) < 1e-4)
        }
    }

    @Test func satisfiesTheDifferentialEquation() {
        // x'' + 2 w x' + w^2 x = 0
        let w = spring.omega, h = 1e-4
        for t in [0.05, 0.2, 0.5] {
            let x = spring.displacement(from: 30, velocity: 100, at: t)
            let v = spring.velocity(from: 30, velocity: 100, at: t)
            let a = (spring.velocity(from: 30, velocity: 100, at: t + h)
                     - spring.velocity(from: 30, velocity: 100, at: t - h)) / (2 * h)
            #expect(abs(a + 2 * w * v + w * w * x) < 1e-6 * w * w * 30)
        }
    }

    @Test func settleTimeAndCrossing() {
        let t = spring.settleTime(from: 100, velocity: 0, epsilon: 0.5)
        #expect(abs(spring.displacement(from: 100, velocity: 0, at: t)) <= 0.5)
        #expect(abs(spring.displacement(from: 100, velocity: 0, at: t - 0.001)) > 0.5)
        #expect(t > 0.4 && t < 0.55)
        #expect(spring.zeroCrossing(from: 100, velocity: 0) == nil)
        let c = try! #require(spring.zeroCrossing(from: 10, velocity: -1000))
        #expect(abs(spring.displacement(from: 10, velocity: -1000, at: c)) < 1e-9)
    }
}

@Suite struct TweenTests {
    @Test func keyboardSlide() {
        let t0 = SimInstant.zero + .milliseconds(100)
        let tween = Tween.keyboard(from: 0, to: 216, start: t0)
        #expect(tween.value(at: .zero) == 0)
        #expect(tween.value(at: t0) == 0)
        #expect(tween.value(at: t0 + .milliseconds(250)) == 216)
        #expect(tween.isFinished(at: t0 + .milliseconds(250)))
        #expect(!tween.isFinished(at: t0 + .milliseconds(249)))
        let half = tween.value(at: t0 + .milliseconds(125))
        #expect(half > 0.9 * 216 && half < 216)
        // Sampling order does not matter.
        #expect(tween.value(at: t0 + .milliseconds(60)) == Tween.keyboard(from: 0, to: 216, start: t0).value(at: t0 + .milliseconds(60)))
    }

    @Test func zeroDurationJumps() {
        let t = Tween(from: 5, to: 9, start: .zero + .seconds(1), duration: .zero)
        #expect(t.value(at: .zero) == 5)
        #expect(t.value(at: .zero + .seconds(1)) == 9)
    }
}
