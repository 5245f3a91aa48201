import SimCore

/// An inline image emoji inside text: a code that identifies it (`f056`, `笑哭`), the
/// resource name of its image (nil when it only exists as a Unicode emoji), the
/// accessibility label (its meaning), and its Unicode characters when it has some
/// (the CharGrid prints those; otherwise it prints a short code).
public struct InlineEmoji: Hashable, Sendable {
    public var code: String
    public var imageName: String?
    public var label: String
    public var glyph: String?
    /// A size overriding the layout's `FontMetrics.emojiSize`, when set.
    public var size: Size?

    public init(code: String, imageName: String? = nil, label: String, glyph: String? = nil, size: Size? = nil) {
        self.code = code; self.imageName = imageName; self.label = label; self.glyph = glyph; self.size = size
    }
}

/// One run of a text layout's input: plain text, or one inline emoji. EmojiText's
/// RichText converts to `[InlineRun]` (ChatUI's `InlineRun.runs(from:)`).
public enum InlineRun: Hashable, Sendable {
    case text(String)
    case emoji(InlineEmoji)

    /// Convenience for `.emoji(InlineEmoji(...))`.
    public static func emoji(code: String, imageName: String? = nil, label: String,
                             glyph: String? = nil, size: Size? = nil) -> InlineRun {
        .emoji(InlineEmoji(code: code, imageName: imageName, label: label, glyph: glyph, size: size))
    }
}
