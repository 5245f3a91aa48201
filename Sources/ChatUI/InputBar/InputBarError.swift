import SimCore

/// A scripted action the bar cannot perform in its current state. The message says
/// what was attempted and what state refused it, so a scenario failure is readable.
public enum InputBarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Typing, IME composition, return or the system backspace need the system
    /// keyboard; `keyboard` is what was up instead.
    case needsSystemKeyboard(action: String, keyboard: KeyboardKind)
    /// Selecting an emoji or the panel's delete key need the emoji keyboard.
    case needsEmojiKeyboard(action: String, keyboard: KeyboardKind)
    /// Editing menu actions need the text view to be first responder.
    case notFirstResponder(action: String)
    /// A selection outside the text.
    case selectionOutOfBounds(location: Int, length: Int, textLength: Int)
    /// A screen size that is not positive and finite (or absurdly large).
    case invalidSize(width: Double, height: Double)

    /// `input bar: cannot ACTION: REASON`, one line.
    public var description: String {
        switch self {
        case let .needsSystemKeyboard(action, keyboard):
            return "input bar: cannot \(action): the system keyboard is not up (keyboard: \(keyboard.rawValue))"
        case let .needsEmojiKeyboard(action, keyboard):
            return "input bar: cannot \(action): the emoji keyboard is not up (keyboard: \(keyboard.rawValue))"
        case let .notFirstResponder(action):
            return "input bar: cannot \(action): the text view is not first responder"
        case let .selectionOutOfBounds(location, length, textLength):
            return "input bar: selection \(location)+\(length) is outside the text (length \(textLength))"
        case let .invalidSize(width, height):
            return "input bar: cannot resize to \(formatPoints(width))x\(formatPoints(height)): sizes must be positive, finite and at most 100000 pt"
        }
    }
}
