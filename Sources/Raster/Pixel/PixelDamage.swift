import Imaging
import SimCore

/// What changed between two frames of a canvas: the pixel regions outside which
/// rendering `old` and rendering `new` give the same pixels, so that a renderer which
/// keeps the previous frame redraws only those (`PixelCanvas.render(_:in:)`).
///
/// How: the lists' common prefix and suffix of items are unchanged. When the rest has
/// the same length in both and its clip and opacity brackets are equal pair by pair,
/// every item that differs contributes its bounds in the old list and in the new (each
/// clipped as the rasterizer clips it); otherwise every item of the rest does, in both
/// lists. A pixel outside all of them is touched by the same commands, under the same
/// clips and opacities, in both frames. Bounds are conservative: each command's
/// geometry, expanded by its stroke, blur and glyph boxes plus two pixels of
/// antialiasing. The clip and opacity state where the suffix starts must be the same in
/// both lists, else the whole canvas is damaged (as it is for a change of size or
/// any geometry that is not finite).
///
/// Cost: O(items) comparisons, plus O(glyphs) for each changed text item; at most
/// `maxRegions` regions (nearby ones are merged, then all into one).
public enum PixelDamage {
    /// At most this many regions: more are merged into their bounding box.
    public static let maxRegions = 8

    /// The regions of a `width` x `height` canvas at `scale` pixels a point that may
    /// differ between `old` and `new`: empty when they draw the same, the whole canvas
    /// when that cannot be told cheaply. Regions do not overlap.
    public static func regions(from old: DisplayList, to new: DisplayList, scale: Int,
                               width: Int, height: Int) -> [PixelRect] {
        let full = [PixelRect(x: 0, y: 0, width: width, height: height)]
        guard width > 0, height > 0 else { return [] }
        if old.size != new.size { return full }
        let a = old.items, b = new.items
        var p = 0
        let shorter = min(a.count, b.count)
        while p < shorter && a[p] == b[p] { p += 1 }
        if p == a.count && p == b.count { return [] }
        var s = 0
        while s < shorter - p && a[a.count - 1 - s] == b[b.count - 1 - s] { s += 1 }
        let s0 = Double(scale)
        var walkA = Walk(scale: s0, width: width, height: height)
        var walkB = Walk(scale: s0, width: width, height: height)
        walkA.run(a[0..<p]); walkB.run(b[0..<p])
        var acc = Accumulator(width: width, height: height)
        let endA = a.count - s, endB = b.count - s
        var pairwise = endA - p == endB - p
        if pairwise {
            for k in 0..<(endA - p) where a[p + k] != b[p + k] {
                if a[p + k].command.bounds == nil || b[p + k].command.bounds == nil { pairwise = false; break }
            }
        }
        if pairwise {
            for k in 0..<(endA - p) {
                let x = a[p + k], y = b[p + k]
                if x == y {
                    walkA.step(x.command); walkB.step(y.command)
                    continue
                }
                guard acc.add(walkA.damage(x.command)), acc.add(walkB.damage(y.command)) else { return full }
                walkA.step(x.command); walkB.step(y.command)
            }
        } else {
            for item in a[p..<endA] {
                guard acc.add(walkA.damage(item.command)) else { return full }
                walkA.step(item.command)
            }
            for item in b[p..<endB] {
                guard acc.add(walkB.damage(item.command)) else { return full }
                walkB.step(item.command)
            }
        }
        // The suffix is drawn the same only under the same clip and opacity.
        guard walkA.sameState(as: walkB) else { return full }
        return acc.regions
    }

    /// The clip and opacity state of a list walked item by item, mirroring
    /// `Target.run` (clips rounded outwards here, so they contain the rasterizer's).
    struct Walk {
        let scale: Double
        let width: Int, height: Int
        var clip: (x0: Int, y0: Int, x1: Int, y1: Int)
        var clips: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        var opacity = 255
        var opacities: [Int] = []

        init(scale: Double, width: Int, height: Int) {
            self.scale = scale; self.width = width; self.height = height
            clip = (0, 0, width, height)
        }

        mutating func run(_ items: ArraySlice<DisplayItem>) { for item in items { step(item.command) } }

        mutating func step(_ c: DrawCommand) {
            switch c {
            case .pushClip(let r):
                clips.append(clip)
                let lo = { (v: Double) -> Int in PixelDamage.pixel(v, down: true) }
                let hi = { (v: Double) -> Int in PixelDamage.pixel(v, down: false) }
                clip = (max(clip.x0, lo(r.minX * scale)), max(clip.y0, lo(r.minY * scale)),
                        min(clip.x1, hi(r.maxX * scale)), min(clip.y1, hi(r.maxY * scale)))
            case .popClip:
                if let c = clips.popLast() { clip = c }
            case .pushOpacity(let o):
                opacities.append(opacity)
                let q = Int(((o.isNaN ? 0 : o).clamped(to: 0...1) * 255).rounded())
                opacity = (opacity * q + 127) / 255
            case .popOpacity:
                if let o = opacities.popLast() { opacity = o }
            default:
                break
            }
        }

        /// The pixels `c` may touch here (nil: nothing; `.some(nil)`: unknown, the whole canvas).
        func damage(_ c: DrawCommand) -> PixelRect?? {
            guard let box = PixelDamage.pixelBounds(c, scale: scale) else {
                return c.bounds == nil ? .some(nil) : nil // a bracket draws nothing; bad geometry: all
            }
            if clip.x0 >= clip.x1 || clip.y0 >= clip.y1 || opacity == 0 { return .some(nil) }
            let x0 = max(box.x0, clip.x0), y0 = max(box.y0, clip.y0)
            let x1 = min(box.x1, clip.x1), y1 = min(box.y1, clip.y1)
            return .some(x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil)
        }

        func sameState(as o: Walk) -> Bool {
            guard opacity == o.opacity, opacities == o.opacities, clips.count == o.clips.count,
                  clip == o.clip else { return false }
            for i in clips.indices where clips[i] != o.clips[i] { return false }
            return true
        }
    }

    /// Regions so far: overlapping or close ones (within `slack` pixels) merged.
    struct Accumulator {
        let width: Int, height: Int
        var regions: [PixelRect] = []
        static let slack = 8

        /// False when the damage is unknown (the whole canvas).
        mutating func add(_ d: PixelRect??) -> Bool {
            guard let known = d else { return false }
            guard let r = known else { return true }
            var merged = r
            var changed = true
            while changed {
                changed = false
                for i in regions.indices.reversed() where PixelDamage.near(regions[i], merged, Self.slack) {
                    merged = PixelDamage.union(regions[i], merged)
                    regions.remove(at: i)
                    changed = true
                }
            }
            regions.append(merged)
            if regions.count > PixelDamage.maxRegions {
                var all = regions[0]
                for q in regions.dropFirst() { all = PixelDamage.union(all, q) }
                regions = [all]
            }
            return true
        }
    }

    static func near(_ a: PixelRect, _ b: PixelRect, _ slack: Int) -> Bool {
        a.x <= b.maxX + slack && b.x <= a.maxX + slack && a.y <= b.maxY + slack && b.y <= a.maxY + slack
    }

    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return PixelRect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }

    /// A pixel coordinate rounded outwards, clamped like the rasterizer's.
    static func pixel(_ v: Double, down: Bool) -> Int {
        let r = down ? v.rounded(.down) : v.rounded(.up)
        return r.isFinite ? Int(r.clamped(to: -100_000...100_000)) : (down ? -100_000 : 100_000)
    }

    /// Two pixels of antialiasing and rounding around every command's geometry.
    static let margin = 2.0

    /// The pixels a drawing command may touch, unclipped, as half-open integer bounds;
    /// nil for brackets and for geometry that is not finite.
    static func pixelBounds(_ c: DrawCommand, scale: Double) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (x0: Double, y0: Double, x1: Double, y1: Double)
        func points(_ r: Rect, _ out: Double = 0) -> (Double, Double, Double, Double) {
            ((r.minX - out) * scale, (r.minY - out) * scale, (r.maxX + out) * scale, (r.maxY + out) * scale)
        }
        switch c {
        case .fillRect(let r, _), .roundedRect(let r, _, _), .border(let r, _, _, _), .circle(let r, _),
             .caret(let r, _), .selection(let r, _), .image(_, let r):
            box = points(r)
        case .line(let a, let b, let w, _):
            let hw = max(0.5, (w.isFinite ? abs(w) : 0) * scale / 2)
            box = (min(a.x, b.x) * scale - hw, min(a.y, b.y) * scale - hw, max(a.x, b.x) * scale + hw, max(a.y, b.y) * scale + hw)
        case .shadow(let r, _, let offset, let blur, _):
            let out = blur.isFinite ? max(0, blur) : 0
            box = points(r.offsetBy(dx: offset.x, dy: offset.y), out)
        case .icon(let icon, let frame, _):
            guard let b = iconBounds(icon, frame, scale) else { return nil }
            box = b
        case .text(let layout, let origin, _):
            // Each glyph's box: its frame, the font's cell from its top-left corner (a
            // glyph may be taller or wider than its frame), an emoji glyph centred on it.
            var t = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
            let cellSide = 16 * layout.metrics.magnification, half = cellSide / 2
            for line in layout.lines {
                for g in line.localGlyphs {
                    let f = line.layoutFrame(g.frame).offsetBy(dx: origin.x, dy: origin.y)
                    t.x0 = min(t.x0, f.minX); t.y0 = min(t.y0, min(f.minY, f.midY - half))
                    t.x1 = max(t.x1, max(f.maxX, f.minX + cellSide)); t.y1 = max(t.y1, max(f.maxY, f.minY + cellSide, f.midY + half))
                }
            }
            if t.x0 > t.x1 { return (0, 0, 0, 0) } // no glyph: draws nothing
            box = (t.x0 * scale, t.y0 * scale, t.x1 * scale, t.y1 * scale)
        case .pushClip, .popClip, .pushOpacity, .popOpacity:
            return nil
        }
        guard box.x0.isFinite, box.y0.isFinite, box.x1.isFinite, box.y1.isFinite else { return nil }
        return (pixel(box.x0 - margin, down: true), pixel(box.y0 - margin, down: true),
                pixel(box.x1 + margin, down: false), pixel(box.y1 + margin, down: false))
    }

    /// The pixel bounds of an icon's parts as `Target.icon` places them.
    static func iconBounds(_ icon: Icon, _ frame: Rect, _ scale: Double) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        let fx = frame.minX * scale, fy = frame.minY * scale, fw = frame.width * scale, fh = frame.height * scale
        guard fw > 0, fh > 0, fx.isFinite, fy.isFinite, fw.isFinite, fh.isFinite else { return (0, 0, 0, 0) }
        let shape = IconArt.shape(icon)
        var b = (x0: fx, y0: fy, x1: fx + fw, y1: fy + fh)
        for part in shape.parts {
            let placed: IconPart
            if icon.isTail {
                placed = part.placed(k: 1, kx: fw, ky: fh, dx: fx, dy: fy)
            } else {
                let side = min(fw, fh), k = side / 24
                placed = part.placed(k: k, kx: k, ky: k, dx: fx + (fw - side) / 2, dy: fy + (fh - side) / 2)
            }
            let q = placed.bounds
            b = (min(b.x0, q.x0), min(b.y0, q.y0), max(b.x1, q.x1), max(b.y1, q.y1))
        }
        return b
    }
}
