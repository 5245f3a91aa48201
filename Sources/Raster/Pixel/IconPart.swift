/// One analytic part of a vector shape, in pixel space once placed. Coverage comes
/// from its signed distance at the pixel centre, like every other shape of the canvas.
enum IconPart: Sendable {
    /// A stroke from (ax, ay) to (bx, by), `w` wide, with round caps (joins of a
    /// polyline are round too, since consecutive strokes overlap in a disc).
    case segment(ax: Double, ay: Double, bx: Double, by: Double, w: Double)
    /// A circle outline of radius `r`, `w` wide.
    case ring(cx: Double, cy: Double, r: Double, w: Double)
    case disc(cx: Double, cy: Double, r: Double)
    /// The outline of a rounded rect (x, y, width, height, radius), `lw` wide, inside
    /// the rect's edge.
    case boxStroke(x: Double, y: Double, w: Double, h: Double, r: Double, lw: Double)
    /// A filled polygon: flat (x, y) pairs, even-odd, any number of vertices >= 3.
    case polygon([Double])

    /// The part scaled by `k` about the origin, then moved by (dx, dy).
    func placed(k: Double, kx: Double, ky: Double, dx: Double, dy: Double) -> IconPart {
        switch self {
        case let .segment(ax, ay, bx, by, w):
            return .segment(ax: ax * k + dx, ay: ay * k + dy, bx: bx * k + dx, by: by * k + dy, w: w * k)
        case let .ring(cx, cy, r, w):
            return .ring(cx: cx * k + dx, cy: cy * k + dy, r: r * k, w: w * k)
        case let .disc(cx, cy, r):
            return .disc(cx: cx * k + dx, cy: cy * k + dy, r: r * k)
        case let .boxStroke(x, y, w, h, r, lw):
            return .boxStroke(x: x * k + dx, y: y * k + dy, w: w * k, h: h * k, r: r * k, lw: lw * k)
        case let .polygon(v):
            var out = v
            var i = 0
            while i + 1 < out.count {
                out[i] = v[i] * kx + dx
                out[i + 1] = v[i + 1] * ky + dy
                i += 2
            }
            return .polygon(out)
        }
    }

    /// Signed distance in pixels from (x, y) (negative inside).
    func distance(_ x: Double, _ y: Double) -> Double {
        switch self {
        case let .segment(ax, ay, bx, by, w):
            let px = x - ax, py = y - ay, ex = bx - ax, ey = by - ay
            let ee = ex * ex + ey * ey
            let t = ee > 0 ? min(1, max(0, (px * ex + py * ey) / ee)) : 0
            let qx = px - ex * t, qy = py - ey * t
            return (qx * qx + qy * qy).squareRoot() - w / 2
        case let .ring(cx, cy, r, w):
            let dx = x - cx, dy = y - cy
            return abs((dx * dx + dy * dy).squareRoot() - r) - w / 2
        case let .disc(cx, cy, r):
            let dx = x - cx, dy = y - cy
            return (dx * dx + dy * dy).squareRoot() - r
        case let .boxStroke(bx, by, w, h, r, lw):
            let outer = Target.sdRoundRect(x, y, bx + w / 2, by + h / 2, w / 2, h / 2, min(r, min(w, h) / 2))
            let inner = Target.sdRoundRect(x, y, bx + w / 2, by + h / 2, w / 2 - lw, h / 2 - lw,
                                           max(0, min(r - lw, min(w, h) / 2 - lw)))
            return max(outer, -inner)
        case let .polygon(v):
            return IconPart.polygonDistance(v, x, y)
        }
    }

    /// Exact signed distance to an even-odd polygon: the nearest edge, negative when
    /// an odd number of edges cross the horizontal ray. O(vertices).
    static func polygonDistance(_ v: [Double], _ x: Double, _ y: Double) -> Double {
        let n = v.count / 2
        guard n >= 3 else { return .infinity }
        var best = Double.infinity
        var inside = false
        var j = n - 1
        for i in 0..<n {
            let xi = v[2 * i], yi = v[2 * i + 1], xj = v[2 * j], yj = v[2 * j + 1]
            let ex = xj - xi, ey = yj - yi, wx = x - xi, wy = y - yi
            let ee = ex * ex + ey * ey
            let t = ee > 0 ? min(1, max(0, (wx * ex + wy * ey) / ee)) : 0
            let bx = wx - ex * t, by = wy - ey * t
            best = min(best, bx * bx + by * by)
            if (yi > y) != (yj > y) && x < xi + (y - yi) * ex / ey { inside.toggle() }
            j = i
        }
        let d = best.squareRoot()
        return inside ? -d : d
    }

    /// The pixel bounds the part can touch (with a pixel of antialiasing).
    var bounds: (x0: Double, y0: Double, x1: Double, y1: Double) {
        switch self {
        case let .segment(ax, ay, bx, by, w):
            return (min(ax, bx) - w / 2 - 1, min(ay, by) - w / 2 - 1, max(ax, bx) + w / 2 + 1, max(ay, by) + w / 2 + 1)
        case let .ring(cx, cy, r, w):
            return (cx - r - w / 2 - 1, cy - r - w / 2 - 1, cx + r + w / 2 + 1, cy + r + w / 2 + 1)
        case let .disc(cx, cy, r):
            return (cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1)
        case let .boxStroke(x, y, w, h, _, _):
            return (x - 1, y - 1, x + w + 1, y + h + 1)
        case let .polygon(v):
            var b = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
            var i = 0
            while i + 1 < v.count {
                b.x0 = min(b.x0, v[i] - 1); b.x1 = max(b.x1, v[i] + 1)
                b.y0 = min(b.y0, v[i + 1] - 1); b.y1 = max(b.y1, v[i + 1] + 1)
                i += 2
            }
            return b
        }
    }
}
