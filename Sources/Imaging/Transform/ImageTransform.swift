/// An affine transform of an image about an anchor point (scale, then rotate, then
/// translate), plus an opacity: what the demo's animated emoji are made with (a wink's
/// squash, a bounce, a spin, a pulse) from Noto stills.
///
/// `apply` keeps the image size, maps every destination pixel centre back into the
/// source and samples it bilinearly in premultiplied alpha (so transparent edges do not
/// darken); outside the source is transparent. Deterministic: only
/// IEEE arithmetic (no libm; sine and cosine come from `DeterministicTrig`), the same
/// bytes in debug and release on every platform.
public struct ImageTransform: Hashable, Sendable {
    /// Horizontal scale (1: unchanged, negative mirrors, 0 gives a transparent image).
    public var scaleX: Double
    /// Vertical scale.
    public var scaleY: Double
    /// Clockwise, in degrees (y grows downwards).
    public var rotationDegrees: Double
    /// Horizontal shift after scale and rotation, in pixels (positive: right).
    public var translateX: Double
    /// Vertical shift, in pixels (positive: down).
    public var translateY: Double
    /// The fixed point of scale and rotation, in pixels; nil: the image centre.
    public var anchorX: Double?
    /// The anchor's y, in pixels; nil: the image's vertical centre.
    public var anchorY: Double?
    /// 0 (invisible) to 1.
    public var opacity: Double

    /// A transform; every default is the identity's.
    ///
    /// - Parameters:
    ///   - scaleX: Horizontal scale.
    ///   - scaleY: Vertical scale.
    ///   - rotationDegrees: Clockwise rotation in degrees.
    ///   - translateX: Horizontal shift in pixels.
    ///   - translateY: Vertical shift in pixels.
    ///   - anchorX: The fixed point's x (nil: centre).
    ///   - anchorY: The fixed point's y (nil: centre).
    ///   - opacity: 0 to 1, multiplied into every pixel's alpha.
    public init(scaleX: Double = 1, scaleY: Double = 1, rotationDegrees: Double = 0,
                translateX: Double = 0, translateY: Double = 0,
                anchorX: Double? = nil, anchorY: Double? = nil, opacity: Double = 1) {
        self.scaleX = scaleX; self.scaleY = scaleY; self.rotationDegrees = rotationDegrees
        self.translateX = translateX; self.translateY = translateY
        self.anchorX = anchorX; self.anchorY = anchorY; self.opacity = opacity
    }

    /// No scale, rotation, shift or fade: the starting point of a keyframe.
    public static let identity = ImageTransform()

    /// Uniform scale about the centre.
    public static func scale(_ s: Double) -> ImageTransform { ImageTransform(scaleX: s, scaleY: s) }

    /// The transformed image, the size of `src`.
    ///
    /// - Parameter src: The image to transform.
    /// - Returns: A new image; pixels mapped from outside `src` are transparent.
    /// - Complexity: O(width x height).
    public func apply(to src: Image) -> Image {
        let w = src.width, h = src.height
        var out = Image(width: w, height: h)
        guard w > 0, h > 0, scaleX != 0, scaleY != 0 else { return out }
        let ax = anchorX ?? Double(w) / 2, ay = anchorY ?? Double(h) / 2
        let (s, c) = DeterministicTrig.sinCos(degrees: rotationDegrees)
        let alphaScale = max(0, min(1, opacity))
        // Premultiplied copy of the source.
        var pre = [Double](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = Double(src.pixels[i * 4 + 3]) / 255
            pre[i * 4] = Double(src.pixels[i * 4]) * a
            pre[i * 4 + 1] = Double(src.pixels[i * 4 + 1]) * a
            pre[i * 4 + 2] = Double(src.pixels[i * 4 + 2]) * a
            pre[i * 4 + 3] = a
        }
        for y in 0..<h {
            for x in 0..<w {
                // Inverse: undo translate, rotate by -angle, undo scale.
                let dx = Double(x) + 0.5 - ax - translateX
                let dy = Double(y) + 0.5 - ay - translateY
                let rx = (dx * c + dy * s) / scaleX
                let ry = (-dx * s + dy * c) / scaleY
                let sx = rx + ax - 0.5, sy = ry + ay - 0.5
                let x0 = Int((sx + 1_000_000).rounded(.down)) - 1_000_000
                let y0 = Int((sy + 1_000_000).rounded(.down)) - 1_000_000
                let fx = sx - Double(x0), fy = sy - Double(y0)
                var acc = (0.0, 0.0, 0.0, 0.0)
                for (px, py, wgt) in [(x0, y0, (1 - fx) * (1 - fy)), (x0 + 1, y0, fx * (1 - fy)),
                                      (x0, y0 + 1, (1 - fx) * fy), (x0 + 1, y0 + 1, fx * fy)]
                where wgt > 0 && px >= 0 && py >= 0 && px < w && py < h {
                    let i = (py * w + px) * 4
                    acc.0 += pre[i] * wgt; acc.1 += pre[i + 1] * wgt
                    acc.2 += pre[i + 2] * wgt; acc.3 += pre[i + 3] * wgt
                }
                let a = acc.3 * alphaScale
                guard a > 0.5 / 255 else { continue }
                let o = (y * w + x) * 4
                out.pixels[o] = Self.byte(acc.0 / acc.3)
                out.pixels[o + 1] = Self.byte(acc.1 / acc.3)
                out.pixels[o + 2] = Self.byte(acc.2 / acc.3)
                out.pixels[o + 3] = Self.byte(a * 255)
            }
        }
        return out
    }

    static func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v).rounded()))) }
}

/// Sine and cosine without libm (the pure core imports no Glibc), exact at multiples
/// of 90 degrees; elsewhere a Taylor series on [-45, 45] degrees after octant reduction
/// (error below 1e-15).
public enum DeterministicTrig {
    /// - Parameter degrees: An angle in degrees, any size.
    /// - Returns: Its sine and cosine, exact (0, 1, -1) at multiples of 90.
    public static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        // Quarter turns, and the rest in [-45, 45).
        let turns = ((d + 45) / 90).rounded(.down)
        let r = d - turns * 90
        let q = Int(turns) % 4
        let x = r * Double.pi / 180
        let (s, c) = r == 0 ? (0.0, 1.0) : (taylorSin(x), taylorCos(x))
        switch q {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    static func taylorSin(_ x: Double) -> Double {
        var term = x, sum = x
        let x2 = x * x
        for n in stride(from: 2, through: 18, by: 2) {
            term *= -x2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }

    static func taylorCos(_ x: Double) -> Double {
        var term = 1.0, sum = 1.0
        let x2 = x * x
        for n in stride(from: 1, through: 17, by: 2) {
            term *= -x2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }
}
