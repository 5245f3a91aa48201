import SimCore

/// A UIScrollViewDelegate moment, in the order UIKit delivers them:
///
///     willBeginDragging, didScroll*, willEndDragging, didEndDragging,
///     [willBeginDecelerating, didScroll*, didEndDecelerating]
///     setContentOffset(animated:) -> didScroll*, didEndScrollingAnimation
///
/// Velocities are content-offset velocities in points per second (UIKit reports
/// points per millisecond in `scrollViewWillEndDragging`; multiply by 1000).
public enum ScrollEvent: Hashable, Sendable, CustomStringConvertible {
    /// The finger started moving the content (the pan began).
    case willBeginDragging
    /// The offset changed (once per drag move or frame that moved it).
    case didScroll(Point)
    /// `proposedTarget` is what the policy chose, `target` what the delegate hook
    /// left; the model comes to rest at `target` (clamped into the content).
    /// UIKit sends `scrollViewWillEndDragging` to paging scroll views too, with the
    /// page as target, but a delegate cannot move it there (UIKit logs "Stop offset
    /// can not be modified for paging scroll views"): under `.paging` the hook is
    /// called and what it writes is ignored, so `target == proposedTarget`.
    case willEndDragging(velocity: Point, proposedTarget: Point, target: Point)
    /// The finger lifted; `willDecelerate` says whether a release motion follows.
    case didEndDragging(willDecelerate: Bool)
    /// A release motion (deceleration, bounce, paging) starts.
    case willBeginDecelerating
    /// The release motion came to rest.
    case didEndDecelerating
    /// A `setContentOffset(_:animated: true)` animation (or a snap) ended.
    case didEndScrollingAnimation

    /// The delegate method's name without `scrollView` (`didEndDragging`): the trace's event name.
    public var name: String {
        switch self {
        case .willBeginDragging: return "willBeginDragging"
        case .didScroll: return "didScroll"
        case .willEndDragging: return "willEndDragging"
        case .didEndDragging: return "didEndDragging"
        case .willBeginDecelerating: return "willBeginDecelerating"
        case .didEndDecelerating: return "didEndDecelerating"
        case .didEndScrollingAnimation: return "didEndScrollingAnimation"
        }
    }

    /// Deterministic key/value details (numbers through `formatPoints`).
    public var fields: [TraceEvent.Field] {
        switch self {
        case let .didScroll(p): return [.init("offset", p.description)]
        case let .willEndDragging(v, proposed, target):
            return [.init("velocity", v.description), .init("proposed", proposed.description),
                    .init("target", target.description)]
        case let .didEndDragging(d): return [.init("willDecelerate", d ? "true" : "false")]
        default: return []
        }
    }

    /// The name with its arguments, as traces print it.
    public var description: String {
        fields.isEmpty ? name : name + " " + fields.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    /// The event as a trace line.
    public func traceEvent(at time: SimInstant, source: String) -> TraceEvent {
        TraceEvent(time: time, source: source, name: name, fields: fields)
    }
}

extension Trace {
    /// Records scroll events that happened at `time`.
    public func record(_ events: [ScrollEvent], at time: SimInstant, source: String) {
        for e in events { record(e.traceEvent(at: time, source: source)) }
    }
}
