/// A point in points (not pixels), origin top-left, y growing downwards as in UIKit.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position in points from the left.
    public var x: Double
    /// Vertical position in points from the top.
    public var y: Double
    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin, top-left.
    public static let zero = Point(x: 0, y: 0)
    /// Component-wise sum: a point moved by an offset.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference: the offset from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Euclidean distance; used by recognizers for movement tolerances.
    public func distance(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
    /// `(12, 3.5)`, with `formatPoints` (traces and tree dumps print it).
    public var description: String { "(\(formatPoints(x)), \(formatPoints(y)))" }
}

/// A width and height in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// A size of `width` by `height`.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// No area.
    public static let zero = Size(width: 0, height: 0)
    /// `375x667`, with `formatPoints`.
    public var description: String { "\(formatPoints(width))x\(formatPoints(height))" }
}

/// Edge insets, as UIEdgeInsets: positive values shrink a rect.
public struct Insets: Hashable, Sendable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the left edge.
    public var left: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the right edge.
    public var right: Double
    /// Insets given edge by edge; unnamed edges are 0.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// The same inset on every edge.
    public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }
    /// No inset.
    public static let zero = Insets()
    /// `left + right`: the width an inset rect loses.
    public var horizontal: Double { left + right }
    /// `top + bottom`: the height an inset rect loses.
    public var vertical: Double { top + bottom }
}

/// An axis-aligned rectangle in points. Width and height are expected non-negative;
/// `standardized` repairs a rect built from two arbitrary corners.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// Width and height.
    public var size: Size
    /// A rect at `origin` of `size`.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// A rect from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y); self.size = Size(width: width, height: height)
    }
    /// The empty rect at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// `origin.x`.
    public var x: Double { origin.x }
    /// `origin.y`.
    public var y: Double { origin.y }
    /// `size.width`.
    public var width: Double { size.width }
    /// `size.height`.
    public var height: Double { size.height }
    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge (not inside: containment is half-open).
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge (not inside).
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// (`midX`, `midY`): where a tap on the rect lands.
    public var center: Point { Point(x: midX, y: midY) }
    /// No area: a side of zero or less. An empty rect contains and intersects nothing.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The same area with non-negative width and height.
    public var standardized: Rect {
        Rect(x: min(minX, maxX), y: min(minY, maxY), width: abs(width), height: abs(height))
    }

    /// Half-open containment: the max edges belong to the next rect, so a grid of
    /// adjacent rects gives every point exactly one owner.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Whether `other` lies wholly inside this rect, edges included (closed, unlike the
    /// point test: a rect is inside itself).
    /// - Parameter other: The rect tested.
    /// - Returns: True when every point of `other` is inside or on this rect's edges.
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Whether the rects share some area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty &&
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The overlap, or nil when the rects do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rect holding both; an empty rect adds nothing.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rect shrunk by `i` (negative insets grow it); a side never goes below 0.
    public func inset(by i: Insets) -> Rect {
        Rect(x: minX + i.left, y: minY + i.top,
             width: max(0, width - i.horizontal), height: max(0, height - i.vertical))
    }

    /// The rect shrunk by `dx` on the left and right and `dy` on the top and bottom
    /// (`CGRect.insetBy`); a side never goes below 0.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// The rect moved by (`dx`, `dy`), same size.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// `[x,y WxH]`, with `formatPoints`: `[0,20 375x44]`.
    public var description: String {
        "[\(formatPoints(minX)),\(formatPoints(minY)) \(formatPoints(width))x\(formatPoints(height))]"
    }
}

/// Formats a point value compactly and deterministically: integers without a
/// fraction, others with up to two decimals. Trace lines and tree dumps use it, so
/// it must not depend on locale or platform float printing.
public func formatPoints(_ v: Double) -> String {
    if !v.isFinite { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
    // Beyond 2^53 / 100 a Double has no hundredths to show; print the whole value
    // exactly rather than clamping it into Int64 (a 1e23 coordinate must read 1e23).
    if abs(v) >= 9.0e15 { return plainDecimal(v.rounded()) }
    let hundredths = (v * 100).rounded()
    if hundredths == 0 { return "0" }
    let negative = hundredths < 0
    let magnitude = Int64(abs(hundredths))
    let whole = magnitude / 100, frac = magnitude % 100
    var s = negative ? "-" : ""
    s += String(whole)
    if frac != 0 {
        s += "."
        s += frac % 10 == 0 ? String(frac / 10) : (frac < 10 ? "0" + String(frac) : String(frac))
    }
    return s
}

extension Comparable {
    /// Clamps into a closed range.
    @inlinable public func clamped(to r: ClosedRange<Self>) -> Self {
        min(max(self, r.lowerBound), r.upperBound)
    }
}
