import SimCore

/// UIScrollView delegate moments the panel's scroll produces, in UIKit's order.
public enum PanelScrollMoment: Hashable, Sendable {
    case willBeginDragging
    case willEndDragging(velocity: Double, target: Double)
    case didEndDragging(willDecelerate: Bool)
    case willBeginDecelerating
    case didEndDecelerating
    case didEndScrollingAnimation
}

/// The panel's horizontal scroll: drag with rubber band, release by snap policy,
/// animated scrolls, one frame at a time on virtual time.
///
/// Physics (UIKit's, see DESIGN.md): free deceleration multiplies the velocity by
/// d = 0.998 every millisecond of virtual time (stepped per whole millisecond, so
/// deterministic without `exp`) and stops below 0.5 pt/s; at an edge it stops there.
/// Rubber band while dragging: (1 - 1 / (x * 0.55 / d + 1)) * d. Paging and projection
/// glide to their target with an ease-out cubic over `glideDuration`; the seed's round
/// policy decelerates, then snaps with an animated scroll (ease-in-out, 0.3 s).
/// A UIKit flick is |v| > 300 pt/s.
struct PanelScroller: Hashable, Sendable {
    enum Phase: Hashable, Sendable { case idle, dragging, decelerating, gliding, animating }

    static let flickVelocity = 300.0
    static let stopVelocity = 0.5
    static let rate = 0.998
    static let glideDuration = SimDuration.milliseconds(300)
    static let animationDuration = SimDuration.milliseconds(300)

    var offset: Double = 0
    var maxOffset: Double = 0
    var pageWidth: Double = 1
    var policy: PanelSnapPolicy = .paging
    private(set) var phase: Phase = .idle

    private var dragStartOffset = 0.0
    private var dragStartX = 0.0
    private var tracker = PanelVelocityTracker()
    private var velocity = 0.0          // content velocity, pt/s
    private var lastTick = SimInstant.zero
    private var from = 0.0, to = 0.0
    private var start = SimInstant.zero
    private var duration = SimDuration.zero

    var isMoving: Bool { phase != .idle && phase != .dragging }
    var isTracking: Bool { phase == .dragging }

    /// The page whose centre is nearest (what the page control shows).
    var target: Double? { phase == .gliding || phase == .animating ? to : nil }

    mutating func beginDrag(x: Double, at t: SimInstant) -> [PanelScrollMoment] {
        phase = .dragging
        dragStartOffset = offset
        dragStartX = x
        tracker.reset()
        tracker.add(x: x, at: t)
        return [.willBeginDragging]
    }

    mutating func drag(x: Double, at t: SimInstant) {
        guard phase == .dragging else { return }
        tracker.add(x: x, at: t)
        let raw = dragStartOffset - (x - dragStartX)
        let d = max(1, pageWidth)
        if raw < 0 { offset = -rubberBand(-raw, d) }
        else if raw > maxOffset { offset = maxOffset + rubberBand(raw - maxOffset, d) }
        else { offset = raw }
    }

    func rubberBand(_ x: Double, _ d: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }

    /// Finger lifted: pick the rest by policy.
    mutating func endDrag(at t: SimInstant) -> [PanelScrollMoment] {
        guard phase == .dragging else { return [] }
        let v = -tracker.velocity(at: t)     // content moves against the finger
        lastTick = t
        let outOfBounds = offset < 0 || offset > maxOffset
        var out: [PanelScrollMoment] = []
        switch policy {
        case .paging, .projected:
            let target = pagedTarget(velocity: v)
            out.append(.willEndDragging(velocity: v, target: target))
            out.append(.didEndDragging(willDecelerate: true))
            out.append(.willBeginDecelerating)
            glide(to: target, at: t, phase: .gliding, duration: PanelScroller.glideDuration)
        case .round, .none:
            if outOfBounds {
                let target = offset < 0 ? 0 : maxOffset
                out.append(.willEndDragging(velocity: v, target: target))
                out.append(.didEndDragging(willDecelerate: true))
                out.append(.willBeginDecelerating)
                glide(to: target, at: t, phase: .gliding, duration: PanelScroller.glideDuration)
            } else if abs(v) > PanelScroller.stopVelocity {
                // Resting offset x0 + v0 * 0.4995 (normal rate), clamped to the content.
                let rest = min(max(offset + v * 0.4995, 0), maxOffset)
                out.append(.willEndDragging(velocity: v, target: rest))
                out.append(.didEndDragging(willDecelerate: true))
                out.append(.willBeginDecelerating)
                velocity = v
                phase = .decelerating
            } else {
                out.append(.willEndDragging(velocity: 0, target: offset))
                out.append(.didEndDragging(willDecelerate: false))
                phase = .idle
                if policy == .round { out += snapToNearest(at: t) }
            }
        }
        return out
    }

    func pagedTarget(velocity v: Double) -> Double {
        let w = max(1, pageWidth)
        let position = offset / w
        var page: Double
        if policy == .projected {
            page = ((offset + v * 0.4995) / w).rounded(.toNearestOrAwayFromZero)
        } else if v > PanelScroller.flickVelocity {
            page = position.rounded(.down) + 1
            page = min(page, (dragStartOffset / w).rounded(.toNearestOrAwayFromZero) + 1)
        } else if v < -PanelScroller.flickVelocity {
            page = position.rounded(.up) - 1
            page = max(page, (dragStartOffset / w).rounded(.toNearestOrAwayFromZero) - 1)
        } else {
            page = position.rounded(.toNearestOrAwayFromZero)
        }
        let last = (maxOffset / w).rounded(.up)
        return min(max(page, 0), last) * w
    }

    private mutating func snapToNearest(at t: SimInstant) -> [PanelScrollMoment] {
        let w = max(1, pageWidth)
        let target = min(max((offset / w).rounded(.toNearestOrAwayFromZero) * w, 0), maxOffset)
        if target == offset { return [] }
        glide(to: target, at: t, phase: .animating, duration: PanelScroller.animationDuration)
        return []
    }

    private mutating func glide(to target: Double, at t: SimInstant, phase p: Phase, duration d: SimDuration) {
        from = offset; to = target; start = t; duration = d; phase = p
        if from == to { phase = p; duration = .zero }
    }

    /// `setContentOffset(_:animated:)`.
    mutating func setOffset(_ x: Double, animated: Bool, at t: SimInstant) -> [PanelScrollMoment] {
        let target = min(max(x, 0), maxOffset)
        if !animated || target == offset {
            phase = .idle
            offset = target
            return []
        }
        glide(to: target, at: t, phase: .animating, duration: PanelScroller.animationDuration)
        return []
    }

    /// A touch landing on a moving scroll view stops it where it is.
    mutating func stop() -> [PanelScrollMoment] {
        let was = phase
        phase = .idle
        switch was {
        case .decelerating, .gliding: return [.didEndDecelerating]
        case .animating: return [.didEndScrollingAnimation]
        default: return []
        }
    }

    /// Advances motion to `t`. Returns the moments that happened.
    mutating func tick(at t: SimInstant) -> [PanelScrollMoment] {
        switch phase {
        case .idle, .dragging:
            return []
        case .decelerating:
            // Whole milliseconds since the last tick: v *= d per ms, x += v / 1000.
            let perMs = ticksPerSecond / 1000
            var steps = (t.ticks - lastTick.ticks) / perMs
            lastTick = SimInstant(ticks: lastTick.ticks + steps * perMs)
            while steps > 0 {
                velocity *= PanelScroller.rate
                offset += velocity / 1000
                steps -= 1
                if offset <= 0 || offset >= maxOffset {
                    offset = min(max(offset, 0), maxOffset); velocity = 0
                }
                if abs(velocity) < PanelScroller.stopVelocity { break }
            }
            guard abs(velocity) < PanelScroller.stopVelocity else { return [] }
            phase = .idle
            // The seed snaps on didEndDecelerating with an animated scroll.
            if policy == .round { _ = snapToNearest(at: t) }
            return [.didEndDecelerating]
        case .gliding, .animating:
            let elapsed = t - start
            if duration.ticks <= 0 || elapsed >= duration {
                offset = to
                let was = phase
                phase = .idle
                return [was == .gliding ? .didEndDecelerating : .didEndScrollingAnimation]
            }
            let p = Double(elapsed.ticks) / Double(duration.ticks)
            let eased: Double
            if phase == .gliding {
                let q = 1 - p
                eased = 1 - q * q * q           // ease-out cubic: starts at the release speed's feel
            } else {
                eased = p < 0.5 ? 4 * p * p * p : 1 - (-2 * p + 2) * (-2 * p + 2) * (-2 * p + 2) / 2
            }
            offset = from + (to - from) * eased
            return []
        }
    }
}
