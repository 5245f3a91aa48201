import SimCore

/// Release velocity of a finger along x: the least-squares slope over the samples of
/// the last 100 ms. A finger that paused before lifting (no sample in the window but
/// the last) has velocity 0. O(samples in the window).
struct PanelVelocityTracker: Hashable, Sendable {
    static let window = SimDuration.milliseconds(100)
    private var samples: [(t: Int64, x: Double)] = []

    static func == (a: Self, b: Self) -> Bool {
        a.samples.count == b.samples.count && zip(a.samples, b.samples).allSatisfy { $0.t == $1.t && $0.x == $1.x }
    }
    func hash(into h: inout Hasher) { h.combine(samples.count); for s in samples { h.combine(s.t); h.combine(s.x) } }

    mutating func reset() { samples.removeAll(keepingCapacity: true) }

    mutating func add(x: Double, at t: SimInstant) {
        samples.append((t.ticks, x))
        let cutoff = t.ticks - PanelVelocityTracker.window.ticks
        if let i = samples.firstIndex(where: { $0.t >= cutoff }), i > 0 { samples.removeFirst(i) }
    }

    /// Points per second at `now`.
    func velocity(at now: SimInstant) -> Double {
        let cutoff = now.ticks - PanelVelocityTracker.window.ticks
        let recent = samples.filter { $0.t >= cutoff }
        guard recent.count >= 2 else { return 0 }
        let n = Double(recent.count)
        let t0 = recent[0].t
        var st = 0.0, sx = 0.0, stt = 0.0, stx = 0.0
        for s in recent {
            let t = Double(s.t - t0) / Double(ticksPerSecond)
            st += t; sx += s.x; stt += t * t; stx += t * s.x
        }
        let den = n * stt - st * st
        return den == 0 ? 0 : (n * stx - st * sx) / den
    }
}
