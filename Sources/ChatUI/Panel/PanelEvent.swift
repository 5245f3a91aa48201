import SimCore
import EmojiText

/// What the panel tells its host (a `ChatScreen`, a `Host<EmojiPanel>`), returned by
/// `EmojiPanel.reduce(into:_:at:)` in order: the panel's delegate calls and the trace lines of
/// its delegate moments. The host performs them; the panel performs nothing.
public enum PanelEvent: Hashable, Sendable, CustomStringConvertible {
    /// Insert this emoji at the cursor (a tap, a skin-tone pick, or a preview release
    /// when `previewInserts`).
    case didSelect(Emoji)
    /// Play the keyboard click (UIInputViewAudioFeedback `playInputClick`).
    case inputClick
    /// Delete backwards once. `repeatCount` 0 for a tap, k >= 1 for auto-repeat k.
    case didTapDelete(repeatCount: Int)
    /// A delegate moment (didSelect, didChangePage, previewBegan, the scroll moments...)
    /// as the line the host records in its trace (source `panel`).
    case trace(TraceEvent)

    /// True for a trace line (not a delegate call).
    public var isTrace: Bool {
        if case .trace = self { return true }
        return false
    }

    /// A compact form for test messages: `didSelect(微笑)`, `didTapDelete(2)`, `trace(…)`.
    public var description: String {
        switch self {
        case .didSelect(let e): return "didSelect(\(e.code))"
        case .inputClick: return "inputClick"
        case .didTapDelete(let n): return "didTapDelete(\(n))"
        case .trace(let t): return "trace(\(t.description))"
        }
    }
}
