import SimCore

// What a porter's logs show of the catalog's values. The defaults print an `Emoji` as
// `Emoji(box: EmojiText.Emoji.Box)` and a catalog or a rich text as every private
// table it holds; these print what the value stands for, in the words traces and
// scripts use (codes, placeholders, group names). No reflection: the wasm build has none.

extension Emoji: CustomStringConvertible {
    /// `Emoji(笑哭)`, `Emoji(f056)`, `Emoji(😄)`: the emoji's code.
    public var description: String { "Emoji(\(code))" }
}

extension EmojiGroup: CustomStringConvertible {
    /// `EmojiGroup(经典, 3 emoji)`: the group's name and size.
    public var description: String { "EmojiGroup(\(name), \(count) emoji)" }
}

extension EmojiCatalog: CustomStringConvertible {
    /// `EmojiCatalog(2 groups, 5 emoji: 经典 3, Emoji 2)`: the groups in display order
    /// with their sizes (skin-tone variants are not counted).
    /// - Complexity: O(groups).
    public var description: String {
        let groupWord = groups.count == 1 ? "group" : "groups"
        let each = groups.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
        return "EmojiCatalog(\(groups.count) \(groupWord), \(count) emoji\(each.isEmpty ? "" : ": " + each))"
    }
}

extension RichText: CustomStringConvertible {
    /// `RichText("hi [笑哭]", 1 emoji)`: the backed plain text and how many attachments
    /// it holds (not the catalog's entry table the parse shares).
    public var description: String {
        "RichText(\(quotedLiteral(plainText)), \(attachmentCount) emoji)"
    }
}
