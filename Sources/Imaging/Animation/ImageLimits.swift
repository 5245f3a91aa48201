/// Limits applied to untrusted image files before anything is allocated.
///
/// Defaults bound what costs memory and time, not the shape: 100 megapixels per canvas
/// (and per frame) whatever the aspect (a 65535x1 GIF is 65,535 pixels and is fine;
/// sides are capped only at 2^24 so that row arithmetic stays small), 10,000 frames,
/// and 1 GiB of pixels decoded and composited over all frames of one file. Every frame
/// is composited into a full canvas, so each frame counts its own area plus the
/// canvas's (x 4 bytes): a 35-byte GIF with a 10000x10000 screen and many 1x1 frames
/// fails here instead of costing hours.
public struct ImageLimits: Hashable, Sendable {
    /// The widest canvas or frame accepted, in pixels.
    public var maxWidth: Int
    /// The tallest canvas or frame accepted, in pixels.
    public var maxHeight: Int
    /// The largest area of one canvas or frame, in pixels: what bounds memory.
    public var maxPixels: Int
    /// The most frames one file may have.
    public var maxFrames: Int
    /// The most bytes decoding all frames of one file may cost (see `frameCost`).
    public var maxDecodedBytes: Int

    /// Limits as given; the defaults are `ImageLimits.default`'s.
    ///
    /// - Parameters:
    ///   - maxWidth: The widest side accepted (2^24).
    ///   - maxHeight: The tallest side accepted (2^24).
    ///   - maxPixels: The largest area (100 million pixels).
    ///   - maxFrames: The most frames (10,000).
    ///   - maxDecodedBytes: The decoding budget of one file (1 GiB).
    public init(maxWidth: Int = 1 << 24, maxHeight: Int = 1 << 24, maxPixels: Int = 100_000_000,
                maxFrames: Int = 10_000, maxDecodedBytes: Int = 1 << 30) {
        self.maxWidth = maxWidth; self.maxHeight = maxHeight; self.maxPixels = maxPixels
        self.maxFrames = maxFrames; self.maxDecodedBytes = maxDecodedBytes
    }

    /// Bytes one frame costs against `maxDecodedBytes`: its decoded rect plus the
    /// canvas it is composited into, 4 bytes a pixel. Overflow-free for any sizes that
    /// passed `violation` (each area is at most `maxPixels`).
    ///
    /// - Parameters:
    ///   - frameArea: The frame's pixels.
    ///   - canvasArea: The canvas's pixels.
    /// - Returns: The bytes charged.
    public static func frameCost(frameArea: Int, canvasArea: Int) -> Int {
        (frameArea &+ canvasArea) &* 4
    }

    /// The limits for untrusted files in general (see the type's description).
    public static let `default` = ImageLimits()

    /// The limits of one emoji image (a catalog's still, GIF, APNG or sequence frame):
    /// a canvas of at most 4096x4096 pixels (64 MB composited), far above real emoji and
    /// stickers (64 to 512 px a side), so that a tiny file declaring a 10000x10000 canvas
    /// is refused from its header (`ImageHeader`) before 400 MB are spent on it. The
    /// catalog importers, `catalog check` and a run's `ImageLibrary` apply it.
    public static let emoji = ImageLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 4096 * 4096)

    /// Whether a `width x height` area is within the size limits.
    ///
    /// - Parameters:
    ///   - width: The width in pixels (negative is refused).
    ///   - height: The height in pixels (negative is refused).
    /// - Returns: True when `violation` finds nothing.
    public func allows(width: Int, height: Int) -> Bool {
        width >= 0 && height >= 0 && violation(width: width, height: height) == nil
    }

    /// nil when `width x height` is within the limits, else which limit it breaks.
    ///
    /// - Parameters:
    ///   - width: The width in pixels.
    ///   - height: The height in pixels.
    /// - Returns: nil, or the limit broken, phrased for a message ("max width 4096").
    public func violation(width: Int, height: Int) -> String? {
        if width > maxWidth { return "max width \(maxWidth)" }
        if height > maxHeight { return "max height \(maxHeight)" }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels { return "max \(maxPixels) pixels" }
        return nil
    }
}
