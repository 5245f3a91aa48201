/// A named colour role ("bubbleOutgoing", "text", ...). Components draw with roles,
/// never with RGB; a `Theme` resolves them, so one display list renders light or dark.
///
/// Every role carries a one-letter `code` for the CharGrid style layer. Built-in roles
/// use distinct lowercase letters; a custom role picks its own letter (uniqueness
/// among the roles a list uses is the caller's choice, the style legend lists them).
public struct ColorRole: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    /// A lowercase ASCII letter or digit; uppercase letters are reserved for states
    /// (see `StyleCode`).
    public var code: Character

    public init(_ name: String, code: Character) {
        self.name = name
        self.code = code
    }

    public var description: String { name }

    // The built-in roles. Their codes are part of the snapshot format: do not change them.
    public static let background = ColorRole("background", code: "b")
    public static let surface = ColorRole("surface", code: "f")
    public static let text = ColorRole("text", code: "t")
    public static let secondaryText = ColorRole("secondaryText", code: "s")
    public static let placeholderText = ColorRole("placeholderText", code: "p")
    public static let accent = ColorRole("accent", code: "a")
    public static let accentText = ColorRole("accentText", code: "x")
    public static let separator = ColorRole("separator", code: "l")
    public static let border = ColorRole("border", code: "r")
    public static let bubbleOutgoing = ColorRole("bubbleOutgoing", code: "o")
    public static let bubbleOutgoingText = ColorRole("bubbleOutgoingText", code: "w")
    public static let bubbleIncoming = ColorRole("bubbleIncoming", code: "i")
    public static let bubbleIncomingText = ColorRole("bubbleIncomingText", code: "j")
    public static let inputBackground = ColorRole("inputBackground", code: "n")
    public static let keyboardBackground = ColorRole("keyboardBackground", code: "k")
    public static let key = ColorRole("key", code: "y")
    public static let keyText = ColorRole("keyText", code: "z")
    public static let panelBackground = ColorRole("panelBackground", code: "e")
    public static let pageIndicator = ColorRole("pageIndicator", code: "d")
    public static let pageIndicatorCurrent = ColorRole("pageIndicatorCurrent", code: "c")
    public static let highlight = ColorRole("highlight", code: "h")
    public static let selection = ColorRole("selection", code: "v")
    public static let caret = ColorRole("caret", code: "q")
    public static let shadow = ColorRole("shadow", code: "u")
    public static let disabled = ColorRole("disabled", code: "g")
    public static let destructive = ColorRole("destructive", code: "m")
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
