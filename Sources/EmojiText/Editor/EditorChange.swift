/// What one editor call did, for the input bar (the delegate moments of UITextView:
/// textViewDidChange, textViewDidChangeSelection; send-button state; a length-limit
/// hint).
public struct EditorChange: Hashable, Sendable, CustomStringConvertible {
    /// Which editor call it was; the raw value is what `description` and traces print.
    public enum Action: String, Hashable, Sendable {
        /// Typed or inserted text (a key, a committed IME candidate, dictation).
        case insertText
        /// An emoji from the panel, as one unit.
        case insertEmoji
        /// The delete key: the unit before the caret, or the selection.
        case deleteBackward
        /// Forward delete: the unit after the caret, or the selection.
        case deleteForward
        /// The selection to the pasteboard and out of the text.
        case cut
        /// The selection to the pasteboard (the text is unchanged).
        case copy
        /// The pasteboard's text in place of the selection.
        case paste
        /// A new caret or selection (a tap, a drag of a handle, select all).
        case select
        /// One edit taken back.
        case undo
        /// One undone edit made again.
        case redo
        /// IME composition text set (shown marked, not yet committed).
        case setMarkedText
        /// The marked text kept as typed.
        case commitMarkedText
        /// The marked text removed.
        case cancelMarkedText
        /// The whole text replaced (a draft restored, the text cleared).
        case setText
        /// The text sent and the input cleared.
        case send
    }

    /// Which call this was.
    public var action: Action
    /// The plain text changed (textViewDidChange).
    public var textChanged: Bool
    /// The selection moved (textViewDidChangeSelection).
    public var selectionChanged: Bool
    /// The marked (IME) text or its range changed.
    public var markedTextChanged: Bool
    /// The maximum length cut the insert short (possibly to nothing).
    public var truncated: Bool

    /// - Parameters:
    ///   - action: The call.
    ///   - textChanged: Whether the plain text changed.
    ///   - selectionChanged: Whether the selection moved.
    ///   - markedTextChanged: Whether the marked text changed.
    ///   - truncated: Whether the length limit cut the insert.
    public init(action: Action, textChanged: Bool = false, selectionChanged: Bool = false,
                markedTextChanged: Bool = false, truncated: Bool = false) {
        self.action = action; self.textChanged = textChanged; self.selectionChanged = selectionChanged
        self.markedTextChanged = markedTextChanged; self.truncated = truncated
    }

    /// Nothing happened.
    public var isNone: Bool { !textChanged && !selectionChanged && !markedTextChanged && !truncated }

    /// The action and what changed: `insertEmoji(text,selection)`, `copy()`.
    public var description: String {
        var flags: [String] = []
        if textChanged { flags.append("text") }
        if selectionChanged { flags.append("selection") }
        if markedTextChanged { flags.append("marked") }
        if truncated { flags.append("truncated") }
        return action.rawValue + "(" + flags.joined(separator: ",") + ")"
    }
}
