import Imaging

/// Resolves an image resource name and animation frame index to pixels, so the pixel
/// rasterizer stays pure: EmojiSimIO or a test supplies the closure (bundled demo
/// assets, a catalog folder, an animation player's current frame...).
///
/// Not `Sendable` on purpose: providers read image libraries and frame caches, which
/// are single-threaded simulation objects, and a render never crosses isolation domains.
public struct ImageProvider {
    public var image: (_ name: String, _ frameIndex: Int) -> Image?

    public init(_ image: @escaping (_ name: String, _ frameIndex: Int) -> Image?) {
        self.image = image
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
        return ImageProvider { name, frame in first(name, frame) ?? second(name, frame) }
    }
}
