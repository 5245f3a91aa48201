/// Limits applied to untrusted image files before anything is allocated.
///
/// Defaults: 16384 x 16384 pixels at most on either side, 100 megapixels per canvas
/// (and per frame), 10,000 frames, and 4 GiB of pixels decoded over all frames of one
/// file (sum of frame areas x 4 bytes; a many-frame decompression bomb fails here).
public struct ImageLimits: Hashable, Sendable {
    public var maxWidth: Int
    public var maxHeight: Int
    public var maxPixels: Int
    public var maxFrames: Int
    public var maxDecodedBytes: Int

    public init(maxWidth: Int = 16384, maxHeight: Int = 16384, maxPixels: Int = 100_000_000,
                maxFrames: Int = 10_000, maxDecodedBytes: Int = ImageLimits.fourGiB) {
        self.maxWidth = maxWidth; self.maxHeight = maxHeight; self.maxPixels = maxPixels
        self.maxFrames = maxFrames; self.maxDecodedBytes = maxDecodedBytes
    }

    public static let `default` = ImageLimits()

    /// 4 GiB where `Int` holds it, else `Int.max` (`1 << 32` is 0 on a 32-bit `Int`, which
    /// made every animation exceed the default limit on wasm32).
    public static let fourGiB = Int(clamping: Int64(1) << 32)

    /// Whether a `width x height` area is within the size limits.
    public func allows(width: Int, height: Int) -> Bool {
        width >= 0 && height >= 0 && violation(width: width, height: height) == nil
    }

    /// nil when `width x height` is within the limits, else which limit it breaks.
    public func violation(width: Int, height: Int) -> String? {
        if width > maxWidth { return "max width \(maxWidth)" }
        if height > maxHeight { return "max height \(maxHeight)" }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels { return "max \(maxPixels) pixels" }
        return nil
    }
}
