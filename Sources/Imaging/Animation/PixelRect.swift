/// A rectangle in whole pixels (a frame's placement on an animation's canvas).
/// Unlike SimCore's `Rect` (points, Double), pixel placement is integral.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// Left edge, in pixels from the canvas's left; may be negative (drawing clips).
    public var x: Int
    /// Top edge, in pixels from the canvas's top (y grows downwards); may be negative.
    public var y: Int
    /// Width in pixels; zero or less is an empty rect.
    public var width: Int
    /// Height in pixels; zero or less is an empty rect.
    public var height: Int

    /// A rect as given; nothing is clipped or normalised.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// One past the right edge (`x + width`).
    public var maxX: Int { x + width }
    /// One past the bottom edge (`y + height`).
    public var maxY: Int { y + height }
    /// `width * height` in pixels (meaningless for an empty rect with a negative side).
    public var area: Int { width * height }
    /// True when it covers no pixel (a side of zero or less).
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part of this rect inside `0..<w x 0..<h` (may be empty).
    ///
    /// - Parameters:
    ///   - w: The canvas width.
    ///   - h: The canvas height.
    /// - Returns: The intersection with the canvas, with a zero side when they do not meet.
    public func clipped(toWidth w: Int, height h: Int) -> PixelRect {
        let x0 = min(max(x, 0), w), y0 = min(max(y, 0), h)
        let x1 = min(max(maxX, 0), w), y1 = min(max(maxY, 0), h)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `WxH+X+Y`, the ImageMagick page notation.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
