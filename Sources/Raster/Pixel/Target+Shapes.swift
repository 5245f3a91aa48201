import SimCore

/// Shapes: fills, rounded rects, shadows, ellipses, borders and lines, by analytic coverage.
extension Target {
    /// A filled rounded rect (radius 0: a rect) whose edge is softened over `softness`
    /// pixels (1: antialiasing). Interior spans are filled directly.
    func shape(_ rect: Rect, radius: Double, softness: Double, color: Color) {
        guard let g = RoundRectShape(rect, radius: radius, softness: softness, scale: scale) else { return }
        let fullAlpha = alpha(color, 255)
        if fullAlpha == 0 { return }
        for y in max(clip.y0, g.y0)..<max(max(clip.y0, g.y0), min(clip.y1, g.y1)) {
            guard let row = g.row(y) else { continue }
            let lo = max(clip.x0, row.lo), hi = min(clip.x1, row.hi)
            guard hi > lo else { continue }
            var fa = max(lo, row.fa), fb = min(hi, row.fb)
            if fb <= fa { fa = hi; fb = hi }
            var x = lo
            while x < hi {
                if x == fa {
                    let cov = row.midCoverage
                    if cov > 0 { span(y, fa, fb, color, cov == 255 ? fullAlpha : alpha(color, cov)) }
                    x = fb
                    continue
                }
                let cov = g.coverage(x, y)
                if cov > 0 { blend((y * width + x) * 4, color, alpha(color, cov)) }
                x += 1
            }
        }
    }

    /// A drop shadow: the rounded rect moved by `offset`, softened over `blur` points,
    /// drawn only outside the casting rect (as CSS box-shadow), so an opaque view on
    /// top hides nothing and no work is spent under it. Shapes with exactly
    /// translatable geometry (see `ShadowMask`) are computed once into a cached mask
    /// and replayed; the pixels are the same either way.
    mutating func shadow(_ rect: Rect, radius: Double, offset: Point, blur: Double, color: Color) {
        let moved = rect.offsetBy(dx: offset.x, dy: offset.y)
        let softness = max(1, blur * scale)
        if alpha(color, 255) == 0 { return }
        guard let key = ShadowMask.Key(shape: (moved.minX * scale, moved.minY * scale, moved.maxX * scale, moved.maxY * scale),
                                       cut: (rect.minX * scale, rect.minY * scale, rect.maxX * scale, rect.maxY * scale),
                                       radius: radius * scale, softness: softness) else {
            return shadowDirect(rect, radius: radius, offset: offset, blur: blur, color: color)
        }
        let mask: ShadowMask
        if let hit = shadowMasks.lookup(key) {
            mask = hit
        } else if let built = Self.buildShadowMask(key, radius: radius * scale, softness: softness) {
            mask = built
            shadowMasks.store(key, built)
        } else {
            return shadowDirect(rect, radius: radius, offset: offset, blur: blur, color: color)
        }
        replay(mask, anchorX: key.anchorX, anchorY: key.anchorY, color: color)
    }

    /// A filled rounded rect (radius 0: a rect; circles too) with antialiased edges, as
    /// `shape(_:radius:softness:color:)` draws it, replayed from a cached mask (see
    /// `ShadowMask`: a mask with no cut) when its geometry is exactly translatable, so
    /// bubbles, avatars and pills of the same size cost spans and a few edge blends
    /// instead of a signed distance per edge pixel. The pixels are the same either way
    /// (PixelCanvasCacheTests).
    mutating func roundedShape(_ rect: Rect, radius: Double, color: Color) {
        if alpha(color, 255) == 0 { return }
        guard let key = ShadowMask.Key(shape: (rect.minX * scale, rect.minY * scale, rect.maxX * scale, rect.maxY * scale),
                                       cut: nil, radius: radius * scale, softness: 1) else {
            return shape(rect, radius: radius, softness: 1, color: color)
        }
        let mask: ShadowMask
        if let hit = shadowMasks.lookup(key) {
            mask = hit
        } else if let built = Self.buildShadowMask(key, radius: radius * scale, softness: 1) {
            mask = built
            shadowMasks.store(key, built)
        } else {
            return shape(rect, radius: radius, softness: 1, color: color)
        }
        replay(mask, anchorX: key.anchorX, anchorY: key.anchorY, color: color)
    }

    /// Paints a mask's runs with its frame at (ax, ay), clipped. Consecutive rows that
    /// share one run list (the straight section) are painted run by run, and an opaque
    /// run as wide as the framebuffer covers all of them in one store loop (a background
    /// fill costs what a clear does).
    func replay(_ mask: ShadowMask, anchorX ax: Int, anchorY ay: Int, color: Color) {
        let ly0 = max(mask.y0, clip.y0 - ay), ly1 = min(mask.y0 + mask.rows.count, clip.y1 - ay)
        guard ly1 > ly0 else { return }
        let cx0 = clip.x0 - ax, cx1 = clip.x1 - ax
        let w = width
        mask.runs.withUnsafeBufferPointer { runs in
            var ly = ly0
            while ly < ly1 {
                let range = mask.rows[ly - mask.y0]
                var n = 1
                while ly + n < ly1 && mask.rows[ly + n - mask.y0] == range { n += 1 }
                let y = ly + ay
                for k in Int(range.lowerBound)..<Int(range.upperBound) {
                    let r = runs[k]
                    let a = max(r.a, cx0), b = min(r.b, cx1)
                    guard b > a else { continue }
                    let al = alpha(color, r.coverage)
                    if b - a == 1 {
                        for yy in y..<(y + n) { blend((yy * w + a + ax) * 4, color, al) }
                    } else if al >= 255 && a + ax == 0 && b + ax == w {
                        let v = PixelCanvas.pack(Color(r: color.r, g: color.g, b: color.b, a: 255))
                        (p + y * w * 4).withMemoryRebound(to: UInt32.self, capacity: w * n) { words in
                            Self.fillWords(words, v, count: w * n)
                        }
                    } else {
                        #if arch(wasm32)
                        if al >= 255 && n > 1 && b - a > 64 {
                            // The rows' words are equal: fill one and copy it down, one
                            // `memory.copy` a row where `fillWords` makes a seed and
                            // several copies (natively the vectorized fill is as fast).
                            span(y, a + ax, b + ax, color, al)
                            (p + (y * w + a + ax) * 4).withMemoryRebound(to: UInt32.self, capacity: (n - 1) * w + b - a) { row in
                                for dy in 1..<n { Self.copyWords(row + dy * w, from: row, count: b - a) }
                            }
                            continue
                        }
                        #endif
                        for yy in y..<(y + n) { span(yy, a + ax, b + ax, color, al) }
                    }
                }
                ly += n
            }
        }
    }

    /// The mask for `key`: every row of the shape in the anchored frame, unclipped.
    /// Nil when it would hold more than `ShadowMask.maxRuns` runs.
    static func buildShadowMask(_ key: ShadowMask.Key, radius: Double, softness: Double) -> ShadowMask? {
        guard let g = RoundRectShape(key.local(key.shape), radius: radius, softness: softness, scale: 1) else { return nil }
        let cut = key.hasCut ? RoundRectShape(key.local(key.cut), radius: radius, softness: 1, scale: 1) : nil
        guard g.y1 > g.y0, g.y1 - g.y0 <= 8192, g.x1 - g.x0 <= 8192 else { return nil }
        var rows: [Range<Int32>] = []
        rows.reserveCapacity(g.y1 - g.y0)
        var runs: [CoverageRun] = []
        var row = [CoverageRun]()
        var straight: Range<Int32>?
        for y in g.y0..<g.y1 {
            guard let shapeRow = g.row(y), shapeRow.hi > shapeRow.lo else {
                rows.append(Int32(runs.count)..<Int32(runs.count))
                continue
            }
            let cutRow = cut?.row(y)
            let isStraight = shapeRow.straight && (cut == nil || cutRow?.straight == true)
            if isStraight, let shared = straight {
                rows.append(shared)
                continue
            }
            row.removeAll(keepingCapacity: true)
            shadowRuns(g, shapeRow, cut, cutRow, y: y, lo: shapeRow.lo, hi: shapeRow.hi, into: &row)
            let range = Int32(runs.count)..<Int32(runs.count + row.count)
            runs += row
            if runs.count > ShadowMask.maxRuns { return nil }
            rows.append(range)
            if isStraight { straight = range }
        }
        return ShadowMask(y0: g.y0, rows: rows, runs: runs)
    }

    /// The shadow for geometry a mask cannot be built for, row by row.
    func shadowDirect(_ rect: Rect, radius: Double, offset: Point, blur: Double, color: Color) {
        guard let g = RoundRectShape(rect.offsetBy(dx: offset.x, dy: offset.y), radius: radius,
                                     softness: max(1, blur * scale), scale: scale) else { return }
        let cut = RoundRectShape(rect, radius: radius, softness: 1, scale: scale)
        var runs: [CoverageRun] = []
        var straightRuns: [CoverageRun]?
        for y in max(clip.y0, g.y0)..<max(max(clip.y0, g.y0), min(clip.y1, g.y1)) {
            guard let row = g.row(y) else { continue }
            let lo = max(clip.x0, row.lo), hi = min(clip.x1, row.hi)
            guard hi > lo else { continue }
            let cutRow = cut?.row(y)
            // Rows of the straight section (of both shapes) are all alike: their runs
            // are computed once and replayed.
            let straight = row.straight && (cutRow?.straight ?? false)
            if straight, let runs = straightRuns {
                apply(runs, y: y, color: color)
                continue
            }
            runs.removeAll(keepingCapacity: true)
            Self.shadowRuns(g, row, cut, cutRow, y: y, lo: lo, hi: hi, into: &runs)
            apply(runs, y: y, color: color)
            if straight { straightRuns = runs }
        }
    }

    /// The shadow's coverage runs of row y within lo..<hi: the row is split where either
    /// coverage changes between constant and per-pixel; a segment where both are
    /// constant is one run, elsewhere one run a pixel; touching runs of equal coverage
    /// merge (a span paints what its pixels' blends would). Coverage is the shadow's
    /// times what the casting rect leaves uncovered.
    static func shadowRuns(_ g: RoundRectShape, _ row: RoundRectShape.Row, _ cut: RoundRectShape?,
                           _ cutRow: RoundRectShape.Row?, y: Int, lo: Int, hi: Int, into runs: inout [CoverageRun]) {
        var marks = Marks()
        marks.insert(lo, lo, hi); marks.insert(hi, lo, hi)
        marks.insert(row.fa, lo, hi); marks.insert(row.fb, lo, hi)
        if let c = cutRow {
            marks.insert(c.lo, lo, hi); marks.insert(c.hi, lo, hi)
            marks.insert(c.fa, lo, hi); marks.insert(c.fb, lo, hi)
        }
        var k = 0
        while k + 1 < marks.count {
            let a = marks[k], b = marks[k + 1]
            k += 1
            guard b > a else { continue }
            let shadowConst = a >= row.fa && b <= row.fb
            var cutConst = true, cutCov = 0
            if let c = cutRow, a < c.hi && b > c.lo {
                if a >= c.fa && b <= c.fb { cutCov = c.midCoverage } else { cutConst = false }
            }
            if shadowConst && cutConst {
                let cov = div255(row.midCoverage * (255 - cutCov))
                if cov > 0 { appendMerging(CoverageRun(a: a, b: b, coverage: cov), to: &runs) }
                continue
            }
            for x in a..<b {
                var cov = shadowConst ? row.midCoverage : g.coverage(x, y)
                if cov == 0 { continue }
                let cc = cutConst ? cutCov : cut!.coverage(x, y)
                cov = div255(cov * (255 - cc))
                if cov > 0 { appendMerging(CoverageRun(a: x, b: x + 1, coverage: cov), to: &runs) }
            }
        }
    }

    @inline(__always) static func appendMerging(_ run: CoverageRun, to runs: inout [CoverageRun]) {
        if let last = runs.last, last.b == run.a, last.coverage == run.coverage {
            runs[runs.count - 1].b = run.b
        } else {
            runs.append(run)
        }
    }

    /// Paints coverage runs on row y.
    func apply(_ runs: [CoverageRun], y: Int, color: Color) {
        for r in runs {
            if r.b - r.a == 1 {
                blend((y * width + r.a) * 4, color, alpha(color, r.coverage))
            } else {
                span(y, r.a, r.b, color, alpha(color, r.coverage))
            }
        }
    }

    /// The ellipse inscribed in `rect`: exact distance for circles, a scaled distance
    /// for ellipses.
    mutating func ellipse(_ rect: Rect, color: Color) {
        let x0 = rect.minX * scale, y0 = rect.minY * scale, x1 = rect.maxX * scale, y1 = rect.maxY * scale
        guard x1 > x0, y1 > y0, Self.sane(x0), Self.sane(y0), Self.sane(x1), Self.sane(y1) else { return }
        if abs((x1 - x0) - (y1 - y0)) < 1e-9 {
            roundedShape(rect, radius: rect.width / 2, color: color)
            return
        }
        let rx = (x1 - x0) / 2, ry = (y1 - y0) / 2, mx = (x0 + x1) / 2, my = (y0 + y1) / 2
        let k = min(rx, ry)
        let bx0 = max(clip.x0, Int(x0.rounded(.down)) - 1), bx1 = min(clip.x1, Int(x1.rounded(.up)) + 1)
        let by0 = max(clip.y0, Int(y0.rounded(.down)) - 1), by1 = min(clip.y1, Int(y1.rounded(.up)) + 1)
        guard bx1 > bx0, by1 > by0 else { return }
        for y in by0..<by1 {
            let dy = (Double(y) + 0.5 - my) / ry
            for x in bx0..<bx1 {
                let dx = (Double(x) + 0.5 - mx) / rx
                let d = ((dx * dx + dy * dy).squareRoot() - 1) * k
                let cov = Self.coverage(d, 1)
                if cov > 0 { blend((y * width + x) * 4, color, alpha(color, cov)) }
            }
        }
    }

    /// A stroke `lineWidth` points wide inside the rect's edge: outer shape minus the
    /// inner one (inset by the width, radius reduced by it).
    func border(_ rect: Rect, lineWidth: Double, radius: Double, color: Color) {
        let x0 = rect.minX * scale, y0 = rect.minY * scale, x1 = rect.maxX * scale, y1 = rect.maxY * scale
        let lw = min(1e5, max(0, lineWidth * scale))
        guard x1 > x0, y1 > y0, lw > 0, Self.sane(x0), Self.sane(y0), Self.sane(x1), Self.sane(y1) else { return }
        let hw = (x1 - x0) / 2, hh = (y1 - y0) / 2, mx = (x0 + x1) / 2, my = (y0 + y1) / 2
        let r = radius.isNaN ? 0 : max(0, min(radius * scale, min(hw, hh)))
        let ihw = hw - lw, ihh = hh - lw, ir = max(0, r - lw)
        let bx0 = max(clip.x0, Int(x0.rounded(.down)) - 1), bx1 = min(clip.x1, Int(x1.rounded(.up)) + 1)
        let by0 = max(clip.y0, Int(y0.rounded(.down)) - 1), by1 = min(clip.y1, Int(y1.rounded(.up)) + 1)
        guard bx1 > bx0, by1 > by0 else { return }
        // Rows away from the top and bottom only need the left and right bands.
        let band = lw + r + 2
        for y in by0..<by1 {
            let cy = Double(y) + 0.5
            let middle = cy > y0 + band && cy < y1 - band
            let leftEnd = middle ? min(bx1, Int((x0 + band).rounded(.up))) : bx1
            let rightStart = middle ? max(leftEnd, Int((x1 - band).rounded(.down))) : bx1
            var x = bx0
            while x < bx1 {
                if x == leftEnd { x = max(x, rightStart); if x >= bx1 { break } }
                let cx = Double(x) + 0.5
                let outer = Self.coverage(Self.sdRoundRect(cx, cy, mx, my, hw, hh, r), 1)
                var cov = outer
                if outer > 0 && ihw > 0 && ihh > 0 {
                    let innerCov = Self.coverage(Self.sdRoundRect(cx, cy, mx, my, ihw, ihh, ir), 1)
                    cov = max(0, outer - innerCov)
                }
                if cov > 0 { blend((y * width + x) * 4, color, alpha(color, cov)) }
                x += 1
            }
        }
    }

    /// A line segment `lineWidth` points wide with square-free (butt) ends.
    func line(_ a: Point, _ b: Point, lineWidth: Double, color: Color) {
        // Horizontal and vertical lines (separators) are rectangles: filled as spans.
        let halfPoints = max(0.5 / scale, lineWidth / 2)
        if a.y == b.y && a.x != b.x {
            shape(Rect(x: min(a.x, b.x), y: a.y - halfPoints, width: abs(b.x - a.x), height: 2 * halfPoints),
                  radius: 0, softness: 1, color: color)
            return
        }
        if a.x == b.x && a.y != b.y {
            shape(Rect(x: a.x - halfPoints, y: min(a.y, b.y), width: 2 * halfPoints, height: abs(b.y - a.y)),
                  radius: 0, softness: 1, color: color)
            return
        }
        let ax = a.x * scale, ay = a.y * scale, bx = b.x * scale, by = b.y * scale
        let hw = min(1e5, max(0.5, lineWidth.isNaN ? 0 : lineWidth * scale / 2))
        guard Self.sane(ax), Self.sane(ay), Self.sane(bx), Self.sane(by) else { return }
        let dx = bx - ax, dy = by - ay
        let len2 = dx * dx + dy * dy
        let x0 = max(clip.x0, Int((min(ax, bx) - hw).rounded(.down)) - 1)
        let x1 = min(clip.x1, Int((max(ax, bx) + hw).rounded(.up)) + 1)
        let y0 = max(clip.y0, Int((min(ay, by) - hw).rounded(.down)) - 1)
        let y1 = min(clip.y1, Int((max(ay, by) + hw).rounded(.up)) + 1)
        guard x1 > x0, y1 > y0, len2 > 0 else { return }
        let len = len2.squareRoot()
        let ux = dx / len, uy = dy / len
        for y in y0..<y1 {
            let cy = Double(y) + 0.5 - ay
            for x in x0..<x1 {
                let cx = Double(x) + 0.5 - ax
                let along = cx * ux + cy * uy
                let across = abs(cx * uy - cy * ux)
                // Distance to the rectangle around the segment (butt caps).
                let dAcross = across - hw
                let dAlong = max(-along, along - len)
                let d = max(dAcross, dAlong)
                let cov = Self.coverage(d, 1)
                if cov > 0 { blend((y * width + x) * 4, color, alpha(color, cov)) }
            }
        }
    }
}
