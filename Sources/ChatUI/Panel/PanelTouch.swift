import SimCore

/// One touch sample delivered to the panel, in panel coordinates.
public struct PanelTouch: Hashable, Sendable {
    public enum Phase: Hashable, Sendable { case began, moved, stationary, ended, cancelled }
    public var id: Int
    public var phase: Phase
    public var location: Point
    public var time: SimInstant

    public init(id: Int = 0, phase: Phase, location: Point, time: SimInstant) {
        self.id = id; self.phase = phase; self.location = location; self.time = time
    }
}
