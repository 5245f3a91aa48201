/// The limits of one axis: valid offsets, viewport length (the rubber band's d) and
/// whether it bounces.
struct AxisLimits: Hashable, Sendable {
    var lower: Double
    var upper: Double
    var dimension: Double
    var bounces: Bool

    func clamp(_ x: Double) -> Double { min(max(x, lower), upper) }
}

/// The motion of one axis after a release or during an animation, as a chain of
/// closed-form phases. Each phase knows its start and end instant (seconds on the
/// virtual clock); the next phase starts from the exact state at that instant, so
/// the path does not depend on how often it is sampled (frame rate independent).
///
/// Phases: decelerate (free exponential decay, may reach an edge), bounce
/// (critically damped spring in finger space, shown through the rubber band, may
/// cross back inside and decelerate again), approach (exponential approach to a
/// chosen target), animate (timing curve), rest. Every chain ends in rest: bounces
/// end at an edge or cross inside once with a smaller speed, decelerations end or
/// hit an edge. `sample` caps the transitions per call anyway.
struct AxisMotion: Hashable, Sendable {
    enum Phase: Hashable, Sendable {
        case rest(Double)
        case decelerate(x0: Double, v0: Double, edge: Double?)
        case approach(x0: Double, target: Double, k: Double)
        case bounce(edge: Double, direction: Double, u0: Double, w0: Double, crosses: Bool)
        case animate(from: Double, to: Double, duration: Double, curve: TimingCurve)
    }

    private(set) var phase: Phase
    private(set) var start: Double
    private(set) var end: Double

    static func rest(_ x: Double) -> AxisMotion { AxisMotion(phase: .rest(x), start: 0, end: .infinity) }

    var isResting: Bool { if case .rest = phase { return true } else { return false } }

    var state: ScrollState {
        switch phase {
        case .rest: return .idle
        case .decelerate, .approach: return .decelerating
        case .bounce: return .bouncing
        case .animate: return .animating
        }
    }

    /// Where this chain will rest if nothing interrupts it, when known in advance.
    var restingPosition: Double? {
        switch phase {
        case let .rest(x): return x
        case let .approach(_, target, _): return target
        case let .animate(_, to, _, _): return to
        case let .bounce(edge, _, _, _, crosses): return crosses ? nil : edge
        case .decelerate: return nil
        }
    }

    // MARK: planning

    /// A free release from (x, v) at `t`: bounce back if out of bounds, else decelerate.
    static func release(x: Double, v: Double, at t: Double, limits: AxisLimits,
                        physics: ScrollPhysics, rate: DecelerationRate) -> AxisMotion {
        let tolerance = 1e-9
        if x > limits.upper + tolerance || x < limits.lower - tolerance {
            let dir: Double = x > limits.upper ? 1 : -1
            let edge = dir > 0 ? limits.upper : limits.lower
            guard limits.bounces else { return .rest(edge) }
            let u0 = physics.inverseRubberBand(dir * (x - edge), dimension: limits.dimension)
            return bounce(edge: edge, direction: dir, u0: u0, w0: dir * v, at: t, limits: limits,
                          physics: physics, rate: rate)
        }
        return decelerate(x0: limits.clamp(x), v0: v, at: t, limits: limits, physics: physics, rate: rate)
    }

    static func decelerate(x0: Double, v0: Double, at t: Double, limits: AxisLimits,
                           physics: ScrollPhysics, rate: DecelerationRate) -> AxisMotion {
        let k = rate.decayPerSecond
        let stop = physics.stopTime(velocity: v0, rate: rate)
        if stop == 0 { return .rest(x0) }
        let rest = x0 + v0 / k
        var edge: Double? = nil
        if v0 > 0 && rest > limits.upper { edge = limits.upper }
        if v0 < 0 && rest < limits.lower { edge = limits.lower }
        if let e = edge {
            // x(t) = e  <=>  e^(-k t) = 1 - (e - x0) k / v0
            let arg = 1 - (e - x0) * k / v0
            let hit = arg >= 1 ? 0 : -SimMath.log(arg) / k
            if hit < stop {
                return AxisMotion(phase: .decelerate(x0: x0, v0: v0, edge: e), start: t, end: t + hit)
            }
        }
        return AxisMotion(phase: .decelerate(x0: x0, v0: v0, edge: nil), start: t, end: t + stop)
    }

    static func bounce(edge: Double, direction dir: Double, u0: Double, w0: Double, at t: Double,
                       limits: AxisLimits, physics: ScrollPhysics, rate: DecelerationRate) -> AxisMotion {
        let spring = physics.bounceSpring
        if u0 <= 0 && w0 <= 0 {
            // At the edge moving inwards: no spring, decelerate inside.
            return decelerate(x0: edge, v0: dir * physics.rubberBandCoefficient * w0, at: t,
                              limits: limits, physics: physics, rate: rate)
        }
        if let crossing = spring.zeroCrossing(from: u0, velocity: w0),
           physics.rubberBandCoefficient * abs(spring.velocity(from: u0, velocity: w0, at: crossing)) > physics.stopVelocity {
            // Back inside fast enough to travel on: decelerate from the edge then.
            return AxisMotion(phase: .bounce(edge: edge, direction: dir, u0: u0, w0: w0, crosses: true),
                              start: t, end: t + crossing)
        }
        let eps = physics.inverseRubberBand(physics.settleDistance, dimension: limits.dimension)
        let settle = spring.settleTime(from: u0, velocity: w0, epsilon: max(eps, 1e-9))
        return AxisMotion(phase: .bounce(edge: edge, direction: dir, u0: u0, w0: w0, crosses: false),
                          start: t, end: t + settle)
    }

    /// An exponential approach from (x, v) to `target` (inside the limits).
    static func approach(x: Double, v: Double, target: Double, at t: Double,
                         physics: ScrollPhysics) -> AxisMotion {
        let distance = target - x
        if abs(distance) <= physics.settleDistance { return .rest(target) }
        var k = physics.approachMinRate
        if v * distance > 0 {
            k = min(max(v / distance, physics.approachMinRate), physics.approachMaxRate)
        }
        let duration = SimMath.log(abs(distance) / physics.settleDistance) / k
        return AxisMotion(phase: .approach(x0: x, target: target, k: k), start: t, end: t + duration)
    }

    static func animate(from: Double, to: Double, at t: Double, duration: Double,
                        curve: TimingCurve) -> AxisMotion {
        if from == to || duration <= 0 { return .rest(to) }
        return AxisMotion(phase: .animate(from: from, to: to, duration: duration, curve: curve),
                          start: t, end: t + duration)
    }

    // MARK: sampling

    /// Position and velocity at `t` (seconds), first moving through every phase that
    /// ended at or before `t`. O(number of phase changes), at most a handful.
    mutating func sample(at t: Double, limits: AxisLimits, physics: ScrollPhysics,
                         rate: DecelerationRate) -> (x: Double, v: Double) {
        var guardCount = 0
        while t >= end && guardCount < 64 {
            self = next(limits: limits, physics: physics, rate: rate)
            guardCount += 1
        }
        if guardCount == 64 { self = .rest(evaluate(at: end, limits: limits, physics: physics, rate: rate).x) }
        return evaluate(at: t, limits: limits, physics: physics, rate: rate)
    }

    /// Where the chain comes to rest if nothing interrupts it: walks the phases
    /// (a handful) without sampling. O(phases).
    func finalRest(limits: AxisLimits, physics: ScrollPhysics, rate: DecelerationRate) -> Double {
        var m = self
        for _ in 0..<64 {
            if case let .rest(x) = m.phase { return x }
            m = m.next(limits: limits, physics: physics, rate: rate)
        }
        return m.evaluate(at: m.end, limits: limits, physics: physics, rate: rate).x
    }

    /// The phase that follows this one, starting at `end`.
    private func next(limits: AxisLimits, physics: ScrollPhysics, rate: DecelerationRate) -> AxisMotion {
        let t = end
        switch phase {
        case .rest:
            return self
        case let .decelerate(x0, v0, edge):
            let k = rate.decayPerSecond
            guard let e = edge else { return .rest(limits.clamp(x0 + v0 / k)) }
            let vEdge = v0 - (e - x0) * k
            guard limits.bounces else { return .rest(e) }
            let dir: Double = v0 > 0 ? 1 : -1
            // Enter the spring with the shown velocity continuous: finger = shown / 0.55.
            return AxisMotion.bounce(edge: e, direction: dir, u0: 0,
                                     w0: dir * vEdge / physics.rubberBandCoefficient, at: t,
                                     limits: limits, physics: physics, rate: rate)
        case let .approach(_, target, _):
            return .rest(target)
        case let .bounce(edge, dir, u0, w0, crosses):
            guard crosses else { return .rest(edge) }
            let spring = physics.bounceSpring
            let w = spring.velocity(from: u0, velocity: w0, at: end - start)
            return AxisMotion.decelerate(x0: edge, v0: dir * physics.rubberBandCoefficient * w, at: t,
                                         limits: limits, physics: physics, rate: rate)
        case let .animate(_, to, _, _):
            return .rest(to)
        }
    }

    private func evaluate(at t: Double, limits: AxisLimits, physics: ScrollPhysics,
                          rate: DecelerationRate) -> (x: Double, v: Double) {
        let dt = max(0, t - start)
        switch phase {
        case let .rest(x):
            return (x, 0)
        case let .decelerate(x0, v0, _):
            let k = rate.decayPerSecond
            let decay = SimMath.exp(-k * dt)
            return (x0 + v0 / k * (1 - decay), v0 * decay)
        case let .approach(x0, target, k):
            let decay = SimMath.exp(-k * dt)
            return (target + (x0 - target) * decay, k * (target - x0) * decay)
        case let .bounce(edge, dir, u0, w0, _):
            let spring = physics.bounceSpring
            let u = spring.displacement(from: u0, velocity: w0, at: dt)
            let w = spring.velocity(from: u0, velocity: w0, at: dt)
            let d = limits.dimension
            let c = physics.rubberBandCoefficient
            guard u > 0, d > 0 else { return (edge, dir * c * w) }
            let q = u * c / d + 1
            return (edge + dir * physics.rubberBand(u, dimension: d), dir * c / (q * q) * w)
        case let .animate(from, to, duration, curve):
            let p = dt / duration
            let x = curve.interpolate(from, to, at: p)
            let h = 1e-4
            let slope = (curve.value(at: p + h) - curve.value(at: p - h)) / (2 * h)
            return (x, (to - from) * slope / duration)
        }
    }
}
