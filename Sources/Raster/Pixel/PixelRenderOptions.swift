/// How a display list becomes pixels: the integer scale (1, 2 or 3 pixels a point),
/// the theme resolving colour roles, the bitmap font for text, the image provider.
public struct PixelRenderOptions {
    /// Pixels a point: 1, 2 or 3.
    public var scale: Int
    /// Resolves colour roles.
    public var theme: Theme
    /// Draws text (an empty font draws hex boxes).
    public var font: BitmapFont
    /// Resolves image names to pixels.
    public var images: ImageProvider

    /// `scale` is clamped to 1...3.
    public init(scale: Int = 2, theme: Theme = .light, font: BitmapFont = BitmapFont(), images: ImageProvider = .none) {
        self.scale = min(3, max(1, scale))
        self.theme = theme
        self.font = font
        self.images = images
    }
}
