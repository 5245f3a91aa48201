import SimCore

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

/// The drawings of `Icon`: parts on a 24 x 24 design grid (icons) or on the unit
/// square stretched over the frame (tails). `cut` parts are subtracted from the union
/// of the others, so an icon never depends on the colour under it.
enum IconArt {
    struct Shape {
        var parts: [IconPart]
        var cuts: [IconPart] = []
    }

    static let stroke = 1.8

    /// A closed polyline as round-joined strokes.
    static func outline(_ p: [(Double, Double)], w: Double) -> [IconPart] {
        var out: [IconPart] = []
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            out.append(.segment(ax: a.0, ay: a.1, bx: b.0, by: b.1, w: w))
        }
        return out
    }

    /// An open polyline as round-joined strokes.
    static func polyline(_ p: [(Double, Double)], w: Double) -> [IconPart] {
        var out: [IconPart] = []
        for i in 0..<max(0, p.count - 1) {
            out.append(.segment(ax: p[i].0, ay: p[i].1, bx: p[i + 1].0, by: p[i + 1].1, w: w))
        }
        return out
    }

    /// A quadratic Bézier from p0 over control c to p2, as `steps` points after p0
    /// (fixed steps and only + - *: the same vertices everywhere).
    static func quad(_ p0: (Double, Double), _ c: (Double, Double), _ p2: (Double, Double), steps: Int,
                     into v: inout [Double]) {
        for s in 1...steps {
            let t = Double(s) / Double(steps), u = 1 - t
            v.append(u * u * p0.0 + 2 * u * t * c.0 + t * t * p2.0)
            v.append(u * u * p0.1 + 2 * u * t * c.1 + t * t * p2.1)
        }
    }

    /// The tail pointing right on the unit square: attached along x = 0 (hidden under
    /// the bubble, which is drawn over it in the same colour), concave sides meeting
    /// in a softly rounded tip at (1, 0.5), as WeChat's and iMessage's tails curve
    /// into the bubble outline.
    static let tailRight: [Double] = {
        var v: [Double] = [0, 0]
        quad((0, 0), (0.5, 0.2), (0.96, 0.46), steps: 8, into: &v)
        quad((0.96, 0.46), (1.02, 0.5), (0.96, 0.54), steps: 3, into: &v)
        quad((0.96, 0.54), (0.5, 0.8), (0, 1), steps: 8, into: &v)
        return v
    }()

    static let tailLeft: [Double] = {
        var v = tailRight
        var i = 0
        while i < v.count { v[i] = 1 - v[i]; i += 2 }
        return v
    }()

    static func shape(_ icon: Icon) -> Shape {
        switch icon {
        case .deleteBackward:
            // A key cap pointing left with an X in it (iOS's ⌫).
            return Shape(parts: outline([(2.5, 12), (8.5, 5.5), (21, 5.5), (21, 18.5), (8.5, 18.5)], w: stroke)
                + [.segment(ax: 11.5, ay: 9, bx: 17, by: 15, w: stroke),
                   .segment(ax: 17, ay: 9, bx: 11.5, by: 15, w: stroke)])
        case .recents:
            return Shape(parts: [.ring(cx: 12, cy: 12, r: 8.5, w: stroke),
                                 .segment(ax: 12, ay: 12, bx: 12, by: 7, w: stroke),
                                 .segment(ax: 12, ay: 12, bx: 15.5, by: 14, w: stroke)])
        case .emoji:
            return Shape(parts: [.ring(cx: 12, cy: 12, r: 9, w: 1.7),
                                 .disc(cx: 9, cy: 10, r: 1.4), .disc(cx: 15, cy: 10, r: 1.4)]
                + polyline([(7.8, 14), (9.6, 16), (12, 16.8), (14.4, 16), (16.2, 14)], w: 1.7))
        case .keyboard:
            var parts: [IconPart] = [.boxStroke(x: 2, y: 6, w: 20, h: 12.5, r: 2, lw: 1.6),
                                     .segment(ax: 8, ay: 15.2, bx: 16, by: 15.2, w: 1.5)]
            for row in 0..<2 {
                for k in 0..<5 {
                    parts.append(.disc(cx: 5.9 + 3.05 * Double(k), cy: 9.4 + 2.8 * Double(row), r: 0.95))
                }
            }
            return Shape(parts: parts)
        case .send:
            return Shape(parts: [.polygon([2.5, 11, 21.5, 2.5, 14, 21.5, 11, 13])],
                         cuts: [.segment(ax: 11, ay: 13, bx: 21.5, by: 2.5, w: 1.2)])
        case .missingImage:
            return Shape(parts: [.boxStroke(x: 3, y: 3, w: 18, h: 18, r: 3, lw: 1.4),
                                 .segment(ax: 9.5, ay: 9.5, bx: 14.5, by: 14.5, w: 1.4),
                                 .segment(ax: 14.5, ay: 9.5, bx: 9.5, by: 14.5, w: 1.4)])
        case .tailLeft:
            return Shape(parts: [.polygon(tailLeft)])
        case .tailRight:
            return Shape(parts: [.polygon(tailRight)])
        }
    }
}

extension Target {
    /// Draws an icon or tail into `frame` (points) in `color`. O(pixels of the frame x
    /// parts): icons are small, and only the pixels near a part are evaluated.
    func icon(_ icon: Icon, frame: Rect, color: Color) {
        let fx = frame.minX * scale, fy = frame.minY * scale, fw = frame.width * scale, fh = frame.height * scale
        guard fw > 0, fh > 0, Self.sane(fx), Self.sane(fy), Self.sane(fw), Self.sane(fh), fw * fh < 1e7 else { return }
        let shape = IconArt.shape(icon)
        let placed: (IconPart) -> IconPart
        if icon.isTail {
            placed = { $0.placed(k: 1, kx: fw, ky: fh, dx: fx, dy: fy) }
        } else {
            let side = min(fw, fh), k = side / 24
            let ox = fx + (fw - side) / 2, oy = fy + (fh - side) / 2
            placed = { $0.placed(k: k, kx: k, ky: k, dx: ox, dy: oy) }
        }
        fill(shape.parts.map(placed), cuts: shape.cuts.map(placed), color: color)
    }

    /// Paints the union of `parts` minus the union of `cuts`: per pixel, coverage is
    /// max over parts times (1 - max over cuts). Each part is only evaluated in its
    /// own bounds (a pixel far from it has coverage 0).
    func fill(_ parts: [IconPart], cuts: [IconPart], color: Color) {
        if parts.isEmpty || alpha(color, 255) == 0 { return }
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        for p in parts {
            let b = p.bounds
            bx0 = min(bx0, b.x0); by0 = min(by0, b.y0); bx1 = max(bx1, b.x1); by1 = max(by1, b.y1)
        }
        guard Self.sane(bx0), Self.sane(by0), Self.sane(bx1), Self.sane(by1) else { return }
        let x0 = max(clip.x0, Int(bx0.rounded(.down))), x1 = min(clip.x1, Int(bx1.rounded(.up)))
        let y0 = max(clip.y0, Int(by0.rounded(.down))), y1 = min(clip.y1, Int(by1.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        let partBounds = parts.map { $0.bounds }, cutBounds = cuts.map { $0.bounds }
        for y in y0..<y1 {
            let cy = Double(y) + 0.5
            for x in x0..<x1 {
                let cx = Double(x) + 0.5
                var cov = 0
                for i in parts.indices {
                    let b = partBounds[i]
                    guard cx >= b.x0, cx <= b.x1, cy >= b.y0, cy <= b.y1 else { continue }
                    cov = max(cov, Self.coverage(parts[i].distance(cx, cy), 1))
                    if cov == 255 { break }
                }
                if cov == 0 { continue }
                var cut = 0
                for i in cuts.indices {
                    let b = cutBounds[i]
                    guard cx >= b.x0, cx <= b.x1, cy >= b.y0, cy <= b.y1 else { continue }
                    cut = max(cut, Self.coverage(cuts[i].distance(cx, cy), 1))
                }
                if cut > 0 { cov = Self.div255(cov * (255 - cut)) }
                if cov > 0 { blend((y * width + x) * 4, color, alpha(color, cov)) }
            }
        }
    }

    /// The stand-in for an image the provider does not have: a faint rounded box with
    /// an outline and the image's code written small inside it (as the font's hex box
    /// for a glyph it lacks), so a missing image never looks like a real key or icon.
    /// A code that is not printable ASCII (a Unicode emoji) is written as the hex of
    /// its scalars. Without room for one character, the box shows a cross.
    func missingImage(_ frame: Rect, code: String?, theme: Theme) {
        let radius = min(frame.width, frame.height) / 6
        shape(frame, radius: radius, softness: 1, color: theme.color(.imagePlaceholder))
        let ink = theme.color(.secondaryText)
        border(frame, lineWidth: max(1, min(frame.width, frame.height) / 24), radius: radius, color: ink)
        let k = max(1, iscale - 1) // device pixels per font pixel: small, legible text
        let fx = px(frame.minX), fy = px(frame.minY), fw = px(frame.maxX) - fx, fh = px(frame.maxY) - fy
        let pad = iscale
        let perRow = (fw - 2 * pad) / (8 * k)
        let rowsFit = min(2, (fh - 2 * pad) / (16 * k))
        let text = Self.missingImageText(code)
        guard perRow >= 1, rowsFit >= 1, !text.isEmpty else {
            let side = min(frame.width, frame.height) / 3
            fill([IconPart.segment(ax: 0, ay: 0, bx: 1, by: 1, w: 0.12), .segment(ax: 1, ay: 0, bx: 0, by: 1, w: 0.12)]
                    .map { $0.placed(k: side * scale, kx: 0, ky: 0, dx: (frame.midX - side / 2) * scale,
                                     dy: (frame.midY - side / 2) * scale) }, cuts: [], color: ink)
            return
        }
        // Words (space-separated: one a scalar for hex) never break across rows unless
        // a word alone is wider than a row; what does not fit in the rows is left out.
        var rows: [[UInt32]] = []
        var row: [UInt32] = []
        for word in text.split(separator: 0x20) {
            var w = Array(word)
            while !w.isEmpty && rows.count < rowsFit {
                let need = row.isEmpty ? w.count : row.count + 1 + w.count
                if need <= perRow {
                    if !row.isEmpty { row.append(0x20) }
                    row += w
                    w = []
                } else if row.isEmpty {
                    rows.append(Array(w.prefix(perRow)))
                    w.removeFirst(perRow)
                } else {
                    rows.append(row)
                    row = []
                }
            }
        }
        if !row.isEmpty && rows.count < rowsFit { rows.append(row) }
        let a = alpha(ink, 255)
        let top = fy + (fh - rows.count * 16 * k) / 2
        for (ri, r) in rows.enumerated() {
            let left = fx + (fw - r.count * 8 * k) / 2
            for (ci, u) in r.enumerated() {
                smallGlyph(options.font.glyphOrBox(for: u, width: 8), x: left + ci * 8 * k, y: top + ri * 16 * k,
                           pixel: k, color: ink, alpha: a)
            }
        }
    }

    /// The characters written in a missing image's box.
    static func missingImageText(_ code: String?) -> [UInt32] {
        guard let code, !code.isEmpty else { return [] }
        let scalars = code.unicodeScalars
        if scalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) { return scalars.map { $0.value } }
        var out: [UInt32] = []
        for u in scalars where u.value != 0xFE0F && u.value != 0x200D {
            if !out.isEmpty { out.append(0x20) }
            out.append(contentsOf: String(u.value, radix: 16, uppercase: true).unicodeScalars.map { $0.value })
        }
        return out
    }

    /// A font glyph at `pixel` device pixels per font pixel (the text path draws at
    /// the canvas scale; this one draws smaller, for codes in a missing-image box).
    func smallGlyph(_ glyph: BitmapFont.Glyph, x: Int, y: Int, pixel k: Int, color: Color, alpha a: Int) {
        for row in 0..<16 {
            let bits = glyph.rows[row]
            if bits == 0 { continue }
            let py0 = y + row * k
            if py0 + k <= clip.y0 || py0 >= clip.y1 { continue }
            for col in 0..<min(16, glyph.width) where bits & (0x8000 >> UInt16(col)) != 0 {
                let sx0 = max(clip.x0, x + col * k), sx1 = min(clip.x1, x + (col + 1) * k)
                if sx1 > sx0 {
                    for py in max(py0, clip.y0)..<min(py0 + k, clip.y1) { span(py, sx0, sx1, color, a) }
                }
            }
        }
    }
}
