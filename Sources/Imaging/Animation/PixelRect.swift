/// A rectangle in whole pixels (a frame's placement on an animation's canvas).
/// Unlike SimCore's `Rect` (points, Double), pixel placement is integral.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var area: Int { width * height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part of this rect inside `0..<w x 0..<h` (may be empty).
    public func clipped(toWidth w: Int, height h: Int) -> PixelRect {
        let x0 = min(max(x, 0), w), y0 = min(max(y, 0), h)
        let x1 = min(max(maxX, 0), w), y1 = min(max(maxY, 0), h)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `WxH+X+Y`, the ImageMagick page notation.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
