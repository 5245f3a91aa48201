import SimCore

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
