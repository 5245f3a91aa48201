/// One editing unit of rich text: a grapheme cluster (`Character`) of text, or one
/// whole attachment. Carets sit between units; deletion removes whole units.
public enum RichUnit: Hashable, Sendable {
    /// One grapheme cluster of text.
    case character(Character)
    /// One attachment, however long its backing text.
    case emoji(EmojiAttachment)

    /// The unit's plain text: the character, or the attachment's backing text.
    public var plainText: String {
        switch self {
        case .character(let c): return String(c)
        case .emoji(let a): return a.backedText
        }
    }

    /// The attachment, nil for a character.
    public var attachment: EmojiAttachment? {
        if case .emoji(let a) = self { return a }
        return nil
    }

    /// The length of the unit's plain text in `measure`.
    public func length(in measure: TextMeasure) -> Int {
        switch (self, measure) {
        case (.character, .characters): return 1
        case (.character(let c), .utf16): return c.utf16.count
        case (.character(let c), .utf8): return c.utf8.count
        case (.emoji(let a), .characters): return a.backedText.count
        case (.emoji(let a), .utf16): return a.backedText.utf16.count
        case (.emoji(let a), .utf8): return a.backedText.utf8.count
        }
    }
}
