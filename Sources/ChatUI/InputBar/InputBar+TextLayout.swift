import SimCore
import Raster

extension InputBar {
    /// What the state caches (named here so InputBar.swift needs no Raster import).
    typealias CachedTextLayout = TextLayout

    /// The text container width the bar's text is broken for: the text view's width
    /// minus the line-fragment padding on both sides.
    static func textContainerWidth(_ s: State) -> Double {
        InputBarLayout.textContainerWidth(barWidth: s.profile.size.width, configuration: s.configuration)
    }

    /// Lays out the editor's text with Raster's `TextLayout` for the bar's text
    /// container width, so the pixels and the character grid agree.
    ///
    /// Uses the layout `finish` cached in the state when it is the layout of this very
    /// text (its runs are the editor's runs: same strings, so the check costs O(runs));
    /// otherwise lays out from scratch, O(n). Text positions of the layout are the
    /// editor's positions: one per grapheme cluster, inline emoji or newline.
    static func textLayout(_ s: State) -> TextLayout {
        let width = textContainerWidth(s)
        let runs = editorRuns(s)
        if let cached = s.cachedTextLayout.value, cached.maxWidth == width, cached.runs == runs { return cached }
        return TextLayout(runs, maxWidth: width)
    }

    /// Brings the cached layout up to date with the editor and returns it: an edit
    /// re-lays out only the lines it touched (`TextLayout.update(to:)`, which equals a
    /// full layout), so typing is O(1 line) per character rather than O(text). A new
    /// width lays out from scratch. `send` hands the cache to the state it edits, so the
    /// update mutates it in place rather than copying it.
    static func updateTextLayout(_ s: inout State) -> TextLayout {
        let width = textContainerWidth(s)
        let runs = editorRuns(s)
        guard var layout = s.cachedTextLayout.value, layout.maxWidth == width else {
            let fresh = TextLayout(runs, maxWidth: width)
            s.cachedTextLayout = Cached(fresh)
            return fresh
        }
        s.cachedTextLayout = Cached() // one owner while it is edited
        layout.update(to: runs)
        s.cachedTextLayout = Cached(layout)
        return layout
    }

}

extension InputBar.State {
    /// The current text layout, in text-container coordinates (origin at the first
    /// line's top-left, after the top inset and the left padding).
    public var textLayout: TextLayout { InputBar.textLayout(self) }

    /// The caret rectangle in text-container coordinates (at the selection's end).
    public var caretRect: Rect { textLayout.caretRect(at: selectedRange.upperBound) }
}
