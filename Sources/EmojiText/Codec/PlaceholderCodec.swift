/// Encoding side of the placeholder codecs (the scanner is the decoding side).
public enum PlaceholderCodec {
    /// `😄` -> `[f09f9884]`: the UTF-8 bytes in lowercase hex, in brackets.
    ///
    /// - Complexity: O(n).
    public static func hexPlaceholder(for emoji: String) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [0x5B]
        for b in emoji.utf8 {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        out.append(0x5D)
        return String(decoding: out, as: UTF8.self)
    }

    /// The plain text with every recognised Unicode emoji written as its hex
    /// placeholder, for servers that store only 3-byte UTF-8 (the seed's reason for
    /// the hex codec). Other text and placeholders are unchanged.
    ///
    /// - Complexity: O(n).
    public static func encodeUnicodeAsHex(_ plain: String, catalog: EmojiCatalog) -> String {
        RichText(parsing: plain, catalog: catalog).plainText(unicodeEmojiAsHex: true)
    }

    /// Parses `plain` into runs (same as `RichText(parsing:catalog:)`).
    public static func decode(_ plain: String, catalog: EmojiCatalog) -> RichText {
        RichText(parsing: plain, catalog: catalog)
    }
}
