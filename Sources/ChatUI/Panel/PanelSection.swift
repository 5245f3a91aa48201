import EmojiText

/// One group of the panel: its emoji in display order, its name (the tab and trace
/// name) and the emoji drawn on its tab.
public struct PanelSection: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case group, recents, searchResults }
    public var name: String
    public var kind: Kind
    public var emoji: [Emoji]
    /// Tab icon; the first emoji when nil.
    public var icon: Emoji?

    public init(name: String, emoji: [Emoji], icon: Emoji? = nil, kind: Kind = .group) {
        self.name = name; self.emoji = emoji; self.icon = icon; self.kind = kind
    }

    public var tabIcon: Emoji? { icon ?? emoji.first }
}
