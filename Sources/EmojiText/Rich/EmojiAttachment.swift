/// An emoji inside rich text, with the exact plain text it stands for, so that
/// converting back to plain text gives the original bytes (`[笑哭]`, `[f09f9884]`, `😄`).
public struct EmojiAttachment: Hashable, Sendable {
    /// The catalog entry drawn.
    public var emoji: Emoji
    /// The plain text this attachment is backed by.
    public var backedText: String
    /// How `backedText` writes the emoji: its `[code]`, its UTF-8 hex, or itself.
    public var encoding: PlaceholderEncoding

    /// An attachment backed by the emoji's own placeholder (`[code]`, or the emoji
    /// itself for Unicode emoji): what inserting from the panel produces.
    public init(emoji: Emoji) {
        self.emoji = emoji
        self.backedText = emoji.placeholder
        self.encoding = emoji.kind == .unicode ? .unicode : .code
    }

    /// An attachment backed by text as the scanner found it (`[f09f9884]` for 😄).
    ///
    /// - Parameters:
    ///   - emoji: The entry.
    ///   - backedText: The exact plain text it replaces.
    ///   - encoding: Which form `backedText` is.
    public init(emoji: Emoji, backedText: String, encoding: PlaceholderEncoding) {
        self.emoji = emoji; self.backedText = backedText; self.encoding = encoding
    }
}
