import SimCore
import EmojiText
import Imaging

/// Emoji images generated in pure code, for tests, benchmarks and the pure core's
/// demos (the real Noto stills and GIFs come from EmojiSimIO, which needs Foundation).
///
/// A still is a disc in a colour derived from its name; an animated image has
/// `frameCount` frames in which a white dot circles the disc, 100 ms each, looping
/// forever. Frames are produced on demand by `SyntheticAnimationSource` ("decoding" in
/// the cache's sense), so the frame cache and its statistics behave as with GIFs.
public enum SyntheticEmojiImages {
    /// The images' width and height in pixels.
    public static let side = 64
    /// Frames of every animated image (the dot's positions around the disc).
    public static let frameCount = 6

    /// The pixels of frame `index` of the image `name` (`animated` adds the dot).
    /// Deterministic.
    ///
    /// - Parameters:
    ///   - name: The image's name; it alone decides the disc's colour.
    ///   - index: The frame, taken modulo ``frameCount`` (negative values too).
    ///   - animated: Whether to draw the dot.
    /// - Returns: A `side` x `side` RGBA image, transparent outside the disc.
    /// - Complexity: O(`side`²).
    public static func frame(name: String, index: Int, animated: Bool) -> Image {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let r = UInt8(80 + (h & 0x7F)), g = UInt8(80 + ((h >> 8) & 0x7F)), b = UInt8(80 + ((h >> 16) & 0x7F))
        var img = Image(width: side, height: side)
        let c = Double(side) / 2 - 0.5, radius = Double(side) / 2 - 2
        // The dot's centre: one of `frameCount` positions on a circle (integer table).
        let dots: [(Double, Double)] = [(0, -1), (0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5)]
        let dot = dots[((index % frameCount) + frameCount) % frameCount]
        let dx = c + dot.0 * radius * 0.6, dy = c + dot.1 * radius * 0.6
        for y in 0..<side {
            for x in 0..<side {
                let fx = Double(x) - c, fy = Double(y) - c
                guard fx * fx + fy * fy <= radius * radius else { continue }
                let ex = Double(x) - dx, ey = Double(y) - dy
                if animated && ex * ex + ey * ey <= 36 {
                    img[x, y] = (255, 255, 255, 255)
                } else {
                    img[x, y] = (r, g, b, 255)
                }
            }
        }
        return img
    }

    /// An ImageLibrary with an image for every image emoji of `catalog`: animated
    /// emoji get `SyntheticAnimationSource`s, stills a disc.
    ///
    /// - Parameter catalog: The catalog whose image names are registered.
    /// - Returns: A new library (stills drawn now, animated frames on demand).
    /// - Complexity: O(*n* · `side`²) for *n* still images.
    public static func library(for catalog: EmojiCatalog) -> ImageLibrary {
        let lib = ImageLibrary()
        for e in catalog.emojis {
            guard let name = e.imageName, !lib.contains(name) else { continue }
            register(name, animated: e.isAnimated, in: lib)
        }
        return lib
    }

    /// Registers one synthetic image under `name`.
    ///
    /// - Parameters:
    ///   - name: The resource name.
    ///   - animated: An animated source (frames on demand) or a still disc (drawn now).
    ///   - lib: The library to register in.
    public static func register(_ name: String, animated: Bool, in lib: ImageLibrary) {
        if animated {
            lib.register(name, image: AnimatedImage(source: SyntheticAnimationSource(name: name), name: name))
        } else {
            lib.register(name, image: AnimatedImage(still: frame(name: name, index: 0, animated: false), name: name))
        }
    }
}

/// An animated image whose frames are generated when asked for (see
/// `SyntheticEmojiImages.frame`), with GIF-like metadata.
public final class SyntheticAnimationSource: AnimatedImageSource {
    /// The image's name: decides its colour.
    public let name: String
    /// ``SyntheticEmojiImages/side``.
    public var canvasWidth: Int { SyntheticEmojiImages.side }
    /// ``SyntheticEmojiImages/side``.
    public var canvasHeight: Int { SyntheticEmojiImages.side }
    /// ``SyntheticEmojiImages/frameCount``.
    public var frameCount: Int { SyntheticEmojiImages.frameCount }
    /// Loops forever, as most chat GIFs do.
    public var loopCount: LoopCount { .forever }
    /// `synthetic`, as image listings name the format.
    public var formatName: String { "synthetic" }
    /// Frames generated so far (the "decodes" this source did).
    public private(set) var framesGenerated = 0

    /// A source for the image `name`.
    ///
    /// - Parameter name: The image's name.
    public init(name: String) { self.name = name }

    /// Every frame covers the canvas, shows for 100 ms, and replaces the previous one.
    ///
    /// - Parameter index: A frame index (not checked: every frame is alike).
    /// - Returns: The frame's metadata.
    public func frameInfo(at index: Int) -> AnimationFrameInfo {
        AnimationFrameInfo(rect: PixelRect(x: 0, y: 0, width: canvasWidth, height: canvasHeight),
                           delay: .milliseconds(100), disposal: .background, blend: .source)
    }

    /// Generates a frame (counted in ``framesGenerated``).
    ///
    /// - Parameter index: A frame in `0..<frameCount`.
    /// - Returns: The frame's pixels.
    /// - Throws: `AnimationError.frameIndexOutOfRange` for another index.
    /// - Complexity: O(`side`²).
    public func frame(at index: Int) throws(AnimationError) -> Image {
        guard index >= 0 && index < frameCount else {
            throw AnimationError.frameIndexOutOfRange(index: index, frameCount: frameCount)
        }
        framesGenerated += 1
        return SyntheticEmojiImages.frame(name: name, index: index, animated: true)
    }
}
