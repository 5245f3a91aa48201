/// The general pasteboard, as a value: cut and copy put the plain backed text here
/// (`你好[笑哭]`), paste reads it back and the scanner turns placeholders into emoji.
///
/// It holds at most `maximumLength` characters: a longer string is cut to its first
/// `maximumLength` characters when it is set (whole characters, so never inside an emoji
/// sequence; a placeholder cut in two stays text). The text view bounds what one paste
/// inserts; this bounds what the pasteboard itself can hold, so an editor configured
/// with no maximum still cannot be doubled past it by select-all, copy, paste, paste.
public struct Pasteboard: Hashable, Sendable {
    /// The most characters the pasteboard holds: ten times
    /// `TextEditor.defaultMaximumLength`, so any text an editor with the default limit (or
    /// up to ten times it) holds is copied whole.
    public static let maximumLength = 100_000

    private var stored: String?

    /// The pasteboard's string, cut to `maximumLength` characters when set.
    /// - Complexity: setting is O(n) in the string's length (its characters are counted).
    public var string: String? {
        get { stored }
        set { stored = newValue.map(Pasteboard.bounded) }
    }

    /// A pasteboard holding `string` (cut to `maximumLength` characters).
    /// - Complexity: O(n) in the string's length.
    public init(string: String? = nil) {
        self.string = string
    }

    /// Whether there is text to paste (`UIPasteboard.hasStrings`): the edit menu shows
    /// Paste only then.
    public var hasStrings: Bool { stored != nil }

    private static func bounded(_ s: String) -> String {
        // UTF-8 bytes bound the characters from above: most strings need no count.
        guard s.utf8.count > maximumLength else { return s }
        var end = s.startIndex
        var n = 0
        while n < maximumLength, end < s.endIndex { s.formIndex(after: &end); n += 1 }
        return end == s.endIndex ? s : String(s[..<end])
    }
}
