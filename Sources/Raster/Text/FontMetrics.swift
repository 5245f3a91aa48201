import SimCore

/// The metrics every layout uses: those of GNU Unifont at 16 pt, so one layout fits
/// both rasterizers exactly (a half-width glyph is one CharGrid cell, 8 x 16 points).
///
/// Invariant: `halfWidth > 0`, `lineHeight > 0`; `fullWidth` is normally twice
/// `halfWidth`. The inline emoji size is configurable (16 x 16 by default).
public struct FontMetrics: Hashable, Sendable {
    /// The advance of a narrow character, in points (8).
    public var halfWidth: Double
    /// The advance of a wide character (16).
    public var fullWidth: Double
    /// The height of a line (16).
    public var lineHeight: Double
    /// The advance and height of an inline image emoji.
    public var emojiSize: Size
    /// The advance of the ellipsis that ends a truncated line ("…" is half width).
    public var ellipsisWidth: Double { halfWidth }
    /// Width of the caret rectangle (UIKit's is 2 points).
    public var caretWidth: Double
    /// How much larger than the font's 16-point cell glyphs are drawn, in quarters (4 is
    /// 1:1); `magnified(_:)` sets it with the advances. Quarters keep the pixel path in
    /// integers, so a magnified glyph is the same bits natively and in wasm.
    public private(set) var magnificationQuarters: Int = 4
    /// How much larger than the font's cell glyphs are drawn (1 unless `magnified(_:)`).
    public var magnification: Double { Double(magnificationQuarters) / 4 }

    /// Metrics; each length is at least 1 point (sizes at least 0), so layout never divides by 0.
    ///
    /// - Parameters:
    ///   - halfWidth: A narrow character's advance.
    ///   - fullWidth: A wide character's advance.
    ///   - lineHeight: A line's height.
    ///   - emojiSize: An inline image emoji's size.
    ///   - caretWidth: The caret's width.
    public init(halfWidth: Double = 8, fullWidth: Double = 16, lineHeight: Double = 16,
                emojiSize: Size = Size(width: 16, height: 16), caretWidth: Double = 2) {
        self.halfWidth = max(1, halfWidth)
        self.fullWidth = max(1, fullWidth)
        self.lineHeight = max(1, lineHeight)
        self.emojiSize = Size(width: max(0, emojiSize.width), height: max(0, emojiSize.height))
        self.caretWidth = max(0, caretWidth)
    }

    /// Unifont at 16 pt: half width 8, full width 16, line height 16, emoji 16 x 16.
    public static let unifont16 = FontMetrics()

    /// The same metrics with another inline emoji size.
    public func withEmojiSize(_ size: Size) -> FontMetrics {
        var m = self
        m.emojiSize = Size(width: max(0, size.width), height: max(0, size.height))
        return m
    }

    /// The same metrics enlarged by `factor` (rounded to a quarter, 1...4): advances, line
    /// height and emoji size scale and glyphs are drawn that much larger, each font pixel
    /// covering `factor` times as many device pixels (nearest neighbour), as a
    /// magnifier shows text (`InputBar`'s loupe, 1.25).
    public func magnified(_ factor: Double) -> FontMetrics {
        let q = factor.isFinite ? min(16, max(4, Int((factor * 4).rounded()))) : 4
        let k = Double(q) / Double(magnificationQuarters)
        var m = FontMetrics(halfWidth: halfWidth * k, fullWidth: fullWidth * k, lineHeight: lineHeight * k,
                            emojiSize: Size(width: emojiSize.width * k, height: emojiSize.height * k), caretWidth: caretWidth)
        m.magnificationQuarters = q
        return m
    }

    /// The advance of a character.
    @inlinable public func advance(_ width: CharacterWidth) -> Double {
        switch width {
        case .zero: 0
        case .narrow: halfWidth
        case .wide: fullWidth
        }
    }

    /// The advance of a plain string on one line (no wrapping).
    ///
    /// - Complexity: O(n).
    public func width(of string: String) -> Double {
        var w = 0.0
        for c in string { w += advance(CharacterWidth.of(c)) }
        return w
    }
}
