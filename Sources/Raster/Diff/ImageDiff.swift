import Imaging

/// A pixel comparison of two images: how many pixels differ by more than the
/// tolerance, where (bounding box), and by how much at most (largest channel delta
/// over R, G, B, A). Computing one is O(pixels).
public struct ImageDiff: Hashable, Sendable, CustomStringConvertible {
    /// The reference image's size.
    public var expectedSize: (width: Int, height: Int)
    /// The new image's size.
    public var actualSize: (width: Int, height: Int)
    /// Pixels whose largest channel difference exceeds `tolerance` (0 when the sizes differ).
    public var differingPixels: Int
    /// x, y, width, height of the differing pixels; nil when none differ.
    public var boundingBox: (x: Int, y: Int, width: Int, height: Int)?
    /// The largest difference of one channel over all pixels (0...255).
    public var maxChannelDelta: Int
    /// The channel difference allowed per pixel (0: exact).
    public var tolerance: Int

    /// Whether the two images have the same size (otherwise nothing else was compared).
    public var sizesMatch: Bool { expectedSize == actualSize }
    /// Same size and no pixel past the tolerance: the snapshot passes.
    public var isMatch: Bool { sizesMatch && differingPixels == 0 }

    /// Equal when they describe the same result (tuples are not `Equatable`).
    public static func == (a: ImageDiff, b: ImageDiff) -> Bool { a.description == b.description }
    /// Hashes the description, consistent with `==`.
    public func hash(into h: inout Hasher) { h.combine(description) }

    /// Compares `actual` with `expected`; a pixel differs when any channel differs by
    /// more than `tolerance` (0: exact).
    public static func compare(expected: Image, actual: Image, tolerance: Int = 0) -> ImageDiff {
        var d = ImageDiff(expectedSize: (expected.width, expected.height), actualSize: (actual.width, actual.height),
                          differingPixels: 0, boundingBox: nil, maxChannelDelta: 0, tolerance: max(0, tolerance))
        guard d.sizesMatch else {
            d.differingPixels = max(expected.width * expected.height, actual.width * actual.height)
            d.maxChannelDelta = 255
            return d
        }
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                var i = 0
                for y in 0..<expected.height {
                    for x in 0..<expected.width {
                        var delta = 0
                        for c in 0..<4 { delta = max(delta, abs(Int(e[i + c]) - Int(a[i + c]))) }
                        i += 4
                        d.maxChannelDelta = max(d.maxChannelDelta, delta)
                        if delta > d.tolerance {
                            d.differingPixels += 1
                            minX = min(minX, x); maxX = max(maxX, x)
                            minY = min(minY, y); maxY = max(maxY, y)
                        }
                    }
                }
            }
        }
        if maxX >= 0 { d.boundingBox = (minX, minY, maxX - minX + 1, maxY - minY + 1) }
        return d
    }

    /// A picture of the difference: the expected image faded to grey, each differing
    /// pixel in red (brighter for a larger delta). With different sizes, the overlap
    /// is compared and the rest is red.
    /// The most pixels a diff image may have: the snapshot codec's limit, so a diff is
    /// never larger than an image EmojiSim would read (16384x1 against 1x16384 would
    /// otherwise make a 268-megapixel picture).
    public static let maxDiffPixels = SnapshotImageCodec.limits.maxPixels

    /// Covers both images (the parts only one has in red) when that union fits in
    /// `maxDiffPixels`; otherwise only their overlap, which is never larger than either
    /// input.
    ///
    /// - Complexity: O(width x height) of the result.
    public static func diffImage(expected: Image, actual: Image, tolerance: Int = 0) -> Image {
        var w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        if w.multipliedReportingOverflow(by: h).overflow || w * h > maxDiffPixels {
            w = min(expected.width, actual.width); h = min(expected.height, actual.height)
        }
        var out = Image(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let inE = x < expected.width && y < expected.height, inA = x < actual.width && y < actual.height
                guard inE && inA else { out[x, y] = (255, 0, 0, 255); continue }
                let e = expected[x, y], a = actual[x, y]
                let delta = max(abs(Int(e.r) - Int(a.r)), abs(Int(e.g) - Int(a.g)), abs(Int(e.b) - Int(a.b)), abs(Int(e.a) - Int(a.a)))
                if delta > tolerance {
                    out[x, y] = (UInt8(128 + delta / 2), 0, 0, 255)
                } else {
                    let grey = UInt8((Int(e.r) * 77 + Int(e.g) * 150 + Int(e.b) * 29) >> 8)
                    let faded = UInt8(192 + Int(grey) / 4)
                    out[x, y] = (faded, faded, faded, 255)
                }
            }
        }
        return out
    }

    /// One line for a failure message: the size difference, or the count, box and
    /// largest delta of the differing pixels.
    public var description: String {
        if !sizesMatch {
            return "image size differs: expected \(expectedSize.width)x\(expectedSize.height), actual \(actualSize.width)x\(actualSize.height)"
        }
        if differingPixels == 0 {
            return "images match" + (tolerance > 0 ? " (tolerance \(tolerance), max delta \(maxChannelDelta))" : "")
        }
        let total = expectedSize.width * expectedSize.height
        var s = "\(differingPixels) of \(total) pixels differ"
        if let b = boundingBox { s += " in x \(b.x)...\(b.x + b.width - 1), y \(b.y)...\(b.y + b.height - 1) (\(b.width)x\(b.height))" }
        s += ", max channel delta \(maxChannelDelta)"
        if tolerance > 0 { s += " (tolerance \(tolerance))" }
        return s
    }
}
