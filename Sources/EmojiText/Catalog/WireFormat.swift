/// How an emoji travels on the wire (in the plain text the server sees). A catalog
/// names one (catalog JSON's `wire`, `emojisim catalog --wire`); it decides which text
/// the placeholder scanner reads as which emoji.
public enum WireFormat: String, Hashable, Sendable, CaseIterable {
    /// `[f056]`: the code in brackets.
    case code
    /// `[笑哭]`: the meaning in brackets (or the emoji itself when the meaning is one).
    case meaning
    /// `[f09f9882]`: the UTF-8 bytes of the meaning's emoji in hex.
    case hex
    /// The Unicode emoji itself, as typed.
    case unicode

    /// The wire formats' names, comma-separated, for messages.
    public static var names: String {
        var s = ""
        for w in allCases { s += (s.isEmpty ? "" : ", ") + w.rawValue }
        return s
    }

    /// An emoji as the core knows it on this wire: with `hex` or `unicode`, an image
    /// emoji whose meaning is a single Unicode emoji becomes that Unicode emoji (drawn
    /// with the image, its code kept as a keyword), so `[f09f9882]` or 😂 on the wire
    /// finds it; with `meaning`, the meaning takes the code's place (the code becomes a
    /// keyword). Unicode emoji, and every emoji on the `code` wire, are unchanged. The
    /// one mapping of every catalog reader (native and wasm).
    public func coreEmoji(_ e: Emoji) -> Emoji {
        guard e.kind != .unicode else { return e }
        let m = e.meaning()
        var u = e
        switch self {
        case .hex, .unicode:
            guard Self.isSingleEmoji(m) else { return e }
            u.code = m
            u.kind = .unicode
            u.keywords.append(e.code)
        case .meaning:
            if !m.isEmpty, m != e.code { u.code = m; u.keywords.append(e.code) }
        case .code:
            break
        }
        return u
    }

    /// One grapheme cluster whose first scalar is an emoji (a digit or `#` alone is not).
    public static func isSingleEmoji(_ s: String) -> Bool {
        guard s.count == 1, let first = s.unicodeScalars.first else { return false }
        return first.properties.isEmoji && (first.value > 0xFF || s.unicodeScalars.count > 1)
    }
}
