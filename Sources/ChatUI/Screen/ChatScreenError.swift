/// What a test or script asked of the screen that it cannot do, said plainly (touches
/// that cannot land are the Tester's `TesterError`).
public enum ChatScreenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input bar refused an action in its current state (e.g. typing with the
    /// emoji keyboard up).
    case inputBar(InputBarError)

    /// The input bar's refusal, in one line.
    public var description: String {
        switch self {
        case .inputBar(let e): return e.description // already says "input bar: …"
        }
    }
}
