/// A piece of rich text: plain text, or one emoji attachment.
public enum RichRun: Hashable, Sendable {
    /// Plain text with no attachment in it.
    case text(String)
    /// One attachment.
    case emoji(EmojiAttachment)

    /// The plain (backed) text of this run.
    public var plainText: String {
        switch self {
        case .text(let s): return s
        case .emoji(let a): return a.backedText
        }
    }
}
