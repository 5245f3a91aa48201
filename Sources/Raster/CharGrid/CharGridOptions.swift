/// How a `CharGrid` prints.
public struct CharGridOptions: Hashable, Sendable {
    /// Strict 7-bit ASCII: box drawing becomes `+-|`, other non-ASCII characters `?`
    /// (wide ones `??`), every image emoji its short code, the legend escapes labels.
    public var asciiOnly: Bool
    /// Append the style layer (a second grid of one-letter codes) to `text`.
    public var styleLayer: Bool

    public init(asciiOnly: Bool = false, styleLayer: Bool = false) {
        self.asciiOnly = asciiOnly
        self.styleLayer = styleLayer
    }

    public static let unicode = CharGridOptions()
    public static let ascii = CharGridOptions(asciiOnly: true)
    public static let styled = CharGridOptions(styleLayer: true)
}
