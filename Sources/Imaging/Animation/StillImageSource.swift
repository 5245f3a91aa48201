/// A still image as a one-frame animation (a PNG, a PPM, or any decoded `Image`).
public final class StillImageSource: AnimatedImageSource {
    public let image: Image
    public let formatName: String

    public init(_ image: Image, formatName: String = "still") {
        self.image = image
        self.formatName = formatName
    }

    public var canvasWidth: Int { image.width }
    public var canvasHeight: Int { image.height }
    public var frameCount: Int { 1 }
    public var loopCount: LoopCount { .once }
    /// The decoded pixels (a still holds them for its life; `releaseMemory` frees nothing).
    public var retainedByteCount: Int { image.byteCount }

    public func frameInfo(at index: Int) -> AnimationFrameInfo {
        AnimationFrameInfo(rect: PixelRect(x: 0, y: 0, width: image.width, height: image.height),
                           delay: .centiseconds(0))
    }

    public func frame(at index: Int) throws(AnimationError) -> Image {
        guard index == 0 else { throw AnimationError.frameIndexOutOfRange(index: index, frameCount: 1) }
        return image
    }
}
