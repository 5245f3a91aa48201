/// Which keyboard is the text view's input view: none (not first responder or
/// resigned), the system keyboard, or the emoji keyboard (the EmojiPanel set as
/// `inputView`). The emoji keyboard is abstract here: a height and a state; ChatScreen
/// draws the real panel inside `Keyboard.frame(at:)`.
public enum KeyboardKind: String, Hashable, Sendable, CaseIterable {
    /// No keyboard: the text view is not first responder.
    case none
    /// The system keyboard (the text view's default input view).
    case system
    /// The emoji panel as the input view.
    case emoji
}
