extension ImageLibrary {
    /// Frames looked at when trimming an animation's margins: an animation longer than
    /// this is trimmed by its first frames (bounded work for any input).
    public static let contentBoundsFrameLimit = 120

    /// The union of the content bounds (`Image.contentBounds`) of every frame of
    /// `name`, on its canvas, computed once at first use and cached with the entry:
    /// the box an emoji is fitted by, the same for every frame, so an animation never
    /// jitters. Nil when the name is unknown, fails to decode or is fully transparent.
    /// Frames are decoded directly (not through a `FrameCache`), once per name.
    ///
    /// - Parameter name: The resource name.
    /// - Returns: The bounds on the canvas, or nil.
    /// - Complexity: O(frames x canvas pixels) at first use (at most
    ///   `contentBoundsFrameLimit` frames), O(1) afterwards.
    public func contentBounds(named name: String) -> PixelRect? {
        guard let slot = slot(name) else { return nil }
        if let cached = slot.contentBounds { return cached }
        var union: PixelRect?
        if let image = try? image(in: slot) {
            // A GIF draws nothing outside its frames' rects (the canvas starts transparent
            // and each frame is clipped to its rect), so only their union is scanned: 15
            // frames of 1x1 on a 4096x4096 canvas read 15 pixels a frame, not 16 million.
            let isGIF = image.formatName == "GIF"
            var drawn: PixelRect?
            for i in 0..<min(image.frameCount, Self.contentBoundsFrameLimit) {
                if isGIF {
                    let r = image.frameInfo(at: i).rect
                    if let d = drawn {
                        let x0 = min(d.x, r.x), y0 = min(d.y, r.y)
                        drawn = PixelRect(x: x0, y: y0, width: max(d.maxX, r.maxX) - x0, height: max(d.maxY, r.maxY) - y0)
                    } else {
                        drawn = r
                    }
                }
                guard let frame = try? image.frame(at: i),
                      let b = isGIF ? frame.contentBounds(within: drawn ?? PixelRect(x: 0, y: 0, width: 0, height: 0))
                                    : frame.contentBounds() else { continue }
                if let u = union {
                    let x0 = min(u.x, b.x), y0 = min(u.y, b.y)
                    union = PixelRect(x: x0, y: y0, width: max(u.maxX, b.maxX) - x0, height: max(u.maxY, b.maxY) - y0)
                } else {
                    union = b
                }
            }
        }
        // Decoding every frame grew the decoder's state: measured (and the others
        // trimmed) now, as a frame cache's decode is.
        if case .ready(let image) = slot.entry { noteDecoded(image) }
        slot.contentBounds = .some(union)
        return union
    }
}
