/// How an attachment was written in the plain text.
public enum PlaceholderEncoding: String, Hashable, Sendable {
    /// `[code]`: a file-name code (`[f056]`) or a description (`[笑哭]`).
    case code
    /// `[f09f9884]`: the UTF-8 bytes of a Unicode emoji in hex.
    case utf8Hex
    /// The Unicode emoji itself (`😄`).
    case unicode
}
