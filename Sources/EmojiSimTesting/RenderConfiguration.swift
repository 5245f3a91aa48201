import EmojiSimIO
import Raster
import SimCore

/// How display lists are rendered by the snapshot strategies: an optional canvas size
/// (points; default the list's own size), the pixel scale, the theme, the font and the
/// image provider. The default uses the bundled Unifont subset at scale 2, light theme.
public struct RenderConfiguration {
    public var size: Size?
    public var scale: Int
    public var theme: Theme
    public var font: BitmapFont
    public var images: ImageProvider

    public init(size: Size? = nil, scale: Int = 2, theme: Theme = .light, font: BitmapFont? = nil,
                images: ImageProvider = .none) {
        self.size = size
        self.scale = min(3, max(1, scale))
        self.theme = theme
        // A missing bundled font degrades to hex boxes rather than crashing a test run;
        // BundledFontTests catches the missing resource itself.
        self.font = font ?? ((try? BundledFont.unifont()) ?? BitmapFont())
        self.images = images
    }

    public static var `default`: RenderConfiguration { RenderConfiguration() }

    var pixelOptions: PixelRenderOptions {
        PixelRenderOptions(scale: scale, theme: theme, font: font, images: images)
    }

    /// The list resized to the configuration's size, when it sets one.
    func apply(_ list: DisplayList) -> DisplayList {
        guard let size else { return list }
        var l = list
        l.size = size
        return l
    }
}
