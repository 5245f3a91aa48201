/// A still image whose size is known from its header and whose pixels are decoded only
/// when the frame is asked for (each time: the `FrameCache` keeps the result). Used for
/// plain PNGs, so registering a thousand emoji reads a thousand headers, not pixels.
public final class LazyStillSource: AnimatedImageSource {
    public let canvasWidth: Int
    public let canvasHeight: Int
    public let formatName: String
    private let decode: () throws -> Image

    public init(width: Int, height: Int, formatName: String, decode: @escaping () throws -> Image) {
        self.canvasWidth = width
        self.canvasHeight = height
        self.formatName = formatName
        self.decode = decode
    }

    public var frameCount: Int { 1 }
    public var loopCount: LoopCount { .once }

    public func frameInfo(at index: Int) -> AnimationFrameInfo {
        AnimationFrameInfo(rect: PixelRect(x: 0, y: 0, width: canvasWidth, height: canvasHeight), delay: .centiseconds(0))
    }

    public func frame(at index: Int) throws -> Image {
        guard index == 0 else { throw AnimationError.frameIndexOutOfRange(index: index, frameCount: 1) }
        return try decode()
    }
}
