/// A named colour role ("bubbleOutgoing", "text", ...). Components draw with roles,
/// never with RGB; a `Theme` resolves them, so one display list renders light or dark.
///
/// Every role carries a one-letter `code` for the CharGrid style layer. Built-in roles
/// use distinct lowercase letters; a custom role picks its own letter (uniqueness
/// among the roles a list uses is the caller's choice, the style legend lists them).
public struct ColorRole: Hashable, Sendable, CustomStringConvertible {
    /// The role's name, as the style legend and theme files write it.
    public var name: String
    /// A lowercase ASCII letter or digit; uppercase letters are reserved for states
    /// (see `StyleCode`).
    public var code: Character

    /// A custom role.
    ///
    /// - Parameters:
    ///   - name: Its name.
    ///   - code: Its style-layer letter (lowercase or a digit).
    public init(_ name: String, code: Character) {
        self.name = name
        self.code = code
    }

    /// The name.
    public var description: String { name }

    // The built-in roles. Their codes are part of the snapshot format: do not change them.
    /// The screen behind everything (the chat background).
    public static let background = ColorRole("background", code: "b")
    /// Raised surfaces: bars, the text view, popovers, the tab bar.
    public static let surface = ColorRole("surface", code: "f")
    /// Body text.
    public static let text = ColorRole("text", code: "t")
    /// Less important text: times, counts, captions.
    public static let secondaryText = ColorRole("secondaryText", code: "s")
    /// The text view's placeholder.
    public static let placeholderText = ColorRole("placeholderText", code: "p")
    /// The app's accent: the Send button, links, the current tab's mark.
    public static let accent = ColorRole("accent", code: "a")
    /// Text drawn on or in the accent colour (markers, the Send label).
    public static let accentText = ColorRole("accentText", code: "x")
    /// Hairlines between areas and around popovers.
    public static let separator = ColorRole("separator", code: "l")
    /// Outlines of controls and the loupe.
    public static let border = ColorRole("border", code: "r")
    /// The fill of a sent message bubble.
    public static let bubbleOutgoing = ColorRole("bubbleOutgoing", code: "o")
    /// Text in a sent bubble.
    public static let bubbleOutgoingText = ColorRole("bubbleOutgoingText", code: "w")
    /// The fill of a received message bubble.
    public static let bubbleIncoming = ColorRole("bubbleIncoming", code: "i")
    /// Text in a received bubble.
    public static let bubbleIncomingText = ColorRole("bubbleIncomingText", code: "j")
    /// The input bar's background.
    public static let inputBackground = ColorRole("inputBackground", code: "n")
    /// The system keyboard's background.
    public static let keyboardBackground = ColorRole("keyboardBackground", code: "k")
    /// A keyboard key (the panel keys too).
    public static let key = ColorRole("key", code: "y")
    /// A key's label.
    public static let keyText = ColorRole("keyText", code: "z")
    /// The emoji panel's background.
    public static let panelBackground = ColorRole("panelBackground", code: "e")
    /// A page dot that is not the current page.
    public static let pageIndicator = ColorRole("pageIndicator", code: "d")
    /// The current page dot.
    public static let pageIndicatorCurrent = ColorRole("pageIndicatorCurrent", code: "c")
    /// The pressed or selected state behind an item (a tab, a previewed key).
    public static let highlight = ColorRole("highlight", code: "h")
    /// The selected text highlight (translucent).
    public static let selection = ColorRole("selection", code: "v")
    /// The text caret.
    public static let caret = ColorRole("caret", code: "q")
    /// Drop shadows (pixel renders only).
    public static let shadow = ColorRole("shadow", code: "u")
    /// Disabled controls and their labels.
    public static let disabled = ColorRole("disabled", code: "g")
    /// Destructive actions (delete, a failed send).
    public static let destructive = ColorRole("destructive", code: "m")
    /// Where an image is missing or not loaded yet.
    public static let imagePlaceholder = ColorRole("imagePlaceholder", code: "1")

    /// Every built-in role, in a fixed order (themes and tests iterate it).
    public static let builtIn: [ColorRole] = [
        .background, .surface, .text, .secondaryText, .placeholderText, .accent, .accentText,
        .separator, .border, .bubbleOutgoing, .bubbleOutgoingText, .bubbleIncoming,
        .bubbleIncomingText, .inputBackground, .keyboardBackground, .key, .keyText,
        .panelBackground, .pageIndicator, .pageIndicatorCurrent, .highlight, .selection,
        .caret, .shadow, .disabled, .destructive, .imagePlaceholder,
    ]
}
