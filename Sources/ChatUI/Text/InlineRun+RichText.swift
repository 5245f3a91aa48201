import EmojiText
import Raster

// The bridge between EmojiText's rich text and Raster's text layout lives here, in
// ChatUI, the first module that needs both: Raster draws inline runs and knows
// nothing of catalogs or placeholders.

extension InlineEmoji {
    /// The inline form of a catalog emoji: its code, image, meaning in `locale` as the
    /// label, and for Unicode emoji the characters themselves as the glyph.
    ///
    /// - Parameters:
    ///   - emoji: A catalog emoji.
    ///   - locale: The meaning locale for the label ("" for the catalog's default).
    public init(_ emoji: Emoji, locale: String = "") {
        self.init(code: emoji.code, imageName: emoji.imageName, label: emoji.meaning(for: locale),
                  glyph: emoji.kind == .unicode ? emoji.code : nil)
    }
}

extension InlineRun {
    /// The runs of rich text: text runs as they are, each attachment one inline emoji.
    /// Layout positions then equal RichText units (one per grapheme cluster or
    /// attachment), so editor carets map to layout carets one to one.
    ///
    /// - Parameters:
    ///   - rich: The decoded text.
    ///   - locale: The meaning locale for emoji labels.
    /// - Returns: One inline run per rich-text run.
    /// - Complexity: O(*r*) in the number of runs.
    public static func runs(from rich: RichText, locale: String = "") -> [InlineRun] {
        rich.runs.map { run in
            switch run {
            case .text(let s): .text(s)
            case .emoji(let a): .emoji(InlineEmoji(a.emoji, locale: locale))
            }
        }
    }
}

extension TextLayout {
    /// Lays out rich text (see `InlineRun.runs(from:)`).
    ///
    /// - Parameters:
    ///   - rich: The decoded text.
    ///   - maxWidth: The width lines wrap at; `.infinity` for no wrapping.
    ///   - maxLines: The most lines kept; 0 for no limit.
    ///   - metrics: The font's cell metrics.
    ///   - locale: The meaning locale for emoji labels.
    /// - Complexity: O(*n*) in the text's length.
    public init(_ rich: RichText, maxWidth: Double = .infinity, maxLines: Int = 0,
                metrics: FontMetrics = .unifont16, locale: String = "") {
        self.init(InlineRun.runs(from: rich, locale: locale), maxWidth: maxWidth, maxLines: maxLines, metrics: metrics)
    }
}
