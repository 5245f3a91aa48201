import EmojiText

/// What the panel tells its owner (the input bar / ChatScreen): the panel's delegate
/// calls. Collected in `EmojiPanel.events` (drained by `takeEvents()`) and passed to
/// `EmojiPanel.onEvent` as they happen, in order.
public enum PanelEvent: Hashable, Sendable, CustomStringConvertible {
    /// Insert this emoji at the cursor (a tap, a skin-tone pick, or a preview release
    /// when `previewInserts`).
    case didSelect(Emoji)
    /// Play the keyboard click (UIInputViewAudioFeedback `playInputClick`).
    case inputClick
    /// Delete backwards once. `repeatCount` 0 for a tap, k >= 1 for auto-repeat k.
    case didTapDelete(repeatCount: Int)

    public var description: String {
        switch self {
        case .didSelect(let e): return "didSelect(\(e.code))"
        case .inputClick: return "inputClick"
        case .didTapDelete(let n): return "didTapDelete(\(n))"
        }
    }
}
