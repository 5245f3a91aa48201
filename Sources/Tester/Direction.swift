/// Which way a swipe's finger travels (`swipe panel left`): the finger's direction, not
/// the content's (a left swipe on the panel shows the next page).
public enum Direction: String, Hashable, Sendable, CaseIterable {
    /// Towards smaller x.
    case left
    /// Towards larger x.
    case right
    /// Towards smaller y.
    case up
    /// Towards larger y.
    case down
}
