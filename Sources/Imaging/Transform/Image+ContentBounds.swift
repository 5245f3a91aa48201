extension Image {
    /// The alpha above which a pixel counts as content when trimming margins: faint
    /// halos (alpha 1...8 of 255, invisible on any background) do not widen the box.
    public static let contentAlphaThreshold: UInt8 = 8

    /// The smallest rect holding every pixel whose alpha exceeds
    /// `contentAlphaThreshold`; nil when there is none (a fully transparent image).
    ///
    /// - Complexity: O(width x height), one pass.
    public func contentBounds() -> PixelRect? {
        var x0 = width, y0 = height, x1 = -1, y1 = -1
        let t = Image.contentAlphaThreshold
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<height {
                let row = y * width * 4
                var first = -1, last = -1
                for x in 0..<width where p[row + x * 4 + 3] > t {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                x0 = min(x0, first); x1 = max(x1, last)
                if y0 == height { y0 = y }
                y1 = y
            }
        }
        guard x1 >= 0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }
}
