/// How a `CharGrid` prints.
public struct CharGridOptions: Hashable, Sendable {
    /// Strict 7-bit ASCII: box drawing becomes `+-|`, other non-ASCII characters `?`
    /// (wide ones `??`), every image emoji its short code, the legend escapes labels.
    public var asciiOnly: Bool
    /// Append the style layer (a second grid of one-letter codes) to `text`.
    public var styleLayer: Bool

    /// - Parameters:
    ///   - asciiOnly: Whether to print 7-bit ASCII only.
    ///   - styleLayer: Whether to append the style layer.
    public init(asciiOnly: Bool = false, styleLayer: Bool = false) {
        self.asciiOnly = asciiOnly
        self.styleLayer = styleLayer
    }

    /// Unicode characters, no style layer: the default `.txt` snapshot.
    public static let unicode = CharGridOptions()
    /// ASCII only: for terminals and files that must stay 7-bit.
    public static let ascii = CharGridOptions(asciiOnly: true)
    /// Unicode with the style layer: colours and states checked too.
    public static let styled = CharGridOptions(styleLayer: true)
}
