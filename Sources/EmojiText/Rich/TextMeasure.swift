/// How plain-text lengths and offsets are counted.
public enum TextMeasure: String, Hashable, Sendable, CaseIterable {
    /// Swift `Character`s (grapheme clusters): what a server counting user-perceived
    /// characters sees. `[笑哭]` is 4, `👨‍👩‍👧` is 1.
    case characters
    /// UTF-16 code units, as NSString/NSRange and UITextView count. `😄` is 2.
    case utf16
    /// UTF-8 bytes.
    case utf8
}
