/// A named group of emoji, shown as one category (one tab of the panel's category bar).
public struct EmojiGroup: Hashable, Sendable {
    /// Stable name, unique within a catalog (`经典`, `Seed`, `Emoji`).
    public var name: String
    /// Display titles by locale; the empty key holds the default. Falls back to `name`.
    public var titles: [String: String]
    /// Emoji in display order.
    public var emojis: [Emoji]

    /// - Parameters:
    ///   - name: The stable name.
    ///   - titles: Display titles by locale (`""` the default); empty: the name is shown.
    ///   - emojis: The emoji in display order.
    public init(name: String, titles: [String: String] = [:], emojis: [Emoji]) {
        self.name = name; self.titles = titles; self.emojis = emojis
    }

    /// The title for `locale`, falling back to the default title, then the name.
    public func title(for locale: String = "") -> String {
        titles[locale] ?? titles[""] ?? name
    }

    /// Emoji in the group (what the panel lays out in pages).
    public var count: Int { emojis.count }
}
