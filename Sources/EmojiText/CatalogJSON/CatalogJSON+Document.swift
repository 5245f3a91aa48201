import SimCore

extension CatalogJSON {
    /// A catalog JSON as read: what the file says, checked, before its paths are
    /// resolved against a folder (natively) or matched to dropped files (the playground).
    public struct Document: Sendable {
        /// How emoji travel in the server's text (`wire`, default `code`).
        public var wire: WireFormat
        /// `unicodeVersion`, informational.
        public var unicodeVersion: String?
        /// The panel's tabs, in order.
        public var groups: [Group]
        /// What a lenient read skipped (empty otherwise).
        public var skipped: [Failure]
    }

    /// One group (a tab).
    public struct Group: Sendable {
        /// Unique in the catalog.
        public var name: String
        /// Display titles by locale (`""` the default); empty: the tab shows `name`.
        public var titles: [String: String]
        /// The tab icon, when given.
        public var icon: Path?
        /// The group's entries in panel order.
        public var emoji: [Entry]
        /// Index of the group in the file's `groups` (skipped groups keep their numbers).
        public var index: Int
    }

    /// One emoji entry.
    public struct Entry: Sendable {
        /// 0-based over the whole catalog, counting skipped entries (errors use it).
        public var index: Int
        /// Byte offset of the entry's object in the file.
        public var offset: Int
        /// Unique in the catalog.
        public var code: String
        /// `kind`: `unicode`, `staticImage` or `animatedImage`.
        public var kind: Emoji.Kind
        /// `image`: the still or animated file; for a sequence, the name it is known by.
        public var image: Path?
        /// `frames`: an image sequence's stills in order (nil: not a sequence).
        public var frames: [Path]?
        /// `width` and `height` (both given), in points.
        public var size: Size?
        /// Locale (`""` the default) to meaning.
        public var meanings: [String: String]
        /// `keywords`: extra search terms, in file order.
        public var keywords: [String]
        /// Skin-tone variants of a `unicode` emoji, each with its own image when given.
        public var variants: [Variant]
    }

    /// A skin-tone variant: its code, and its image and own meanings when the file
    /// names them.
    public struct Variant: Hashable, Sendable {
        /// The variant's own code (the base with a modifier: `👋🏻`).
        public var code: String
        /// The variant's image, nil when the file gives none (drawn as text).
        public var image: Path?
        /// Locale to meaning (`waving hand: light skin tone`); empty: named from the base.
        public var meanings: [String: String]
    }

    /// A path inside the catalog's folder, as `name` (normalized: no `.`, no `..`, no
    /// empty components, never absolute), with where it was written.
    public struct Path: Hashable, Sendable {
        /// The normalized path, relative to the catalog's folder (`a/./b/../c` is `a/c`).
        public var name: String
        /// The path as the file wrote it.
        public var written: String
        /// The key holding it (`image`, `frames[2]`, `groups[0].icon`, `variants[1].image`).
        public var key: String
        /// Byte offset of the string in the file.
        public var offset: Int
    }
}
