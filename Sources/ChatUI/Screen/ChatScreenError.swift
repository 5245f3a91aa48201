/// What a driver asked that the screen cannot do, said plainly.
public enum ChatScreenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input bar refused an action in its current state (e.g. typing with the
    /// emoji keyboard up).
    case inputBar(InputBarError)
    /// A named target that does not exist or is not on screen now.
    case unknownTarget(String, reason: String)
    /// A point outside the screen.
    case pointOutsideScreen(x: Double, y: Double)

    /// One line naming the target, point or input-bar refusal.
    public var description: String {
        switch self {
        case .inputBar(let e): return e.description // already says "input bar: …"
        case let .unknownTarget(name, reason): return "target '\(name)': \(reason)"
        case let .pointOutsideScreen(x, y): return "point (\(x), \(y)) is outside the screen"
        }
    }
}
