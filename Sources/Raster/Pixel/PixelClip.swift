import SimCore

/// Pixel-space clip rect, half-open.
struct PixelClip {
    var x0: Int, y0: Int, x1: Int, y1: Int
    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    /// The pixels of both clips.
    func intersection(_ o: PixelClip) -> PixelClip {
        PixelClip(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }

    /// This clip narrowed by `pushClip(r)` at `scale`: r's edges rounded to the nearest pixel.
    func intersecting(_ r: Rect, scale: Double) -> PixelClip {
        intersection(PixelClip(x0: Self.px(r.minX, scale), y0: Self.px(r.minY, scale),
                               x1: Self.px(r.maxX, scale), y1: Self.px(r.maxY, scale)))
    }

    /// A coordinate in points to the nearest pixel, clamped (non-finite values to 0).
    static func px(_ v: Double, _ scale: Double) -> Int {
        let r = (v * scale).rounded()
        return r.isFinite ? Int(r.clamped(to: -100_000...100_000)) : 0
    }
}
