/// Emoji images by resource name (`f056.gif`, `emoji_u1f602.png`, ...), registered from
/// bytes and decoded lazily: `image(named:)` reads the metadata the first time it is
/// asked for a name and keeps the `AnimatedImage` (one per name, shared by every
/// player); pixels are decoded only when a frame is asked for (through a `FrameCache`).
///
/// The UI layers ask it for an emoji's image; EmojiSimIO fills it from bundled files.
/// Not thread-safe (a simulation runs on one thread).
public final class ImageLibrary {
    public enum Failure: Error, CustomStringConvertible {
        case unknownName(String)
        case decodingFailed(name: String, underlying: AnimatedImageDecoder.Failure)
        /// The stills of a sequence do not make one (an empty frame list).
        case invalidSequence(name: String, underlying: AnimationError)
        /// A sequence frame that is itself a sequence (sequences do not nest, so no cycles).
        case nestedSequence(name: String, frame: String)
        public var description: String {
            switch self {
            case .unknownName(let n): return "no image named '\(n)'"
            case .decodingFailed(let n, let e): return "\(n): \(e)"
            case .invalidSequence(let n, let e): return "\(n): \(e)"
            case .nestedSequence(let n, let f): return "\(n): sequence frame '\(f)' is itself a sequence"
            }
        }
    }

    private enum Entry {
        case encoded([UInt8])
        case sequence(frames: [String], delay: FrameDelay, loopCount: LoopCount)
        case ready(AnimatedImage)
    }

    public let limits: ImageLimits
    private var entries: [String: Entry] = [:]
    /// `contentBounds(named:)` per name (nil inside: known to have none).
    var contentBoundsCache: [String: PixelRect?] = [:]

    public init(limits: ImageLimits = .default) { self.limits = limits }

    /// Registers (or replaces) `name` with encoded bytes; nothing is parsed yet. O(1).
    public func register(_ name: String, bytes: [UInt8]) { contentBoundsCache[name] = nil; entries[name] = .encoded(bytes) }

    /// Registers an already built image.
    public func register(_ name: String, image: AnimatedImage) { contentBoundsCache[name] = nil; entries[name] = .ready(image) }

    /// Registers a `png_sequence`: the named stills shown in order, each for `delay`.
    public func registerSequence(_ name: String, frames: [String], delay: FrameDelay, loopCount: LoopCount = .forever) {
        contentBoundsCache[name] = nil
        entries[name] = .sequence(frames: frames, delay: delay, loopCount: loopCount)
    }

    public func contains(_ name: String) -> Bool { entries[name] != nil }

    /// Every registered name, sorted.
    public var names: [String] { entries.keys.sorted() }

    /// The format of a registered name by its magic bytes, without decoding.
    public func format(of name: String) -> ImageFormat? {
        switch entries[name] {
        case .encoded(let b): return ImageFormat.sniff(b)
        default: return nil
        }
    }

    /// The image for `name`, reading its metadata on first use. Throws `Failure`.
    public func image(named name: String) throws(Failure) -> AnimatedImage {
        guard let entry = entries[name] else { throw Failure.unknownName(name) }
        switch entry {
        case .ready(let image):
            return image
        case .encoded(let bytes):
            let image: AnimatedImage
            do throws(AnimatedImageDecoder.Failure) {
                image = try AnimatedImageDecoder.decode(bytes, name: name, limits: limits)
            } catch {
                throw Failure.decodingFailed(name: name, underlying: error)
            }
            entries[name] = .ready(image)
            return image
        case .sequence(let frames, let delay, let loops):
            var stills: [AnimatedImage] = []
            for f in frames {
                if case .sequence = entries[f] { throw Failure.nestedSequence(name: name, frame: f) }
                let still = try image(named: f)
                if still.formatName == ImageSequenceSource.formatName { throw Failure.nestedSequence(name: name, frame: f) }
                stills.append(still)
            }
            let image: AnimatedImage
            do throws(AnimationError) {
                image = AnimatedImage(source: try ImageSequenceSource(stills: stills, delay: delay, loopCount: loops), name: name)
            } catch {
                throw Failure.invalidSequence(name: name, underlying: error)
            }
            entries[name] = .ready(image)
            return image
        }
    }
}
