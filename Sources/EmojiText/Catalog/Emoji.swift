import SimCore

/// One emoji a catalog knows: a Unicode emoji, or an app image (static or animated)
/// addressed by a stable code such as `f056` or `笑哭`.
///
/// How it is written in plain text (its *placeholder*): image emoji as their code in
/// square brackets (`[f056]`, `[笑哭]`); Unicode emoji as themselves (`😄`), and the
/// scanner also accepts their UTF-8 hex in brackets (`[f09f9884]`).
public struct Emoji: Hashable, Sendable {
    /// What an emoji is drawn from; the raw value is the catalog JSON's `kind`.
    public enum Kind: String, Hashable, Sendable {
        /// Unicode characters, drawn from the font (or a Noto still when the catalog has one).
        case unicode
        /// One still image (PNG or PPM).
        case staticImage
        /// A GIF, APNG or image sequence, played while visible.
        case animatedImage
    }

    /// The stored fields. They live in one shared immutable box, so copying an Emoji
    /// (into every attachment the scanner makes) costs one reference count, not seven.
    struct Fields: Hashable, Sendable {
        var code: String
        var kind: Kind
        var imageName: String?
        var size: Size?
        var meanings: [String: String]
        var keywords: [String]
        var group: String
        var skinToneVariants: [String]
        var variantMeanings: [String: [String: String]]
        var skinToneImages: [String: String]
    }

    final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// Stable identity within a catalog: the file-name code (`f056`), the description
    /// (`笑哭`), or the emoji's own characters for Unicode emoji (one grapheme cluster).
    public var code: String {
        get { box.fields.code }
        set { update { $0.code = newValue } }
    }
    /// Unicode, still image or animated image.
    public var kind: Kind {
        get { box.fields.kind }
        set { update { $0.kind = newValue } }
    }
    /// Resource name of the image (e.g. `f056.gif`, `emoji_u1f602.png`). Unicode emoji
    /// carry one too when an image exists, so pixel renders can draw them; nil means
    /// "draw as text".
    public var imageName: String? {
        get { box.fields.imageName }
        set { update { $0.imageName = newValue } }
    }
    /// Natural size in points of the image, when known.
    public var size: Size? {
        get { box.fields.size }
        set { update { $0.size = newValue } }
    }
    /// Meaning by locale identifier; the empty key holds the default meaning.
    public var meanings: [String: String] {
        get { box.fields.meanings }
        set { update { $0.meanings = newValue } }
    }
    /// Extra search words (CLDR names and the like).
    public var keywords: [String] {
        get { box.fields.keywords }
        set { update { $0.keywords = newValue } }
    }
    /// Name of the group the emoji belongs to (the catalog sets it to its group's name).
    public var group: String {
        get { box.fields.group }
        set { update { $0.group = newValue } }
    }
    /// Skin-tone variants of a Unicode emoji (each a full emoji string such as `👋🏻`),
    /// for a variant picker. The catalog knows each variant by its code too.
    public var skinToneVariants: [String] {
        get { box.fields.skinToneVariants }
        set { update { $0.skinToneVariants = newValue } }
    }

    /// The variants' own names by variant code, then by locale, where the catalog
    /// states them (emoji-test.txt names every variant: `waving hand: medium skin tone`).
    /// A variant without one is named from the base (`SkinTone.variantMeanings`).
    public var variantMeanings: [String: [String: String]] {
        get { box.fields.variantMeanings }
        set { update { $0.variantMeanings = newValue } }
    }

    /// Image resource names of skin-tone variants, by variant code, for catalogs that
    /// name them (catalog JSON `variants` objects, code-point folders). A variant not
    /// listed here draws with its Noto file name when the base uses one, else as text.
    public var skinToneImages: [String: String] {
        get { box.fields.skinToneImages }
        set { update { $0.skinToneImages = newValue } }
    }

    /// An entry; `EmojiCatalog` checks that the code can be written and found.
    ///
    /// - Parameters:
    ///   - code: The stable code (`f056`, `笑哭`, or the emoji's characters).
    ///   - kind: Unicode, still or animated image.
    ///   - imageName: The image resource name; nil draws a Unicode emoji as text.
    ///   - size: The image's size in points, nil for the layout's default.
    ///   - meanings: Locale to meaning (`""` the default).
    ///   - keywords: Extra search terms.
    ///   - group: The group's name (the catalog sets it to the group the emoji is in).
    ///   - skinToneVariants: the variants' codes, for the skin-tone picker.
    ///   - variantMeanings: their names where the catalog states them (see `variantMeanings`).
    ///   - skinToneImages: their images where the catalog names them (see `skinToneImages`).
    public init(code: String, kind: Kind, imageName: String? = nil, size: Size? = nil,
                meanings: [String: String] = [:], keywords: [String] = [], group: String,
                skinToneVariants: [String] = [], variantMeanings: [String: [String: String]] = [:],
                skinToneImages: [String: String] = [:]) {
        box = Box(Fields(code: code, kind: kind, imageName: imageName, size: size, meanings: meanings,
                         keywords: keywords, group: group, skinToneVariants: skinToneVariants,
                         variantMeanings: variantMeanings, skinToneImages: skinToneImages))
    }

    private mutating func update(_ change: (inout Fields) -> Void) {
        var f = box.fields
        change(&f)
        box = Box(f)
    }

    /// Equal when every field is equal (shared storage answers at once).
    public static func == (a: Emoji, b: Emoji) -> Bool {
        a.box === b.box || a.box.fields == b.box.fields
    }

    /// Hashes the code, kind and group only: they identify an emoji within a catalog,
    /// and the meanings are long.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields.code)
        hasher.combine(box.fields.kind)
        hasher.combine(box.fields.group)
    }

    /// The meaning for `locale`, falling back to the default meaning, then the code.
    public func meaning(for locale: String = "") -> String {
        meanings[locale] ?? meanings[""] ?? code
    }

    /// An app image (still or animated), written as `[code]` in plain text.
    public var isImage: Bool { kind != .unicode }
    /// An animated image, played by an `AnimationPlayer` while visible.
    public var isAnimated: Bool { kind == .animatedImage }

    /// The plain text an inserted emoji is backed by: `[code]` for images, the emoji
    /// itself for Unicode emoji.
    public var placeholder: String {
        kind == .unicode ? code : "[" + code + "]"
    }

    /// The UTF-8 hex placeholder of a Unicode emoji (`😄` -> `[f09f9884]`), the form
    /// servers that only store 3-byte UTF-8 receive. Lowercase hex.
    public var hexPlaceholder: String {
        PlaceholderCodec.hexPlaceholder(for: code)
    }

    /// The Noto Color Emoji file name for an emoji string: `emoji_u` + the code points
    /// in lowercase hex (at least 4 digits) joined by `_`, without U+FE0F, + `.png`.
    /// `notoImageName(for: "1️⃣") == "emoji_u0031_20e3.png"`.
    public static func notoImageName(for emoji: String) -> String {
        var parts: [String] = []
        for s in emoji.unicodeScalars where s.value != 0xFE0F {
            var hex = String(s.value, radix: 16)
            while hex.utf8.count < 4 { hex = "0" + hex }
            parts.append(hex)
        }
        return "emoji_u" + parts.joined(separator: "_") + ".png"
    }
}
