import SimCore

/// Where a touch on a finder goes, after actionability: the target's frame, the touch
/// point, and in manual timing why the touch may not activate it.
public struct FinderAim: Hashable, Sendable {
    /// The finder's visible frame (a zero-size rect at a point finder's point).
    public var frame: Rect
    /// Where the touch lands.
    public var point: Point
    /// Why the touch will not do what it is aimed at ("disabled (…); the touch did
    /// nothing"); nil when it will. Only manual timing touches such a target.
    public var doubt: String?
    /// The facts of what was found.
    public var found: FinderHit

    /// An aim.
    ///
    /// - Parameters:
    ///   - found: What was found; its frame and point are aimed at.
    ///   - point: The touch point when not `found.point` (a covered target's centre).
    ///   - doubt: Why the touch will not activate it, if it will not.
    public init(_ found: FinderHit, point: Point? = nil, doubt: String? = nil) {
        self.found = found
        self.frame = found.frame
        self.point = point ?? found.point
        self.doubt = doubt
    }
}
