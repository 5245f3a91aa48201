import SimCore

/// A drop shadow's coverage (or a filled rounded rect's, which is a shadow with no
/// casting rect cut out), computed once per shape and replayed: per row the runs of
/// pixels at one coverage (already multiplied by the cut-out of the casting rect),
/// in a frame anchored at an integer pixel, so the same bubble at another place on the
/// screen (or in the next frame of a scroll) reuses it.
///
/// Exactness: a mask is only built for geometry whose pixel coordinates are multiples
/// of 1/256 below 2^20 (`ShadowMask.Key.init` returns nil otherwise). Then moving every
/// coordinate by the integer anchor is exact in floating point, so the signed distance
/// at each pixel centre, and so each pixel's coverage, is bit for bit what the direct
/// path computes (which `Target.shadow` still uses for any other geometry). Rows of the
/// straight section share one run list. Memory O(runs); built in O(pixels near the edge).
struct ShadowMask: Sendable {
    /// The shadow's geometry relative to its anchor: the offset shape's and the casting
    /// rect's pixel edges (all ones bits: no casting rect, a plain shape), the radius in
    /// pixels, the softness; bit patterns, so equal keys mean identical arithmetic.
    struct Key: Hashable, Sendable {
        var shape: SIMD4<UInt64>
        var cut: SIMD4<UInt64>
        var radius: UInt64
        var softness: UInt64

        /// The key and the anchor (integer pixel) for a shadow (a plain shape when `cut`
        /// is nil), or nil when the geometry is not exactly translatable (see the type's note).
        init?(shape s: (Double, Double, Double, Double), cut: (Double, Double, Double, Double)?,
              radius: Double, softness: Double) {
            func exact(_ v: Double) -> Bool {
                guard v.isFinite, abs(v) < 1_048_576 else { return false }
                let k = v * 256
                return k.rounded(.towardZero) == k
            }
            guard exact(s.0), exact(s.1), exact(s.2), exact(s.3), radius.isFinite, softness.isFinite else { return nil }
            if let c = cut {
                guard exact(c.0), exact(c.1), exact(c.2), exact(c.3) else { return nil }
                let ax = c.0.rounded(.down), ay = c.1.rounded(.down)
                anchorX = Int(ax); anchorY = Int(ay)
                self.cut = SIMD4((c.0 - ax).bitPattern, (c.1 - ay).bitPattern, (c.2 - ax).bitPattern, (c.3 - ay).bitPattern)
            } else {
                anchorX = Int(s.0.rounded(.down)); anchorY = Int(s.1.rounded(.down))
                self.cut = SIMD4(repeating: Self.noCut)
            }
            let ax = Double(anchorX), ay = Double(anchorY)
            shape = SIMD4((s.0 - ax).bitPattern, (s.1 - ay).bitPattern, (s.2 - ax).bitPattern, (s.3 - ay).bitPattern)
            self.radius = radius.bitPattern
            self.softness = softness.bitPattern
        }

        /// The `cut` of a plain shape: a NaN pattern, which no exact coordinate has.
        static let noCut = UInt64.max

        /// Whether a casting rect is cut out (a shadow) or not (a filled shape).
        var hasCut: Bool { cut[0] != Self.noCut }

        /// Not part of the identity: where this instance of the shape sits.
        private(set) var anchorX = 0, anchorY = 0

        static func == (a: Key, b: Key) -> Bool {
            a.shape == b.shape && a.cut == b.cut && a.radius == b.radius && a.softness == b.softness
        }

        func hash(into h: inout Hasher) {
            h.combine(shape); h.combine(cut); h.combine(radius); h.combine(softness)
        }

        func local(_ v: SIMD4<UInt64>) -> Rect {
            let x0 = Double(bitPattern: v[0]), y0 = Double(bitPattern: v[1])
            let x1 = Double(bitPattern: v[2]), y1 = Double(bitPattern: v[3])
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

    /// First row (relative to the anchor) and, per row, the range of `runs` to paint.
    let y0: Int
    let rows: [Range<Int32>]
    /// Runs with x relative to the anchor.
    let runs: [CoverageRun]

    /// Masks above this many runs are drawn directly each time instead of kept.
    static let maxRuns = 1 << 16
}
