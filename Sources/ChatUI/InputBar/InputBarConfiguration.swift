import SimCore
import EmojiText

/// Everything about an input bar that a host app chooses. The defaults reproduce the
/// seeds' bar: UITextView insets, 1 to 5 lines, send keeps the keyboard.
public struct InputBarConfiguration: Hashable, Sendable {
    /// Lines shown before the text view scrolls internally (at least 1).
    public var maxLines: Int = 5
    /// Shown in the placeholder colour while the text is empty (nil: none).
    public var placeholder: String? = nil
    /// UITextView's `textContainerInset` default.
    public var textInsets = Insets(top: 8, left: 0, bottom: 8, right: 0)
    /// UITextView's `lineFragmentPadding` default, on both sides of every line.
    public var lineFragmentPadding: Double = 5
    /// Duration of the bar's height animation when the line count changes. Curve 7, so
    /// a bar that grows while the keyboard moves keeps the keyboard's rhythm.
    public var heightAnimationDuration = SimDuration.milliseconds(250)
    /// Whether the keyboard stays up after a send (the seeds keep it).
    public var keepsKeyboardOnSend = true
    /// Return key type `.send`: return sends instead of inserting a newline.
    public var returnKeySends = true
    /// Maximum length in `lengthMeasure` (nil: unlimited), as the server counts the
    /// plain text (`[f056]` is 6 characters); input past it is cut at a unit boundary,
    /// never inside an emoji, with a `textTruncated` trace line. Default
    /// `TextEditor.defaultMaximumLength` (10,000 characters).
    public var maxLength: Int? = TextEditor.defaultMaximumLength
    /// How `maxLength` counts: plain characters (default) or UTF-16 units.
    public var lengthMeasure: TextMeasure = .characters
    /// Whether the bar takes touches while an animation moves it (riding the keyboard,
    /// growing with the text): UIView animations' `.allowUserInteraction` option.
    /// UIKit's default, and what the seeds' code gets (seed 004 moves the bar with
    /// `+[UIView animateWithDuration:animations:]`, which passes no options), is
    /// `false`: a touch down on the moving bar goes to what is behind it. A finger
    /// already down is tracked either way.
    public var allowsUserInteractionWhileAnimating = false
    /// Send Unicode emoji as UTF-8 hex placeholders (`[f09f9884]`), for servers that
    /// store only 3-byte UTF-8.
    public var serverEncodesUnicodeAsHex = false

    // Bar metrics in points, chosen for the 8 x 16 character grid: a one-line bar is
    // 8 + (8 + 16 + 8) + 8 = 48 pt (three rows), and every text line starts on a row
    // edge (16 + 16 k) when the bar does, so the grid and the pixels show the same lines.
    /// Space above and below the text view inside the bar.
    public var verticalPadding: Double = 8
    /// Space between the bar's edges and the buttons, and between buttons and text view.
    public var spacing: Double = 8
    /// The toggle button is a square of this side, bottom-aligned.
    public var toggleSize: Double = 32
    /// The send button's size, bottom-aligned at the right.
    public var sendSize = Size(width: 56, height: 32)
    /// The send button's title.
    public var sendTitle = "Send"

    /// The defaults: five lines, no placeholder, the keyboard kept on send, return sends,
    /// `TextEditor.defaultMaximumLength` characters.
    public init() {}

    /// A configuration with the behaviour settings given and the default metrics
    /// (`maxLines` is at least 1).
    public init(maxLines: Int = 5, placeholder: String? = nil, keepsKeyboardOnSend: Bool = true,
                returnKeySends: Bool = true, maxLength: Int? = TextEditor.defaultMaximumLength) {
        self.maxLines = max(1, maxLines)
        self.placeholder = placeholder
        self.keepsKeyboardOnSend = keepsKeyboardOnSend
        self.returnKeySends = returnKeySends
        self.maxLength = maxLength
    }
}
