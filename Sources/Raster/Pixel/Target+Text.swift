import SimCore

/// Text: the bitmap font's glyphs and emoji of a laid-out text.
extension Target {
    mutating func text(_ layout: TextLayout, origin: Point, color: Color, theme: Theme) {
        let a = alpha(color, 255)
        let q = layout.metrics.magnificationQuarters
        if q != 4 { magnifiedText(layout, origin: origin, quarters: q, color: color, alpha: a, theme: theme); return }
        for line in layout.lines {
            line.localGlyphs.withUnsafeBufferPointer { glyphs in
                guard let base = glyphs.baseAddress else { return }
                for i in 0..<glyphs.count {
                    let g = base + i
                    let frame = line.layoutFrame(g.pointee.frame).offsetBy(dx: origin.x, dy: origin.y)
                    let cp = g.pointee.codePoint
                    if cp != 0 {
                        // A character or the ellipsis: its first scalar from the font.
                        drawGlyph(cp, boxWidth: g.pointee.width == .wide ? 16 : 8, x: px(frame.minX), y: px(frame.minY),
                                  color: color, alpha: a)
                        continue
                    }
                    guard case .emoji(let e) = g.pointee.content else { continue }
                    if let name = e.imageName, let img = options.images.image(name, 0) {
                        blit(img, name: name, frameIndex: 0, into: frame)
                    } else if let glyphText = e.glyph, let first = glyphText.unicodeScalars.first {
                        drawGlyph(first.value, boxWidth: 16, x: px(frame.minX), y: px(frame.midY - 8), color: color, alpha: a)
                    } else {
                        placeholder(frame, theme: theme)
                    }
                }
            }
        }
    }

    /// Text of magnified metrics: each font pixel (col, row) covers device pixels
    /// [floor(col * s), floor((col + 1) * s)) with s = scale * quarters / 4, in integers.
    /// Rare (the loupe), so no glyph-run cache.
    mutating func magnifiedText(_ layout: TextLayout, origin: Point, quarters q: Int, color: Color, alpha a: Int, theme: Theme) {
        let half = 8 * Double(q) / 4
        for line in layout.lines {
            for g in line.localGlyphs {
                let frame = line.layoutFrame(g.frame).offsetBy(dx: origin.x, dy: origin.y)
                if g.codePoint != 0 {
                    magnifiedGlyph(g.codePoint, boxWidth: g.width == .wide ? 16 : 8, x: px(frame.minX), y: px(frame.minY),
                                   quarters: q, color: color, alpha: a)
                    continue
                }
                guard case .emoji(let e) = g.content else { continue }
                if let name = e.imageName, let img = options.images.image(name, 0) {
                    blit(img, name: name, frameIndex: 0, into: frame)
                } else if let glyphText = e.glyph, let first = glyphText.unicodeScalars.first {
                    magnifiedGlyph(first.value, boxWidth: 16, x: px(frame.minX), y: px(frame.midY - half),
                                   quarters: q, color: color, alpha: a)
                } else {
                    placeholder(frame, theme: theme)
                }
            }
        }
    }

    mutating func magnifiedGlyph(_ codePoint: UInt32, boxWidth: Int, x: Int, y: Int, quarters q: Int, color: Color, alpha a: Int) {
        let glyph = options.font.glyphOrBox(for: codePoint, width: boxWidth)
        let n = iscale * q   // device pixels per 4 font pixels
        for row in 0..<16 {
            let bits = glyph.rows[row]
            if bits == 0 { continue }
            let y0 = max(clip.y0, y + row * n / 4), y1 = min(clip.y1, y + (row + 1) * n / 4)
            guard y1 > y0 else { continue }
            for col in 0..<min(16, glyph.width) where bits & (0x8000 >> UInt16(col)) != 0 {
                let x0 = max(clip.x0, x + col * n / 4), x1 = min(clip.x1, x + (col + 1) * n / 4)
                if x1 > x0 { for yy in y0..<y1 { span(yy, x0, x1, color, a) } }
            }
        }
    }

    /// Each set font pixel becomes a scale x scale block: the runs of set bits of the
    /// glyph's rows (from `glyphs`, found once per glyph) are filled on each of their
    /// `scale` pixel rows; opaque runs are stored words, translucent ones `span`s.
    mutating func drawGlyph(_ codePoint: UInt32, boxWidth: Int, x: Int, y: Int, color: Color, alpha a: Int) {
        let range = glyphs.lookup(codePoint, boxWidth: boxWidth, font: options.font)
        let s = iscale
        let opaque = a >= 255 ? PixelCanvas.pack(Color(r: color.r, g: color.g, b: color.b, a: 255)) : nil
        let c = clip, w = width
        glyphs.runs.withUnsafeBufferPointer { runs in
            p.withMemoryRebound(to: UInt32.self, capacity: width * height) { words in
                // A glyph's runs lie in its 16 x 16 font pixels (a row is 16 bits), so
                // when that square is inside the clip (nearly every glyph) no run needs
                // clamping: each is a row offset and a count of words.
                if let v = opaque, s > 0, x >= c.x0, x + 16 * s <= c.x1, y >= c.y0, y + 16 * s <= c.y1 {
                    let origin = words + y * w + x
                    for k in range {
                        let run = runs[k]
                        let col = Int((run >> 8) & 0xFF)
                        let n = (Int(run >> 16) - col) * s
                        var row = origin + Int(run & 0xFF) * s * w + col * s
                        for _ in 0..<s {
                            Self.fillGlyphRun(row, v, count: n)
                            row += w
                        }
                    }
                    return
                }
                for k in range {
                    let run = runs[k]
                    let py0 = y + Int(run & 0xFF) * s
                    let py = max(py0, c.y0), pyEnd = min(py0 + s, c.y1)
                    guard pyEnd > py else { continue }
                    let sx0 = max(c.x0, x + Int((run >> 8) & 0xFF) * s), sx1 = min(c.x1, x + Int(run >> 16) * s)
                    guard sx1 > sx0 else { continue }
                    for yy in py..<pyEnd {
                        if let v = opaque {
                            Self.fillGlyphRun(words + yy * w + sx0, v, count: sx1 - sx0)
                        } else {
                            span(yy, sx0, sx1, color, a)
                        }
                    }
                }
            }
        }
    }

    /// Stores `v` in the `count` (> 0) words of one glyph run: a few words (a run is at
    /// most a glyph wide), where `fillWords`' vectorized loop spent most of a text
    /// render in its set-up and remainder. Natively overlapping 16- and 8-byte stores
    /// (the same value, so an overlap writes the same bytes) cover any count in at most
    /// count / 4 + 1 stores without a remainder loop; wasm (no SIMD) keeps `fillWords`.
    @inline(__always) static func fillGlyphRun(_ dst: UnsafeMutablePointer<UInt32>, _ v: UInt32, count n: Int) {
        #if !arch(wasm32)
        let raw = UnsafeMutableRawPointer(dst)
        if n >= 4 {
            let v4 = SIMD4<UInt32>(repeating: v)
            var k = 0
            while k &+ 4 < n {
                raw.storeBytes(of: v4, toByteOffset: k &* 4, as: SIMD4<UInt32>.self)
                k &+= 4
            }
            raw.storeBytes(of: v4, toByteOffset: (n &- 4) &* 4, as: SIMD4<UInt32>.self)
        } else if n >= 2 {
            let v2 = UInt64(v) | UInt64(v) << 32
            raw.storeBytes(of: v2, as: UInt64.self)
            raw.storeBytes(of: v2, toByteOffset: (n &- 2) &* 4, as: UInt64.self)
        } else {
            dst.pointee = v
        }
        #else
        fillWords(dst, v, count: n)
        #endif
    }
}
