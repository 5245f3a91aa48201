import Foundation
import EmojiText

/// The formats EmojiSim reads. Each converts to EmojiSim's own JSON.
public enum CatalogFormat: String, Hashable, Sendable, CaseIterable {
    /// The seeds' emtions.plist + emtionMeans.plist pair (with EmtionImages/).
    case seedPlist = "seed-plist"
    /// PPStickerKeyboard's InnerStickersInfo.plist: packs of {image, desc}.
    case stickerPack = "sticker-pack"
    /// GYEmotion / Weibo info.plist lists, one per folder (the folder is the group).
    case weiboList = "weibo"
    /// Unicode's emoji-test.txt.
    case unicodeTest = "unicode"
    /// A folder of images named by code point (Noto `emoji_u1f600.png`, Twemoji `1f600.png`).
    case codePointFolder = "folder"
    /// EmojiSim's own JSON (docs/CATALOG-JSON.md).
    case json
}

/// One group as imported: a name, its display titles, an optional tab icon image, its
/// emoji in file order.
public struct ImportedGroup: Hashable, Sendable {
    /// Unique in the catalog: how scripts and finders name the tab.
    public var name: String
    /// Display titles by locale (`""` the default); empty: the tab shows `name`.
    public var titles: [String: String]
    /// Resource name of the tab icon image.
    public var icon: String?
    /// The group's emoji in file order; this order is the order of the panel's grid.
    public var emoji: [Emoji]
    /// Skin-tone variants by base emoji code (Unicode catalogs).
    public var variants: [String: [String]]
    /// Image resource names of skin-tone variants, by variant code, where the catalog
    /// names one (code-point folders, catalog JSON `variants` objects).
    public var variantImages: [String: String]

    /// A group; see the properties.
    ///
    /// - Parameters:
    ///   - name: The group's unique name.
    ///   - titles: Display titles by locale.
    ///   - icon: The tab icon's resource name.
    ///   - emoji: The entries, in grid order.
    ///   - variants: Skin-tone variant codes by base code.
    ///   - variantImages: Variant image resource names by variant code.
    public init(name: String, titles: [String: String] = [:], icon: String? = nil, emoji: [Emoji] = [],
                variants: [String: [String]] = [:], variantImages: [String: String] = [:]) {
        self.name = name; self.titles = titles; self.icon = icon; self.emoji = emoji
        self.variants = variants; self.variantImages = variantImages
    }
}

/// A catalog read from the user's files, before it becomes an `EmojiCatalog`: it keeps
/// what `catalog check` and `catalog convert` need (where each image is, what was
/// skipped, the wire format). Creating one checks `CatalogLimits`.
public struct ImportedCatalog: Sendable {
    /// Which importer read it; `catalog convert` and `catalog show` report it.
    public var format: CatalogFormat
    /// The file or folder it came from.
    public var source: URL
    /// The folder resource names are relative to (and every file of the catalog is
    /// inside): the catalog file's folder, or the folder given.
    public var root: URL
    /// The groups in tab order; names are unique within the catalog.
    public var groups: [ImportedGroup]
    /// How a tapped emoji is written into the input (its code, `[meaning]`, or the emoji
    /// itself); the format's default unless ``CatalogImportOptions/wire`` overrides it.
    public var wire: WireFormat
    /// Image resource name -> file. Resource names are paths relative to the catalog folder.
    public var images: [String: URL]
    /// Frames of `png_sequence` emoji, by resource name, in order.
    public var sequences: [String: [URL]]
    /// Meanings that name an image no entry uses (seed format), for `catalog check`.
    public var unusedMeanings: [String]
    /// Unicode version from emoji-test.txt's header.
    public var unicodeVersion: String?
    /// What a lenient import skipped (empty for a strict import, which throws instead).
    public var skipped: [CatalogProblem]
    /// Each emoji's entry index in its source file (by code), so problems found after a
    /// lenient import still point at the right entry.
    public var entryIndex: [String: Int] = [:]

    /// A catalog; see the properties. `root` defaults to `source`'s folder.
    /// - Throws: `CatalogImportError` when past a `CatalogLimits` count.
    /// - Complexity: O(groups + sequences).
    ///
    /// - Parameters:
    ///   - format: The importer's format.
    ///   - source: The file or folder read.
    ///   - root: The catalog's folder; every image must be inside it.
    ///   - groups: The groups in tab order.
    ///   - wire: How a tapped emoji is written into the input.
    ///   - images: Image files by resource name.
    ///   - sequences: Frame files of `png_sequence` entries by resource name.
    ///   - unusedMeanings: Meanings that no entry uses.
    ///   - unicodeVersion: The Unicode version, when the source states one.
    ///   - skipped: What a lenient import left out.
    public init(format: CatalogFormat, source: URL, root: URL? = nil, groups: [ImportedGroup] = [], wire: WireFormat = .code,
                images: [String: URL] = [:], sequences: [String: [URL]] = [:], unusedMeanings: [String] = [],
                unicodeVersion: String? = nil, skipped: [CatalogProblem] = []) throws(CatalogImportError) {
        self.format = format; self.source = source; self.groups = groups; self.wire = wire
        self.root = (root ?? source.deletingLastPathComponent()).standardizedFileURL.resolvingSymlinksInPath()
        self.images = images; self.sequences = sequences; self.unusedMeanings = unusedMeanings
        self.unicodeVersion = unicodeVersion; self.skipped = skipped
        // Every importer ends here, so every catalog format gets the same bounds.
        try CatalogLimits.check(self, file: source.lastPathComponent)
    }

    /// The catalog as an app running in `locale` sees it: each emoji's meaning for
    /// `locale` (where it has one) becomes its default meaning (`""`: the label, the
    /// search text, `[meaning]` on the wire), key by key, and each group's title for
    /// `locale` its default title; every locale's entries stay under their own keys.
    /// `--locale L` on the command line. An empty locale changes nothing.
    /// - Complexity: O(entries).
    /// - Parameter locale: A locale key as the catalog spells it (`en`, `zh_TW`); empty
    ///   returns the catalog unchanged.
    /// - Returns: A copy with the defaults replaced; the receiver is not changed.
    public func applyingLocale(_ locale: String) -> ImportedCatalog {
        guard !locale.isEmpty else { return self }
        var c = self
        for gi in c.groups.indices {
            if let t = c.groups[gi].titles[locale] { c.groups[gi].titles[""] = t }
            for ei in c.groups[gi].emoji.indices {
                if let m = c.groups[gi].emoji[ei].meanings[locale] { c.groups[gi].emoji[ei].meanings[""] = m }
                for (v, names) in c.groups[gi].emoji[ei].variantMeanings {
                    if let m = names[locale] { c.groups[gi].emoji[ei].variantMeanings[v]?[""] = m }
                }
            }
        }
        return c
    }

    /// Emoji entries over all groups (variants not counted).
    /// - Complexity: O(*g*) in the number of groups.
    public var emojiCount: Int { groups.reduce(0) { $0 + $1.emoji.count } }
    /// Every emoji entry, group by group.
    /// - Complexity: O(*n*) in the number of entries.
    public var allEmoji: [Emoji] { groups.flatMap(\.emoji) }
}

/// Options shared by the importers.
public struct CatalogImportOptions: Sendable {
    /// Load what is valid and list what was skipped, instead of failing on the first error.
    public var lenient = false
    /// The locale whose meanings and titles become the defaults (`applyingLocale`,
    /// applied by `CatalogLoader.load`); empty: the catalog's own defaults. Every
    /// locale's meanings are read whatever this is.
    public var locale = ""
    /// Wire format override (otherwise the format's default).
    public var wire: WireFormat?
    /// emoji-test.txt: include minimally-qualified and unqualified entries too.
    public var includeUnqualified = false

    /// Creates import options; each parameter sets the property of the same name.
    ///
    /// - Parameters:
    ///   - lenient: Skip bad entries and list them instead of throwing on the first.
    ///   - locale: The locale whose meanings and titles become the defaults.
    ///   - wire: The wire format to use instead of the format's default.
    ///   - includeUnqualified: Keep emoji-test.txt's non-fully-qualified entries.
    public init(lenient: Bool = false, locale: String = "", wire: WireFormat? = nil, includeUnqualified: Bool = false) {
        self.lenient = lenient; self.locale = locale; self.wire = wire; self.includeUnqualified = includeUnqualified
    }
}

/// Collects errors: in strict mode the first one throws; in lenient mode each is kept
/// and the entry it concerns is skipped.
struct ProblemSink {
    let lenient: Bool
    var skipped: [CatalogProblem] = []

    mutating func report(_ e: CatalogImportError) throws(CatalogImportError) {
        if !lenient { throw e }
        skipped.append(CatalogProblem(.error, e))
    }
}
