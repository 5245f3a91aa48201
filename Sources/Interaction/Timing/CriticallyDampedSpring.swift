/// A critically damped spring (damping ratio 1): the fastest return to rest without
/// oscillation. Displacement from rest with initial displacement x0 and velocity v0:
///
///     x(t) = (x0 + (v0 + w x0) t) e^(-w t),   v(t) = (v0 - w (v0 + w x0) t) e^(-w t)
///
/// where w = 2 pi / response (SwiftUI's `spring(response:dampingFraction: 1)`). Pure
/// functions of time, O(1). It overshoots rest at most once, and only when v0 points
/// towards rest faster than w |x0|.
public struct CriticallyDampedSpring: Hashable, Sendable {
    /// Natural angular frequency w in rad/s.
    public var omega: Double

    /// A spring from its angular frequency; traps unless positive and finite.
    ///
    /// - Parameter omega: w in rad/s (2 pi / response).
    public init(omega: Double) {
        precondition(omega > 0 && omega.isFinite, "spring frequency must be positive")
        self.omega = omega
    }

    /// A spring whose undamped period is `response` seconds.
    public init(response: Double) {
        self.init(omega: 2 * Double.pi / response)
    }

    /// Displacement from rest at `t` seconds.
    public func displacement(from x0: Double, velocity v0: Double, at t: Double) -> Double {
        let b = v0 + omega * x0
        return (x0 + b * t) * SimMath.exp(-omega * t)
    }

    /// Velocity (displacement per second) at `t` seconds.
    public func velocity(from x0: Double, velocity v0: Double, at t: Double) -> Double {
        let b = v0 + omega * x0
        return (v0 - omega * b * t) * SimMath.exp(-omega * t)
    }

    /// The first instant >= 0 where the displacement crosses zero, if it does
    /// (x0 and v0 of opposite signs with |v0| > w |x0|).
    ///
    /// - Complexity: O(1).
    public func zeroCrossing(from x0: Double, velocity v0: Double) -> Double? {
        let b = v0 + omega * x0
        guard x0 != 0, b != 0 else { return nil }
        let t = -x0 / b
        return t > 0 ? t : nil
    }

    /// The first instant after which |displacement| stays below `epsilon` (before the
    /// zero crossing, when there is one: |x| only shrinks up to it). Bisection,
    /// 80 steps:
    ///
    /// - Complexity: O(1) and deterministic.
    public func settleTime(from x0: Double, velocity v0: Double, epsilon: Double) -> Double {
        precondition(epsilon > 0)
        if let crossing = zeroCrossing(from: x0, velocity: v0) {
            if abs(x0) < epsilon { return 0 }
            var lo = 0.0, hi = crossing
            for _ in 0..<80 {
                let mid = (lo + hi) / 2
                if abs(displacement(from: x0, velocity: v0, at: mid)) >= epsilon { lo = mid } else { hi = mid }
            }
            return hi
        }
        let b = v0 + omega * x0
        // After the extremum at t = v0 / (w b) (or 0) |x| only shrinks.
        var lo = 0.0
        if b != 0 { lo = max(0, v0 / (omega * b)) }
        if abs(displacement(from: x0, velocity: v0, at: lo)) < epsilon { return lo }
        var hi = lo + 1 / omega
        var guardCount = 0
        while abs(displacement(from: x0, velocity: v0, at: hi)) >= epsilon && guardCount < 200 {
            hi = lo + (hi - lo) * 2
            guardCount += 1
        }
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if abs(displacement(from: x0, velocity: v0, at: mid)) >= epsilon { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// (1 + u) e^(-u): the remaining fraction of a unit displacement released at rest
    /// after u = w t.
    static func unitRemaining(_ u: Double) -> Double { (1 + u) * SimMath.exp(-u) }

    /// The w for which a unit displacement released at rest has `fraction` left after
    /// `seconds`. Newton on (1 + u) e^(-u) = fraction in u; fraction is clamped to
    /// (1e-12, 0.5].
    static func omega(settlingTo fraction: Double, within seconds: Double) -> Double {
        let f = min(max(fraction.isNaN ? 0.001 : fraction, 1e-12), 0.5)
        var u = 5.0
        for _ in 0..<50 {
            // g(u) = log(1 + u) - u - log f, g'(u) = 1 / (1 + u) - 1
            let g = SimMath.log(1 + u) - u - SimMath.log(f)
            let dg = 1 / (1 + u) - 1
            let next = u - g / dg
            if abs(next - u) < 1e-13 { u = next; break }
            u = max(next, 1.7)
        }
        return u / seconds
    }
}
