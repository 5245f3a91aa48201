import SimCore

extension InputBar {
    /// Lays out the editor's text for the bar's text container width. O(n) in the text.
    static func textLayout(_ s: State) -> InputBarTextLayout {
        let width = InputBarLayout.textContainerWidth(barWidth: s.profile.size.width, configuration: s.configuration)
        let widths: [Double?] = s.editor.elements.map { e in
            switch e {
            case let .character(c):
                if c == "\n" || c == "\r\n" { return nil }
                return (c.unicodeScalars.first?.value ?? 0) < 0x1100 ? 8 : 16
            case .emoji: return 16
            }
        }
        return InputBarTextLayout(widths: widths, width: width, lineHeight: lineHeight,
                                  caret: s.editor.selection.upperBound)
    }

    /// The current text layout (text-container coordinates).
    public var textLayout: InputBarTextLayout { InputBar.textLayout(state) }
}
