/// Size limits for decoding untrusted images, checked against the declared size before
/// anything is allocated.
public struct ImageLimits: Sendable, Equatable {
    public var maxWidth: Int
    public var maxHeight: Int
    /// Width x height (of the canvas, and of every frame).
    public var maxPixels: Int
    /// For animations: the most frames accepted.
    public var maxFrames: Int

    public init(maxWidth: Int = 16384, maxHeight: Int = 16384, maxPixels: Int = 100_000_000, maxFrames: Int = 10_000) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxFrames = maxFrames
    }

    /// 16384 x 16384, 100 megapixels, 10,000 frames.
    public static let `default` = ImageLimits()

    /// nil when `width` x `height` is within the limits, else a description of the limit.
    public func violation(width: Int, height: Int) -> String? {
        if width > maxWidth { return "max width \(maxWidth)" }
        if height > maxHeight { return "max height \(maxHeight)" }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            return "max \(maxPixels) pixels"
        }
        return nil
    }
}
