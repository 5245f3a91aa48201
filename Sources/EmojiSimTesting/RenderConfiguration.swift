import EmojiSimIO
import Raster
import SimCore

/// How display lists are rendered by the snapshot strategies: an optional canvas size
/// (points; default the list's own size), the pixel scale, the theme, the font and the
/// image provider. The default uses the bundled Unifont subset at scale 2 and, like the
/// images, the snapshotted value's own theme (a screen's `state.theme`), else light.
public struct RenderConfiguration {
    /// The canvas in points; `nil` keeps the display list's own size.
    public var size: Size?
    /// Pixels per point, 1 to 3 (clamped by the initializer).
    public var scale: Int
    /// The colours the display list is drawn in; `nil` (the default) takes the
    /// snapshotted value's own (`DisplayListRepresentable.preferredTheme`: the theme a
    /// `ChatScreen` shows), else `.light`.
    public var theme: Theme?
    /// The font text is drawn with; glyphs it lacks are drawn as hex boxes.
    public var font: BitmapFont
    /// Where image commands get their pixels; `nil` (the default) takes the snapshotted
    /// value's own (`DisplayListRepresentable.imageProvider`: a `ChatScreen`'s library,
    /// nothing for a bare display list), `.none` draws missing-image glyphs.
    public var images: ImageProvider?

    /// Creates a configuration; each parameter sets the property of the same name.
    ///
    /// - Parameters:
    ///   - size: The canvas in points, or `nil` for the list's own size.
    ///   - scale: Pixels per point; values outside 1...3 are clamped.
    ///   - theme: The theme, or `nil` for the value's own (else light).
    ///   - font: The font; `nil` uses the bundled Unifont subset (or, if that resource
    ///     is missing, an empty font that draws hex boxes).
    ///   - images: The image provider; `nil` uses the snapshotted value's own.
    public init(size: Size? = nil, scale: Int = 2, theme: Theme? = nil, font: BitmapFont? = nil,
                images: ImageProvider? = nil) {
        self.size = size
        self.scale = min(3, max(1, scale))
        self.theme = theme
        // A missing bundled font degrades to hex boxes rather than crashing a test run;
        // BundledFontTests catches the missing resource itself.
        self.font = font ?? ((try? BundledFont.unifont()) ?? BitmapFont())
        self.images = images
    }

    /// The display list's own size at scale 2, bundled font, the value's own theme and
    /// images.
    public static var `default`: RenderConfiguration { RenderConfiguration() }

    /// The core renderer for `value`: its own theme and images unless the configuration
    /// names some.
    func renderer<Value: DisplayListRepresentable>(for value: Value) -> SnapshotRenderer {
        SnapshotRenderer(scale: scale, theme: theme ?? value.preferredTheme ?? .light, font: font,
                         images: images ?? value.imageProvider)
    }

    /// The list resized to the configuration's size, when it sets one.
    func apply(_ list: DisplayList) -> DisplayList {
        guard let size else { return list }
        var l = list
        l.size = size
        return l
    }
}
