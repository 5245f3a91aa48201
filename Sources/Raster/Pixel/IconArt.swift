import SimCore

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
        case .search:
            // A lens up and left, its handle down to the right (iOS's magnifying glass).
            return Shape(parts: [.ring(cx: 10, cy: 10, r: 6.5, w: stroke),
                                 .segment(ax: 14.8, ay: 14.8, bx: 20.5, by: 20.5, w: 2.2)])
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
