import SimCore

extension Target {
    /// Draws an icon or tail into `frame` (points) in `color`. O(pixels of the frame x
    /// parts) the first time: icons are small, and only the pixels near a part are
    /// evaluated; drawn again with the same pixel frame (a static screen redrawn, the
    /// tab bar's icons), it replays its cached coverage (`IconMaskCache`) in O(runs).
    mutating func icon(_ icon: Icon, frame: Rect, color: Color) {
        let fx = frame.minX * scale, fy = frame.minY * scale, fw = frame.width * scale, fh = frame.height * scale
        guard fw > 0, fh > 0, Self.sane(fx), Self.sane(fy), Self.sane(fw), Self.sane(fh), fw * fh < 1e7 else { return }
        if alpha(color, 255) == 0 { return }
        let key = IconMaskCache.Key(icon: icon, frame: SIMD4(fx.bitPattern, fy.bitPattern, fw.bitPattern, fh.bitPattern))
        if let mask = iconMasks.lookup(key) {
            replay(mask, color: color)
            return
        }
        let (parts, cuts) = Self.placedParts(icon, x: fx, y: fy, width: fw, height: fh)
        if let mask = Self.iconMask(parts, cuts: cuts, width: width, height: height) {
            iconMasks.store(key, mask)
            replay(mask, color: color)
        } else {
            fill(parts, cuts: cuts, color: color)
        }
    }

    /// The icon's parts and cuts placed in its pixel frame: an icon in the largest
    /// centred square (its 24 x 24 grid scaled), a tail stretched over the frame.
    static func placedParts(_ icon: Icon, x fx: Double, y fy: Double, width fw: Double,
                            height fh: Double) -> (parts: [IconPart], cuts: [IconPart]) {
        let shape = IconArt.shape(icon)
        let placed: (IconPart) -> IconPart
        if icon.isTail {
            placed = { $0.placed(k: 1, kx: fw, ky: fh, dx: fx, dy: fy) }
        } else {
            let side = min(fw, fh), k = side / 24
            let ox = fx + (fw - side) / 2, oy = fy + (fh - side) / 2
            placed = { $0.placed(k: k, kx: k, ky: k, dx: ox, dy: oy) }
        }
        return (shape.parts.map(placed), shape.cuts.map(placed))
    }

    /// The union of `parts`' bounds, or nil when empty or not sane.
    static func iconBounds(_ parts: [IconPart]) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        if parts.isEmpty { return nil }
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        for p in parts {
            let b = p.bounds
            bx0 = min(bx0, b.x0); by0 = min(by0, b.y0); bx1 = max(bx1, b.x1); by1 = max(by1, b.y1)
        }
        guard sane(bx0), sane(by0), sane(bx1), sane(by1) else { return nil }
        return (bx0, by0, bx1, by1)
    }

    /// The coverage (0...255) of pixel centre (cx, cy): max over the parts, times what
    /// the max over the cuts leaves. The one definition for the direct path and masks.
    @inline(__always) static func iconCoverage(_ cx: Double, _ cy: Double,
                                               _ parts: [IconPart], _ partBounds: [(x0: Double, y0: Double, x1: Double, y1: Double)],
                                               _ cuts: [IconPart], _ cutBounds: [(x0: Double, y0: Double, x1: Double, y1: Double)]) -> Int {
        var cov = 0
        for i in parts.indices {
            let b = partBounds[i]
            guard cx >= b.x0, cx <= b.x1, cy >= b.y0, cy <= b.y1 else { continue }
            cov = max(cov, coverage(parts[i].distance(cx, cy), 1))
            if cov == 255 { break }
        }
        if cov == 0 { return 0 }
        var cut = 0
        for i in cuts.indices {
            let b = cutBounds[i]
            guard cx >= b.x0, cx <= b.x1, cy >= b.y0, cy <= b.y1 else { continue }
            cut = max(cut, coverage(cuts[i].distance(cx, cy), 1))
        }
        if cut > 0 { cov = div255(cov * (255 - cut)) }
        return cov
    }

    /// The coverage runs of `parts` minus `cuts` over their bounds within the
    /// framebuffer (unclipped otherwise), or nil when the bounds are empty or larger
    /// than `IconMaskCache.maxPixels`.
    static func iconMask(_ parts: [IconPart], cuts: [IconPart], width: Int, height: Int) -> IconMaskCache.Mask? {
        guard let b = iconBounds(parts) else { return nil }
        let x0 = max(0, Int(b.x0.rounded(.down))), x1 = min(width, Int(b.x1.rounded(.up)))
        let y0 = max(0, Int(b.y0.rounded(.down))), y1 = min(height, Int(b.y1.rounded(.up)))
        guard x1 > x0, y1 > y0, (x1 - x0) * (y1 - y0) <= IconMaskCache.maxPixels else { return nil }
        let partBounds = parts.map { $0.bounds }, cutBounds = cuts.map { $0.bounds }
        var rows: [Range<Int32>] = []
        rows.reserveCapacity(y1 - y0)
        var runs: [CoverageRun] = []
        for y in y0..<y1 {
            let cy = Double(y) + 0.5
            let start = runs.count
            for x in x0..<x1 {
                let cov = iconCoverage(Double(x) + 0.5, cy, parts, partBounds, cuts, cutBounds)
                if cov > 0 {
                    // Merging only within the row (`start`): a run never spans rows.
                    if runs.count > start, runs[runs.count - 1].b == x, runs[runs.count - 1].coverage == cov {
                        runs[runs.count - 1].b = x + 1
                    } else {
                        runs.append(CoverageRun(a: x, b: x + 1, coverage: cov))
                    }
                }
            }
            rows.append(Int32(start)..<Int32(runs.count))
        }
        return IconMaskCache.Mask(y0: y0, rows: rows, runs: runs)
    }

    /// Paints an icon mask's runs, clipped: what `fill` paints for the same parts.
    func replay(_ mask: IconMaskCache.Mask, color: Color) {
        let ly0 = max(0, clip.y0 - mask.y0), ly1 = min(mask.rows.count, clip.y1 - mask.y0)
        guard ly1 > ly0 else { return }
        let cx0 = clip.x0, cx1 = clip.x1
        mask.runs.withUnsafeBufferPointer { runs in
            for ly in ly0..<ly1 {
                let y = mask.y0 + ly
                let range = mask.rows[ly]
                for k in Int(range.lowerBound)..<Int(range.upperBound) {
                    let r = runs[k]
                    let a = max(r.a, cx0), b = min(r.b, cx1)
                    guard b > a else { continue }
                    let al = alpha(color, r.coverage)
                    if b - a == 1 {
                        blend((y * width + a) * 4, color, al)
                    } else {
                        span(y, a, b, color, al)
                    }
                }
            }
        }
    }

    /// Paints the union of `parts` minus the union of `cuts`: per pixel, coverage is
    /// max over parts times (1 - max over cuts). Each part is only evaluated in its
    /// own bounds (a pixel far from it has coverage 0).
    func fill(_ parts: [IconPart], cuts: [IconPart], color: Color) {
        if alpha(color, 255) == 0 { return }
        guard let bounds = Self.iconBounds(parts) else { return }
        let x0 = max(clip.x0, Int(bounds.x0.rounded(.down))), x1 = min(clip.x1, Int(bounds.x1.rounded(.up)))
        let y0 = max(clip.y0, Int(bounds.y0.rounded(.down))), y1 = min(clip.y1, Int(bounds.y1.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        let partBounds = parts.map { $0.bounds }, cutBounds = cuts.map { $0.bounds }
        for y in y0..<y1 {
            let cy = Double(y) + 0.5
            for x in x0..<x1 {
                let cov = Self.iconCoverage(Double(x) + 0.5, cy, parts, partBounds, cuts, cutBounds)
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
        let hex = Self.missingImageHexCodes(code)
        let drawn = hex.map { hexCodes($0, x: fx + pad, y: fy + pad, width: fw - 2 * pad, height: fh - 2 * pad, color: ink) }
        if drawn == true { return }
        guard hex == nil, perRow >= 1, rowsFit >= 1, !text.isEmpty else {
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

    /// The hex codes of a Unicode code's scalars (FE0F and ZWJ left out), one word per
    /// scalar, as indices into `hexGlyphs`; nil for a printable ASCII code (a name).
    static func missingImageHexCodes(_ code: String?) -> [[Int]]? {
        guard let code, !code.isEmpty else { return nil }
        let scalars = code.unicodeScalars
        if scalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) { return nil }
        var out: [[Int]] = []
        for u in scalars where u.value != 0xFE0F && u.value != 0x200D {
            var digits: [Int] = []
            var v = u.value
            repeat { digits.append(Int(v & 0xF)); v >>= 4 } while v != 0
            if digits.count < 4 { digits += repeatElement(0, count: 4 - digits.count) }
            out.append(digits.reversed())
        }
        return out.isEmpty ? nil : out
    }

    /// 3x5 pixel glyphs of the hex digits 0-F and `+` (index 16), row by row from the
    /// top, bit 14 the top left: the digits of a font's hex box for a missing glyph,
    /// small enough that a five- or six-digit code fits a 1x emoji cell whole.
    static let hexGlyphs: [UInt16] = [0x7B6F, 0x2C97, 0x73E7, 0x73CF, 0x5BC9, 0x79CF, 0x79EF, 0x7249, 0x7BEF,
                                      0x7BCF, 0x2BED, 0x6BAE, 0x3923, 0x6B6E, 0x79E7, 0x79E4, 0x05D0]

    /// Writes hex `codes` one to a row, centred in the box (device pixels), at the
    /// largest size up to the canvas scale at which the longest fits a row whole: a code
    /// never wraps. Codes past the rows that fit become `+n` on the last row (with one row,
    /// the first code alone). False
    /// (nothing drawn) when not even one code fits at one pixel.
    func hexCodes(_ codes: [[Int]], x: Int, y: Int, width: Int, height: Int, color: Color) -> Bool {
        let longest = codes.map { $0.count }.max() ?? 0
        var k = max(1, iscale)
        while k > 1 && (longest * 4 * k - k > width || 5 * k > height) { k -= 1 }
        guard longest > 0, longest * 4 - 1 <= width, 5 <= height else { return false }
        let rowsFit = min(codes.count, (height + k) / (6 * k))
        var rows = Array(codes.prefix(rowsFit))
        if rowsFit < codes.count && rowsFit > 1 {
            var hidden = codes.count - rowsFit + 1
            var more: [Int] = []
            repeat { more.append(hidden % 10); hidden /= 10 } while hidden > 0
            rows[rowsFit - 1] = [16] + more.reversed()
        }
        let a = alpha(color, 255)
        let top = y + (height - (rows.count * 6 * k - k)) / 2
        for (ri, r) in rows.enumerated() {
            let left = x + (width - (r.count * 4 * k - k)) / 2
            for (ci, d) in r.enumerated() {
                let bits = Self.hexGlyphs[d]
                for py in 0..<5 {
                    for px in 0..<3 where bits & (0x4000 >> UInt16(py * 3 + px)) != 0 {
                        let x0 = max(clip.x0, left + ci * 4 * k + px * k), x1 = min(clip.x1, left + ci * 4 * k + (px + 1) * k)
                        let y0 = max(clip.y0, top + ri * 6 * k + py * k), y1 = min(clip.y1, top + ri * 6 * k + (py + 1) * k)
                        if x1 > x0 { for yy in y0..<max(y0, y1) { span(yy, x0, x1, color, a) } }
                    }
                }
            }
        }
        return true
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
