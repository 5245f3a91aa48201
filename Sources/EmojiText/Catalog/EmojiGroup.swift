/// A named group of emoji, shown as one category (one tab of the panel's category bar).
public struct EmojiGroup: Hashable, Sendable {
    /// Stable name, unique within a catalog (`经典`, `Seed`, `Emoji`).
    public var name: String
    /// Display titles by locale; the empty key holds the default. Falls back to `name`.
    public var titles: [String: String]
    /// Emoji in display order.
    public var emojis: [Emoji]

    public init(name: String, titles: [String: String] = [:], emojis: [Emoji]) {
        self.name = name; self.titles = titles; self.emojis = emojis
    }

    /// The title for `locale`, falling back to the default title, then the name.
    public func title(for locale: String = "") -> String {
        titles[locale] ?? titles[""] ?? name
    }

    public var count: Int { emojis.count }
}
