/// How a released scroll view picks where to come to rest. Pages are multiples of a
/// page length along an axis, counted from the minimum offset (-contentInset), and may
/// differ from the viewport's length; the last page is clamped to the maximum offset.
public enum PagingPolicy: Hashable, Sendable {
    /// Decelerate freely and rest wherever the deceleration ends.
    case none
    /// `isPagingEnabled`: the target is the next page boundary in the direction of a
    /// clear flick (|v| > `ScrollPhysics.pagingFlickVelocity`), so at most one page
    /// away, otherwise the nearest page, rounding up at the half page.
    case paging
    /// The seed panel's policy: paging off, decelerate freely, then on
    /// didEndDecelerating (or didEndDragging without deceleration) snap to
    /// round(offset / page) with an animated scroll.
    case snapAfterDeceleration
    /// Snap to the page nearest the projected resting offset x0 - v0 / (1000 ln d).
    case projection

    /// The target offset along one axis for a release at `offset` with velocity
    /// `velocity` (offset units per second), or nil when the policy lets the
    /// deceleration choose (none, snapAfterDeceleration). Pure.
    ///
    /// - Parameters:
    ///   - offset: The offset at the release.
    ///   - velocity: The offset velocity at the release, per second.
    ///   - page: page length (> 0).
    ///   - range: valid offsets (minimum ... maximum).
    ///   - rate: The deceleration rate the projection uses.
    ///   - physics: The flick threshold and other constants.
    /// - Returns: The resting offset, on a page within `range`, or nil.
    /// - Complexity: O(1).
    public func target(offset: Double, velocity: Double, page: Double, range: ClosedRange<Double>,
                       rate: DecelerationRate, physics: ScrollPhysics) -> Double? {
        guard page > 0 else { return nil }
        let origin = range.lowerBound
        func clampToPages(_ index: Double) -> Double {
            let lastIndex = ((range.upperBound - origin) / page).rounded(.up)
            let i = min(max(index, 0), lastIndex)
            return min(max(origin + i * page, range.lowerBound), range.upperBound)
        }
        let position = (offset - origin) / page
        switch self {
        case .none, .snapAfterDeceleration:
            return nil
        case .paging:
            if velocity > physics.pagingFlickVelocity {
                return clampToPages(position.rounded(.down) + 1)
            } else if velocity < -physics.pagingFlickVelocity {
                return clampToPages(position.rounded(.up) - 1)
            }
            return clampToPages(position.rounded(.toNearestOrAwayFromZero))
        case .projection:
            let rest = ScrollPhysics.restingOffset(from: offset, velocity: velocity, rate: rate)
            return clampToPages(((rest - origin) / page).rounded(.toNearestOrAwayFromZero))
        }
    }

    /// The snap target of `snapAfterDeceleration` for a resting `offset`.
    public static func nearestPage(offset: Double, page: Double, range: ClosedRange<Double>) -> Double {
        guard page > 0 else { return offset }
        let origin = range.lowerBound
        let lastIndex = ((range.upperBound - origin) / page).rounded(.up)
        let i = min(max(((offset - origin) / page).rounded(.toNearestOrAwayFromZero), 0), lastIndex)
        return min(max(origin + i * page, range.lowerBound), range.upperBound)
    }
}
