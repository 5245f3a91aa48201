import Imaging

/// Resolves an image resource name and animation frame index to pixels, so the pixel
/// rasterizer stays pure: EmojiSimIO or a test supplies the closure (bundled demo
/// assets, a catalog folder, an animation player's current frame...).
///
/// Not `Sendable` on purpose: providers read image libraries and frame caches, which
/// are single-threaded simulation objects, and a render never crosses isolation domains.
///
/// Emoji are fitted by their content (see `PixelCanvas`): `contentBounds` gives the box
/// of an image's visible pixels on its canvas, the same for all its frames (the union,
/// e.g. `ImageLibrary.contentBounds(named:)`). A provider without it lets the canvas
/// trim by frame 0's pixels (cached).
public struct ImageProvider {
    /// The pixels of frame `frameIndex` of `name`; nil draws the image placeholder.
    public var image: (_ name: String, _ frameIndex: Int) -> Image?
    /// The visible part of `name` on its canvas, for every frame; nil: unknown (the
    /// canvas trims by frame 0), or no visible pixel at all.
    public var contentBounds: ((_ name: String) -> PixelRect?)?

    /// - Parameters:
    ///   - image: Resolves a name and frame to pixels.
    ///   - contentBounds: The visible box of a name on its canvas, if known.
    public init(_ image: @escaping (_ name: String, _ frameIndex: Int) -> Image?,
                contentBounds: ((_ name: String) -> PixelRect?)? = nil) {
        self.image = image
        self.contentBounds = contentBounds
    }

    /// Provides nothing: every image draws as its placeholder.
    public static var none: ImageProvider { ImageProvider { _, _ in nil } }

    /// A fixed table of still images by name (every frame index gets the same image).
    public static func table(_ images: [String: Image]) -> ImageProvider {
        ImageProvider { name, _ in images[name] }
    }

    /// Tries `self`, then `other`.
    public func fallback(to other: ImageProvider) -> ImageProvider {
        let first = image, second = other.image
        let bounds: ((String) -> PixelRect?)?
        if contentBounds == nil && other.contentBounds == nil {
            bounds = nil
        } else {
            let b1 = contentBounds, b2 = other.contentBounds
            // The bounds of whichever provider has the image.
            bounds = { name in first(name, 0) != nil ? b1?(name) ?? nil : b2?(name) ?? nil }
        }
        return ImageProvider({ name, frame in first(name, frame) ?? second(name, frame) }, contentBounds: bounds)
    }
}
