import SimCore

/// An inline image emoji inside text: a code that identifies it (`f056`, `笑哭`), the
/// resource name of its image (nil when it only exists as a Unicode emoji), the
/// accessibility label (its meaning), and its Unicode characters when it has some
/// (the CharGrid prints those; otherwise it prints a short code).
public struct InlineEmoji: Hashable, Sendable {
    /// The emoji's code (`f056`, `笑哭`, `😄`).
    public var code: String
    /// The image resource name; nil: drawn as its Unicode characters.
    public var imageName: String?
    /// The accessibility label (the emoji's meaning).
    public var label: String
    /// The Unicode characters, when the emoji has some.
    public var glyph: String?
    /// A size overriding the layout's `FontMetrics.emojiSize`, when set.
    public var size: Size?

    /// - Parameters:
    ///   - code: The emoji's code.
    ///   - imageName: The image resource name.
    ///   - label: The accessibility label.
    ///   - glyph: The Unicode characters.
    ///   - size: A size overriding the layout's emoji size.
    public init(code: String, imageName: String? = nil, label: String, glyph: String? = nil, size: Size? = nil) {
        self.code = code; self.imageName = imageName; self.label = label; self.glyph = glyph; self.size = size
    }
}

/// One run of a text layout's input: plain text, or one inline emoji. EmojiText's
/// RichText converts to `[InlineRun]` (ChatUI's `InlineRun.runs(from:)`).
public enum InlineRun: Hashable, Sendable {
    /// Plain text, broken into characters by the layout.
    case text(String)
    /// One inline emoji, one layout position.
    case emoji(InlineEmoji)

    /// Convenience for `.emoji(InlineEmoji(...))`.
    public static func emoji(code: String, imageName: String? = nil, label: String,
                             glyph: String? = nil, size: Size? = nil) -> InlineRun {
        .emoji(InlineEmoji(code: code, imageName: imageName, label: label, glyph: glyph, size: size))
    }
}
