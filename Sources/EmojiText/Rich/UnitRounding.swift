/// Which way a plain offset inside a unit moves to a unit boundary.
public enum UnitRounding: Hashable, Sendable {
    case down
    case up
}
