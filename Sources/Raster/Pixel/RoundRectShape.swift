import SimCore

/// A rounded rect in pixels with its softened edge: coverage per pixel from the signed
/// distance at the pixel centre, and per row the spans where no distance is needed.
struct RoundRectShape {
    let mx: Double, my: Double, hw: Double, hh: Double, r: Double, softness: Double
    /// Unclipped pixel bounds (half-open) of every pixel with coverage > 0.
    let x0: Int, y0: Int, x1: Int, y1: Int

    init?(_ rect: Rect, radius: Double, softness: Double, scale: Double) {
        let ax = rect.minX * scale, ay = rect.minY * scale, bx = rect.maxX * scale, by = rect.maxY * scale
        guard bx > ax, by > ay, ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite,
              abs(ax) < 1e6, abs(ay) < 1e6, abs(bx) < 1e6, abs(by) < 1e6 else { return nil }
        hw = (bx - ax) / 2; hh = (by - ay) / 2; mx = (ax + bx) / 2; my = (ay + by) / 2
        r = radius.isNaN ? 0 : max(0, min(radius * scale, min(hw, hh)))
        self.softness = softness.isFinite ? max(1, min(softness, 1e5)) : 1
        let reach = softness / 2 + 1
        x0 = Int((ax - reach).rounded(.down)); x1 = Int((bx + reach).rounded(.up))
        y0 = Int((ay - reach).rounded(.down)); y1 = Int((by + reach).rounded(.up))
    }

    @inline(__always) func coverage(_ x: Int, _ y: Int) -> Int {
        Target.coverage(Target.sdRoundRect(Double(x) + 0.5, Double(y) + 0.5, mx, my, hw, hh, r), softness)
    }

    /// Row spans: coverage is 0 outside lo..<hi and `midCoverage` in fa..<fb.
    struct Row {
        var lo: Int, hi: Int, fa: Int, fb: Int, midCoverage: Int
        /// A row of the straight vertical section: every such row has the same spans
        /// and the same coverage at each x (it depends on x only).
        var straight: Bool
    }

    /// Per row (q as in `sdRoundRect`): pixels with qx >= tOut have coverage 0
    /// (d >= softness/2); in a row inside vertically, pixels with qx <= tMid have 255;
    /// in any other row pixels with qx <= min(qy, 0) share d = qy - r. One pixel of
    /// margin keeps the shortcuts away from rounding at the boundaries, so the result
    /// equals a per-pixel evaluation exactly (PixelCanvasShapePropertyTests).
    @inline(__always) func row(_ y: Int) -> Row? {
        let sh = softness / 2
        let inner = r - sh, outer = r + sh
        let cy = Double(y) + 0.5
        let qy = abs(cy - my) - hh + r
        if qy >= outer { return nil }
        let tOut: Double = qy <= 0 ? outer : (outer * outer - qy * qy).squareRoot()
        var tMid: Double, mid: Int
        let straight = qy <= min(0, inner)
        if straight {
            tMid = inner; mid = 255
        } else if qy > 0 && qy <= inner {
            tMid = (inner * inner - qy * qy).squareRoot(); mid = 255
        } else {
            tMid = min(qy, 0); mid = Target.coverage(qy - r, softness)
        }
        let halfOut = hw - r + tOut + 1
        let lo = max(x0, Int((mx - halfOut - 0.5).rounded(.down)))
        let hi = min(x1, Int((mx + halfOut - 0.5).rounded(.up)) + 1)
        guard hi > lo else { return nil }
        let halfMid = hw - r + tMid - (mid == 255 ? 1 : 0)
        var fa = hi, fb = hi
        if halfMid > 0 {
            fa = max(lo, Int((mx - halfMid - 0.5).rounded(.up)))
            fb = min(hi, Int((mx + halfMid - 0.5).rounded(.down)) + 1)
            if fb <= fa { fa = hi; fb = hi }
        }
        return Row(lo: lo, hi: hi, fa: fa, fb: fb, midCoverage: mid, straight: straight)
    }
}
