/// What one editor call did, for the input bar (the delegate moments of UITextView:
/// textViewDidChange, textViewDidChangeSelection; send-button state; a length-limit
/// hint).
public struct EditorChange: Hashable, Sendable, CustomStringConvertible {
    public enum Action: String, Hashable, Sendable {
        case insertText, insertEmoji, deleteBackward, deleteForward, cut, copy, paste
        case select, undo, redo, setMarkedText, commitMarkedText, cancelMarkedText, setText, send
    }

    public var action: Action
    /// The plain text changed (textViewDidChange).
    public var textChanged: Bool
    /// The selection moved (textViewDidChangeSelection).
    public var selectionChanged: Bool
    /// The marked (IME) text or its range changed.
    public var markedTextChanged: Bool
    /// The maximum length cut the insert short (possibly to nothing).
    public var truncated: Bool

    public init(action: Action, textChanged: Bool = false, selectionChanged: Bool = false,
                markedTextChanged: Bool = false, truncated: Bool = false) {
        self.action = action; self.textChanged = textChanged; self.selectionChanged = selectionChanged
        self.markedTextChanged = markedTextChanged; self.truncated = truncated
    }

    /// Nothing happened.
    public var isNone: Bool { !textChanged && !selectionChanged && !markedTextChanged && !truncated }

    public var description: String {
        var flags: [String] = []
        if textChanged { flags.append("text") }
        if selectionChanged { flags.append("selection") }
        if markedTextChanged { flags.append("marked") }
        if truncated { flags.append("truncated") }
        return action.rawValue + "(" + flags.joined(separator: ",") + ")"
    }
}
