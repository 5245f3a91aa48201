import SimCore
import EmojiText

/// What the panel tells its host (a `ChatScreen`, a `Host<EmojiPanel>`), returned by
/// `EmojiPanel.reduce(into:_:at:)` in order: the panel's delegate calls and its delegate
/// moments. The host makes each moment a trace line (`EmojiPanel.trace(_:at:)`, the one
/// place a panel event becomes a line) and acts on the calls; the panel performs nothing.
public enum PanelEvent: Hashable, Sendable, CustomStringConvertible {
    /// Insert this emoji at the cursor (a tap, a skin-tone pick, or a preview release
    /// when `previewInserts`).
    case didSelect(Emoji)
    /// Play the keyboard click (UIInputViewAudioFeedback `playInputClick`).
    case inputClick
    /// Delete backwards once. `repeatCount` 0 for a tap, k >= 1 for auto-repeat k.
    case didTapDelete(repeatCount: Int)
    /// A delegate moment (didSelect, didChangePage, previewBegan, the scroll moments...):
    /// its name and arguments in order, at the instant it happened (a deadline's moments
    /// at their own instants, which may precede the action's). Only observed: a host
    /// traces it (source `panel`), a port may log it or call its own delegate with it.
    case moment(name: String, fields: [TraceEvent.Field], at: SimInstant)

    /// True for a delegate moment (not a delegate call).
    public var isMoment: Bool {
        if case .moment = self { return true }
        return false
    }

    /// A compact form for test messages: `didSelect(微笑)`, `didTapDelete(2)`,
    /// `moment(0.300s didChangePage group=经典 page=1)`.
    public var description: String {
        switch self {
        case .didSelect(let e): return "didSelect(\(e.code))"
        case .inputClick: return "inputClick"
        case .didTapDelete(let n): return "didTapDelete(\(n))"
        case let .moment(name, fields, t): return "moment(\(t) \(name)" + fields.map { " \($0.key)=\($0.value)" }.joined() + ")"
        }
    }
}
