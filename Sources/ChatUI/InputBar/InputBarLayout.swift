import SimCore

/// Frames of the bar's parts for a given width and presented height, in the bar's own
/// coordinates (origin at its top-left). Pure and O(1).
///
///     +--------------------------------------------------------------+
///     | [:)]  +------------------------------------------+  [ Send ] |
///     |      | text view (insets 8,0,8,0; padding 5)     |           |
///     |      +------------------------------------------+           |
///     +--------------------------------------------------------------+
///
/// The buttons are bottom-aligned, so they stay next to the last line while the text
/// view grows upwards (the bar's bottom rides the keyboard's top).
public struct InputBarLayout: Hashable, Sendable {
    /// The bar's width (the screen's).
    public var width: Double
    /// The bar's presented height (animated between line counts).
    public var height: Double
    /// The keyboard toggle, at the left.
    public var toggleFrame: Rect
    /// The text view, between the buttons, as high as the bar less its padding.
    public var textViewFrame: Rect
    /// The send button, at the right.
    public var sendFrame: Rect
    /// Width available to a line of text: text view width minus twice the padding.
    public var textContainerWidth: Double

    /// The frames for a bar `width` wide presented `height` high.
    public init(configuration c: InputBarConfiguration, width: Double, height: Double) {
        self.width = width
        self.height = height
        let bottom = height - c.verticalPadding
        toggleFrame = Rect(x: c.spacing, y: bottom - c.toggleSize, width: c.toggleSize, height: c.toggleSize)
        sendFrame = Rect(x: width - c.spacing - c.sendSize.width, y: bottom - c.sendSize.height,
                         width: c.sendSize.width, height: c.sendSize.height)
        // The text view starts at least `spacing` after the toggle, moved right so that
        // its text (after the line-fragment padding) starts on a multiple of 8 pt: a
        // character-grid column, so a selection or caret lands on the same cells as the
        // glyphs it covers.
        let textX = ((toggleFrame.maxX + c.spacing + c.lineFragmentPadding) / 8).rounded(.up) * 8 - c.lineFragmentPadding
        textViewFrame = Rect(x: textX, y: c.verticalPadding,
                             width: max(0, sendFrame.minX - c.spacing - textX),
                             height: max(0, height - 2 * c.verticalPadding))
        textContainerWidth = max(0, textViewFrame.width - 2 * c.lineFragmentPadding)
    }

    /// The text view's height showing `lines` lines (clamped to 1...maxLines).
    public static func textViewHeight(lines: Int, configuration c: InputBarConfiguration, lineHeight: Double) -> Double {
        Double(min(max(lines, 1), max(c.maxLines, 1))) * lineHeight + c.textInsets.vertical
    }

    /// The bar's resting height for `lines` lines of text.
    public static func barHeight(lines: Int, configuration c: InputBarConfiguration, lineHeight: Double) -> Double {
        textViewHeight(lines: lines, configuration: c, lineHeight: lineHeight) + 2 * c.verticalPadding
    }

    /// The text container's width for a bar of `width` (independent of the height).
    public static func textContainerWidth(barWidth: Double, configuration c: InputBarConfiguration) -> Double {
        InputBarLayout(configuration: c, width: barWidth, height: 0).textContainerWidth
    }
}
