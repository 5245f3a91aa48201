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

/// How an emoji travels on the wire (in the plain text the server sees).
public enum WireFormat: String, Hashable, Sendable, CaseIterable {
    /// `[f056]`: the code in brackets.
    case code
    /// `[笑哭]`: the meaning in brackets (or the emoji itself when the meaning is one).
    case meaning
    /// `[f09f9882]`: the UTF-8 bytes of the meaning's emoji in hex.
    case hex
    /// The Unicode emoji itself, as typed.
    case unicode
}

/// One group as imported: a name, an optional tab icon image, its emoji in file order.
public struct ImportedGroup: Hashable, Sendable {
    public var name: String
    public var icon: String?
    public var emoji: [Emoji]
    /// Skin-tone variants by base emoji code (Unicode catalogs).
    public var variants: [String: [String]]

    public init(name: String, icon: String? = nil, emoji: [Emoji] = [], variants: [String: [String]] = [:]) {
        self.name = name; self.icon = icon; self.emoji = emoji; self.variants = variants
    }
}

/// A catalog read from the user's files, before it becomes an `EmojiCatalog`: it keeps
/// what `catalog check` and `catalog convert` need (where each image is, what was
/// skipped, the wire format). Creating one checks `CatalogLimits`.
public struct ImportedCatalog: Sendable {
    public var format: CatalogFormat
    /// The file or folder it came from.
    public var source: URL
    public var groups: [ImportedGroup]
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

    public init(format: CatalogFormat, source: URL, groups: [ImportedGroup] = [], wire: WireFormat = .code,
                images: [String: URL] = [:], sequences: [String: [URL]] = [:], unusedMeanings: [String] = [],
                unicodeVersion: String? = nil, skipped: [CatalogProblem] = []) throws(CatalogImportError) {
        self.format = format; self.source = source; self.groups = groups; self.wire = wire
        self.images = images; self.sequences = sequences; self.unusedMeanings = unusedMeanings
        self.unicodeVersion = unicodeVersion; self.skipped = skipped
        // Every importer ends here, so every catalog format gets the same bounds.
        try CatalogLimits.check(self, file: source.lastPathComponent)
    }

    public var emojiCount: Int { groups.reduce(0) { $0 + $1.emoji.count } }
    public var allEmoji: [Emoji] { groups.flatMap(\.emoji) }
}

/// Options shared by the importers.
public struct CatalogImportOptions: Sendable {
    /// Load what is valid and list what was skipped, instead of failing on the first error.
    public var lenient = false
    /// Locale for per-locale meaning files (`emtionMeans_<locale>.plist`); empty for the plain file.
    public var locale = ""
    /// Wire format override (otherwise the format's default).
    public var wire: WireFormat?
    /// emoji-test.txt: include minimally-qualified and unqualified entries too.
    public var includeUnqualified = false

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
