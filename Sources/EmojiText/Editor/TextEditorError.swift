/// A rejected editor call: a position or range outside the text, in units.
public enum TextEditorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `position` is not a caret position; valid positions are 0...unitCount.
    case positionOutOfRange(position: Int, unitCount: Int)
    /// `range` does not lie in 0...unitCount.
    case rangeOutOfBounds(lower: Int, upper: Int, unitCount: Int)

    /// The position or range and the valid ones, in units.
    public var description: String {
        switch self {
        case .positionOutOfRange(let p, let n):
            return "caret position \(p) is outside the text (valid: 0...\(n) units)"
        case .rangeOutOfBounds(let l, let u, let n):
            return "selection \(l)..<\(u) is outside the text (valid: within 0...\(n) units)"
        }
    }
}
