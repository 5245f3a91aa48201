import SimCore

/// A reference to an image resource: the name an image provider resolves (e.g.
/// `f056.gif`), the animation frame to show, and what the CharGrid prints for it:
/// its Unicode emoji (`glyph`) when it has one, else a short `code` listed in the legend.
public struct ImageRef: Hashable, Sendable {
    /// The resource name an `ImageProvider` resolves (`f056.gif`, `emoji_u1f602.png`).
    public var name: String
    /// The animation frame (0-based); nil for a still image (frame 0).
    public var frameIndex: Int?
    /// The Unicode emoji the CharGrid prints for it, nil for an app image.
    public var glyph: String?
    /// The emoji code (`f056`); nil falls back to the resource name without extension.
    public var code: String?

    /// - Parameters:
    ///   - name: The resource name.
    ///   - frameIndex: The animation frame; nil for a still.
    ///   - glyph: The Unicode emoji, if it is one.
    ///   - code: The emoji code for the legend.
    public init(name: String, frameIndex: Int? = nil, glyph: String? = nil, code: String? = nil) {
        self.name = name; self.frameIndex = frameIndex; self.glyph = glyph; self.code = code
    }

    /// The identity shown by the CharGrid legend: the code, else the glyph, else the
    /// resource name without its extension.
    public var displayCode: String {
        if let code { return code }
        if let glyph { return glyph }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { return String(name[..<dot]) }
        return name
    }
}

/// One drawing command. Geometry is in points, in the coordinate space of the list
/// (origin top-left). Colours are roles, resolved by a `Theme` at raster time.
///
/// `pushClip`/`popClip` and `pushOpacity`/`popOpacity` bracket the commands they
/// affect and must balance (a rasterizer ignores an unmatched pop).
public enum DrawCommand: Hashable, Sendable {
    /// A filled rectangle.
    case fillRect(Rect, ColorRole)
    /// A filled rectangle with corners of `radius` points.
    case roundedRect(Rect, radius: Double, ColorRole)
    /// A stroke inside the rect's edge, `width` points thick, with rounded corners when
    /// `radius` > 0.
    case border(Rect, width: Double, radius: Double, ColorRole)
    /// The ellipse inscribed in the rect (a circle when it is square).
    case circle(Rect, ColorRole)
    /// A straight stroke `width` points thick.
    case line(from: Point, to: Point, width: Double, ColorRole)
    /// A text layout drawn with its top-left corner at `origin`.
    case text(TextLayout, origin: Point, ColorRole)
    /// An image scaled into `frame` (its own colours: no role).
    case image(ImageRef, frame: Rect)
    /// A vector icon or bubble tail filling `frame` in one colour (see `Icon`).
    case icon(Icon, frame: Rect, ColorRole)
    /// The text caret (the CharGrid shows it; the pixel canvas fills it).
    case caret(Rect, ColorRole)
    /// A selection highlight (a translucent fill; the style layer marks it `S`).
    case selection(Rect, ColorRole)
    /// A drop shadow under a (rounded) rect: the shape offset by `offset`, its edge
    /// softened over `blur` points.
    case shadow(Rect, radius: Double, offset: Point, blur: Double, ColorRole)
    /// Clips the commands until the matching `popClip` to the rect (intersected with any outer clip).
    case pushClip(Rect)
    /// Ends the innermost clip.
    case popClip
    /// Multiplies the alpha of the commands until the matching `popOpacity`.
    case pushOpacity(Double)
    /// Ends the innermost opacity.
    case popOpacity

    /// The area the command may touch, in points; nil for the bracket commands.
    public var bounds: Rect? {
        switch self {
        case .fillRect(let r, _), .roundedRect(let r, _, _), .border(let r, _, _, _), .circle(let r, _),
             .caret(let r, _), .selection(let r, _), .pushClip(let r):
            return r
        case .line(let a, let b, let w, _):
            return Rect(x: min(a.x, b.x) - w / 2, y: min(a.y, b.y) - w / 2,
                        width: abs(a.x - b.x) + w, height: abs(a.y - b.y) + w)
        case .text(let layout, let origin, _):
            return Rect(origin: origin, size: layout.size)
        case .image(_, let frame), .icon(_, let frame, _):
            return frame
        case .shadow(let r, _, let offset, let blur, _):
            return r.offsetBy(dx: offset.x, dy: offset.y).insetBy(dx: -blur, dy: -blur)
        case .popClip, .pushOpacity, .popOpacity:
            return nil
        }
    }

    /// Moves the command by (dx, dy): `translated(dx:dy:)` in place. The payload is
    /// moved out and back (`consume`), not copied: an image's strings are neither
    /// retained nor released (a page of the panel moves every frame of a scroll).
    /// - Parameters:
    ///   - dx: The horizontal offset in points.
    ///   - dy: The vertical offset in points.
    /// - Complexity: O(1).
    public mutating func translate(dx: Double, dy: Double) {
        func t(_ r: Rect) -> Rect { r.offsetBy(dx: dx, dy: dy) }
        func t(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
        switch consume self {
        case .fillRect(let r, let c): self = .fillRect(t(r), c)
        case .roundedRect(let r, let radius, let c): self = .roundedRect(t(r), radius: radius, c)
        case .border(let r, let w, let radius, let c): self = .border(t(r), width: w, radius: radius, c)
        case .circle(let r, let c): self = .circle(t(r), c)
        case .line(let a, let b, let w, let c): self = .line(from: t(a), to: t(b), width: w, c)
        case .text(let l, let o, let c): self = .text(l, origin: t(o), c)
        case .image(let ref, let f): self = .image(ref, frame: t(f))
        case .icon(let i, let f, let c): self = .icon(i, frame: t(f), c)
        case .caret(let r, let c): self = .caret(t(r), c)
        case .selection(let r, let c): self = .selection(t(r), c)
        case .shadow(let r, let radius, let o, let b, let c): self = .shadow(t(r), radius: radius, offset: o, blur: b, c)
        case .pushClip(let r): self = .pushClip(t(r))
        case .popClip: self = .popClip
        case .pushOpacity(let a): self = .pushOpacity(a)
        case .popOpacity: self = .popOpacity
        }
    }

    /// The same command moved by (dx, dy).
    /// - Parameters:
    ///   - dx: The horizontal offset in points.
    ///   - dy: The vertical offset in points.
    /// - Returns: The moved copy.
    public func translated(dx: Double, dy: Double) -> DrawCommand {
        var moved = self
        moved.translate(dx: dx, dy: dy)
        return moved
    }
}
