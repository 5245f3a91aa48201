import EmojiText

/// One group of the panel: its emoji in display order, its name (the tab and trace
/// name) and the emoji drawn on its tab.
public struct PanelSection: Hashable, Sendable {
    /// Where the section's emoji come from.
    public enum Kind: Hashable, Sendable {
        /// A catalog group.
        case group
        /// The recently used emoji (empty until one is used).
        case recents
        /// The results of the search field's query.
        case searchResults
    }
    /// Identity (the catalog group name); also the trace name.
    public var name: String
    /// What the tab says (accessibility label); the name when nil.
    public var title: String?
    /// Catalog group, recents or search results: decides the tab's icon.
    public var kind: Kind
    /// The section's emoji in grid order.
    public var emoji: [Emoji]
    /// Tab icon; the first emoji when nil.
    public var icon: Emoji?

    /// Creates a section; each parameter sets the property of the same name.
    ///
    /// - Parameters:
    ///   - name: The section's identity.
    ///   - title: The tab's label, or `nil` for the name.
    ///   - emoji: The emoji in grid order.
    ///   - icon: The tab icon, or `nil` for the first emoji.
    ///   - kind: Where the emoji come from.
    public init(name: String, title: String? = nil, emoji: [Emoji], icon: Emoji? = nil, kind: Kind = .group) {
        self.name = name; self.title = title; self.emoji = emoji; self.icon = icon; self.kind = kind
    }

    /// The sections of a catalog's groups, titled for `locale`.
    ///
    /// - Parameters:
    ///   - catalog: The catalog.
    ///   - locale: The locale of the titles ("" for the default).
    /// - Returns: One `.group` section per catalog group, in order.
    /// - Complexity: O(*g*) in the groups (emoji arrays are shared, not copied).
    public static func sections(of catalog: EmojiCatalog, locale: String = "") -> [PanelSection] {
        catalog.groups.map { PanelSection(name: $0.name, title: $0.title(for: locale), emoji: $0.emojis) }
    }

    /// The tab icon of a group: its icon, else its first emoji. Recents and search
    /// results have vector icons of their own (`Icon.recents`, `Icon.search`).
    public var tabIcon: Emoji? { kind == .group ? icon ?? emoji.first : nil }

    /// What the search results' tab says (its accessibility label).
    public static let searchResultsTitle = "Search results"
}
