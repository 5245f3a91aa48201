import SimCore

/// An RGBA8 bitmap: 4 bytes a pixel, row-major, top row first, **not** premultiplied.
///
/// Invariant: `pixels.count == width * height * 4`. Value semantics with copy-on-write
/// (the storage is a Swift array), so passing an image around is cheap and a copy is
/// only made when one side writes.
public struct Image: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The RGBA bytes, row-major; writing them must keep the count (`width * height * 4`).
    public var pixels: [UInt8]

    /// A transparent image (every byte 0). Traps on a negative side.
    ///
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    /// - Complexity: O(width x height).
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative image size")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps existing RGBA8 bytes; nil when the count does not match the size.
    ///
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - pixels: `width * height * 4` bytes, not premultiplied.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The size in SimCore's units, one point a pixel.
    public var size: Size { Size(width: Double(width), height: Double(height)) }
    /// `width * height * 4`: what the image costs in memory.
    public var byteCount: Int { pixels.count }

    /// The pixel at (x, y) as (r, g, b, a). Traps on out-of-range coordinates, like an
    /// array subscript; callers clip first.
    @inlinable public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        get {
            let i = (y * width + x) * 4
            return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }

    /// A copy of the sub-rectangle, clipped to the image.
    ///
    /// - Parameters:
    ///   - x: Left edge (may be negative).
    ///   - y: Top edge (may be negative).
    ///   - w: Width of the rectangle.
    ///   - h: Height of the rectangle.
    /// - Returns: The part inside the image; a 0x0 image when they do not meet.
    /// - Complexity: O(pixels copied).
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> Image {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + w), y1 = min(height, y + h)
        guard x1 > x0, y1 > y0 else { return Image(width: 0, height: 0) }
        var out = Image(width: x1 - x0, height: y1 - y0)
        let rowBytes = (x1 - x0) * 4
        out.pixels.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                for row in 0..<(y1 - y0) {
                    let s = ((y0 + row) * width + x0) * 4
                    let d = row * rowBytes
                    for k in 0..<rowBytes { dst[d + k] = src[s + k] }
                }
            }
        }
        return out
    }

    /// 64-bit FNV-1a over the RGBA bytes with every fully transparent pixel counted as
    /// 0,0,0,0: the hash the conformance suites' expected files use.
    ///
    /// - Complexity: O(width x height).
    public var conformanceHash: UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x100_0000_01b3
        pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i < p.count {
                if p[i + 3] == 0 {
                    for _ in 0..<4 { h = (h ^ 0) &* prime }
                } else {
                    h = (h ^ UInt64(p[i])) &* prime
                    h = (h ^ UInt64(p[i + 1])) &* prime
                    h = (h ^ UInt64(p[i + 2])) &* prime
                    h = (h ^ UInt64(p[i + 3])) &* prime
                }
                i += 4
            }
        }
        return h
    }
}
