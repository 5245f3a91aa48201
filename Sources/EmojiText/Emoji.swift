import SimCore

/// One emoji a catalog knows: a Unicode emoji, or an app image (static or animated)
/// addressed by a stable code such as `f056` or `笑哭`.
public struct Emoji: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case unicode
        case staticImage
        case animatedImage
    }

    /// Stable identity within a catalog: the file-name code (`f056`), the description
    /// (`笑哭`), or the emoji's own characters for Unicode emoji.
    public var code: String
    public var kind: Kind
    /// Resource name of the image (e.g. `f056.gif`), nil for Unicode emoji drawn as text.
    public var imageName: String?
    /// Natural size in points of the image, when known.
    public var size: Size?
    /// Meaning by locale identifier; the empty key holds the default meaning.
    public var meanings: [String: String]
    /// Extra search words (CLDR names and the like).
    public var keywords: [String]
    /// Name of the group the emoji belongs to.
    public var group: String

    public init(code: String, kind: Kind, imageName: String? = nil, size: Size? = nil,
                meanings: [String: String] = [:], keywords: [String] = [], group: String) {
        self.code = code; self.kind = kind; self.imageName = imageName; self.size = size
        self.meanings = meanings; self.keywords = keywords; self.group = group
    }

    /// The meaning for `locale`, falling back to the default meaning, then the code.
    public func meaning(for locale: String = "") -> String {
        meanings[locale] ?? meanings[""] ?? code
    }
}
