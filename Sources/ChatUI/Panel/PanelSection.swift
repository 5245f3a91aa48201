import EmojiText

/// One group of the panel: its emoji in display order, its name (the tab and trace
/// name) and the emoji drawn on its tab.
public struct PanelSection: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case group, recents, searchResults }
    /// Identity (the catalog group name); also the trace name.
    public var name: String
    /// What the tab says (accessibility label); the name when nil.
    public var title: String?
    public var kind: Kind
    public var emoji: [Emoji]
    /// Tab icon; the first emoji when nil.
    public var icon: Emoji?

    public init(name: String, title: String? = nil, emoji: [Emoji], icon: Emoji? = nil, kind: Kind = .group) {
        self.name = name; self.title = title; self.emoji = emoji; self.icon = icon; self.kind = kind
    }

    /// The sections of a catalog's groups, titled for `locale`.
    public static func sections(of catalog: EmojiCatalog, locale: String = "") -> [PanelSection] {
        catalog.groups.map { PanelSection(name: $0.name, title: $0.title(for: locale), emoji: $0.emojis) }
    }

    /// The tab icon of a group: its icon, else its first emoji. Recents and search
    /// results have vector icons of their own (`Icon.recents`, `Icon.search`).
    public var tabIcon: Emoji? { kind == .group ? icon ?? emoji.first : nil }

    /// What the search results' tab says (its accessibility label).
    public static let searchResultsTitle = "Search results"
}
