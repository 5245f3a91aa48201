import SimCore
import Raster

extension InputBar {
    /// Lays out the editor's text with Raster's `TextLayout` for the bar's text
    /// container width (text view width minus the line-fragment padding on both sides),
    /// so the pixels and the character grid agree. O(n) in the text.
    ///
    /// Text positions of the layout are the editor's positions: one per grapheme
    /// cluster, inline emoji or newline.
    static func textLayout(_ s: State) -> TextLayout {
        let width = InputBarLayout.textContainerWidth(barWidth: s.profile.size.width, configuration: s.configuration)
        return TextLayout(editorRuns(s), maxWidth: width)
    }

    /// The current text layout, in text-container coordinates (origin at the first
    /// line's top-left, after the top inset and the left padding).
    public var textLayout: TextLayout { InputBar.textLayout(state) }

    /// The caret rectangle in text-container coordinates (at the selection's end).
    public var caretRect: Rect { textLayout.caretRect(at: selectedRange.upperBound) }
}
