/// Which way a plain offset inside a unit moves to a unit boundary.
public enum UnitRounding: Hashable, Sendable {
    /// To the boundary before the unit (the start of an emoji's placeholder).
    case down
    /// To the boundary after the unit.
    case up
}
