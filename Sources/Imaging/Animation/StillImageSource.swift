/// A still image as a one-frame animation (a PNG, a PPM, or any decoded `Image`).
public final class StillImageSource: AnimatedImageSource {
    /// The decoded pixels, returned as frame 0.
    public let image: Image
    /// What it was decoded from ("PNG", "PPM"), for messages and `catalog show`.
    public let formatName: String

    /// Wraps decoded pixels.
    ///
    /// - Parameters:
    ///   - image: The still.
    ///   - formatName: The format it came from; "still" when it was made in memory.
    public init(_ image: Image, formatName: String = "still") {
        self.image = image
        self.formatName = formatName
    }

    /// The still's width.
    public var canvasWidth: Int { image.width }
    /// The still's height.
    public var canvasHeight: Int { image.height }
    /// Always 1.
    public var frameCount: Int { 1 }
    /// Always `.once`: a still never animates.
    public var loopCount: LoopCount { .once }
    /// The decoded pixels (a still holds them for its life; `releaseMemory` frees nothing).
    public var retainedByteCount: Int { image.byteCount }

    /// The whole canvas with a zero delay, for any index (the metadata of a still is the same
    /// whatever is asked).
    public func frameInfo(at index: Int) -> AnimationFrameInfo {
        AnimationFrameInfo(rect: PixelRect(x: 0, y: 0, width: image.width, height: image.height),
                           delay: .centiseconds(0))
    }

    /// The still itself.
    ///
    /// - Parameter index: Must be 0.
    /// - Throws: `AnimationError.frameIndexOutOfRange` for any other index.
    public func frame(at index: Int) throws(AnimationError) -> Image {
        guard index == 0 else { throw AnimationError.frameIndexOutOfRange(index: index, frameCount: 1) }
        return image
    }
}
