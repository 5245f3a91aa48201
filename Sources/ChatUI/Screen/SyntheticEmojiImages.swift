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
    public static let side = 64
    public static let frameCount = 6

    /// The pixels of frame `index` of the image `name` (`animated` adds the dot).
    /// Deterministic; O(side^2).
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
    public static func library(for catalog: EmojiCatalog) -> ImageLibrary {
        let lib = ImageLibrary()
        for e in catalog.emojis {
            guard let name = e.imageName, !lib.contains(name) else { continue }
            register(name, animated: e.isAnimated, in: lib)
        }
        return lib
    }

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
    public let name: String
    public var canvasWidth: Int { SyntheticEmojiImages.side }
    public var canvasHeight: Int { SyntheticEmojiImages.side }
    public var frameCount: Int { SyntheticEmojiImages.frameCount }
    public var loopCount: LoopCount { .forever }
    public var formatName: String { "synthetic" }
    /// Frames generated so far (the "decodes" this source did).
    public private(set) var framesGenerated = 0

    public init(name: String) { self.name = name }

    public func frameInfo(at index: Int) -> AnimationFrameInfo {
        AnimationFrameInfo(rect: PixelRect(x: 0, y: 0, width: canvasWidth, height: canvasHeight),
                           delay: .milliseconds(100), disposal: .background, blend: .source)
    }

    public func frame(at index: Int) throws(AnimationError) -> Image {
        guard index >= 0 && index < frameCount else {
            throw AnimationError.frameIndexOutOfRange(index: index, frameCount: frameCount)
        }
        framesGenerated += 1
        return SyntheticEmojiImages.frame(name: name, index: index, animated: true)
    }
}
