import SimCore

/// Release velocity of one finger: a least-squares line through the samples of the
/// last `window` (100 ms) before the latest sample, per axis, in pt/s.
///
/// A finger that stops before lifting has no samples in motion inside the window
/// (the lift sample sits where the finger stopped), so the fit is flat: velocity near
/// zero, as in UIKit. Fewer than two samples in the window give zero. The history is
/// a bounded ring (`capacity` samples), so memory is O(1); `velocity` is O(capacity).
public struct VelocityTracker: Hashable, Sendable {
    public var window: SimDuration
    public let capacity: Int
    private var samples: [(time: SimInstant, point: Point)] = []
    private var head = 0

    public init(window: SimDuration = .milliseconds(100), capacity: Int = 32) {
        precondition(capacity >= 2)
        self.window = window; self.capacity = capacity
    }

    public static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.window == b.window && a.capacity == b.capacity && a.ordered.elementsEqual(b.ordered) { $0.time == $1.time && $0.point == $1.point }
    }

    public func hash(into h: inout Hasher) {
        h.combine(window); h.combine(capacity)
        for s in ordered { h.combine(s.time); h.combine(s.point) }
    }

    public mutating func reset() { samples.removeAll(keepingCapacity: true); head = 0 }

    /// Adds a sample; a `began` touch starts a new history. Samples must come in time order.
    public mutating func add(_ touch: TouchEvent) {
        if touch.phase == .began { reset() }
        add(touch.location, at: touch.timestamp)
    }

    public mutating func add(_ point: Point, at time: SimInstant) {
        if samples.count < capacity {
            samples.append((time, point))
        } else {
            samples[head] = (time, point)
            head = (head + 1) % capacity
        }
    }

    private var ordered: [(time: SimInstant, point: Point)] {
        Array(samples[head...] + samples[..<head])
    }

    /// The fitted velocity at the latest sample.
    public var velocity: Point {
        let all = ordered
        guard let last = all.last else { return .zero }
        let recent = all.filter { last.time - $0.time <= window }
        guard recent.count >= 2 else { return .zero }
        // Times relative to the latest sample keep the sums well conditioned.
        var st = 0.0, sx = 0.0, sy = 0.0, stt = 0.0, stx = 0.0, sty = 0.0
        for s in recent {
            let t = (s.time - last.time).seconds
            st += t; sx += s.point.x; sy += s.point.y
            stt += t * t; stx += t * s.point.x; sty += t * s.point.y
        }
        let n = Double(recent.count)
        let denominator = n * stt - st * st
        guard denominator > 1e-12 else { return .zero }
        return Point(x: (n * stx - st * sx) / denominator, y: (n * sty - st * sy) / denominator)
    }
}
