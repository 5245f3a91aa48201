extension Image {
    /// The alpha above which a pixel counts as content when trimming margins: faint
    /// halos (alpha 1...8 of 255, invisible on any background) do not widen the box.
    public static let contentAlphaThreshold: UInt8 = 8

    /// The smallest rect holding every pixel whose alpha exceeds
    /// `contentAlphaThreshold`; nil when there is none (a fully transparent image).
    ///
    /// - Complexity: O(width x height), one pass.
    public func contentBounds() -> PixelRect? {
        contentBounds(within: PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// `contentBounds()` when every pixel outside `area` is known to be transparent (an
    /// animation's canvas outside the union of its frames' rects): only `area` is read.
    ///
    /// - Parameter area: The part that may hold content (clipped to the image).
    /// - Returns: The same rect `contentBounds()` gives for such an image, or nil.
    /// - Complexity: O(area).
    public func contentBounds(within area: PixelRect) -> PixelRect? {
        let a = area.clipped(toWidth: width, height: height)
        guard !a.isEmpty else { return nil }
        var x0 = width, y0 = height, x1 = -1, y1 = -1
        let t = Image.contentAlphaThreshold
        pixels.withUnsafeBufferPointer { p in
            for y in a.y..<a.maxY {
                let row = y * width * 4
                var first = -1, last = -1
                for x in a.x..<a.maxX where p[row + x * 4 + 3] > t {
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
