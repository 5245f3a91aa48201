/// Pixel-space clip rect, half-open.
struct PixelClip {
    var x0: Int, y0: Int, x1: Int, y1: Int
    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
}
