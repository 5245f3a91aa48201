/// A vector shape drawn by both rasterizers from the same description: the icons of
/// the chat UI and the bubble tails. The pixel canvas draws it from analytic shapes
/// (strokes, rings, discs, filled outlines with curves; `IconArt.swift`, drawn by `Target+Icons.swift`),
/// the character grid prints its `gridText` (or `asciiText`), centred in the frame.
///
/// An icon is designed on a 24 x 24 grid and drawn in the largest centred square of
/// its frame; a tail fills its frame (its width and height are the tail's).
public enum Icon: String, Hashable, Sendable, CaseIterable {
    /// The panel's delete key: a backspace glyph (a left-pointing key cap with an X).
    case deleteBackward
    /// The Recents tab: a clock.
    case recents
    /// The search results' tab and the search field: a magnifying glass.
    case search
    /// The input bar's toggle while the system keyboard (or none) is up: a smiling face.
    case emoji
    /// The input bar's toggle while the emoji keyboard is up: a keyboard.
    case keyboard
    /// The send button's glyph: a paper plane.
    case send
    /// An image the provider does not have: a box (the pixel canvas writes the
    /// image's code inside, as the font does for a glyph it lacks).
    case missingImage
    /// A bubble tail pointing left (incoming), attached at the frame's right edge.
    case tailLeft
    /// A bubble tail pointing right (outgoing), attached at the frame's left edge.
    case tailRight

    /// What the Unicode character grid prints (empty: nothing, the tails, whose bubble
    /// outline already shows the sender's side).
    public var gridText: String {
        switch self {
        case .deleteBackward: "⌫"
        case .recents: "◷"
        case .search: "⌕"
        case .emoji: "☺"
        case .keyboard: "⌨"
        case .send: "➤"
        case .missingImage: "▯"
        case .tailLeft, .tailRight: ""
        }
    }

    /// What the strict-ASCII grid prints.
    public var asciiText: String {
        switch self {
        case .deleteBackward: "<x"
        case .recents: "@"
        case .search: "?"
        case .emoji: ":)"
        case .keyboard: "Aa"
        case .send: ">"
        case .missingImage: "[]"
        case .tailLeft, .tailRight: ""
        }
    }

    /// Whether the shape keeps its aspect (icons) or fills its frame (tails).
    public var isTail: Bool { self == .tailLeft || self == .tailRight }
}
