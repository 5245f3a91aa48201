import Imaging
import SimCore

extension Target {
    /// The emoji sizing rule: an image's content box (its visible pixels, trimmed of
    /// transparent margins: `ImageProvider.contentBounds`, else frame 0's, cached) is
    /// scaled uniformly to fit `frame` and centred in it, so every emoji, still or
    /// animated, fills the same box whatever margins its file has. Returns the source
    /// crop and the destination pixel rect, or nil when nothing is visible or the
    /// frame is degenerate. O(1) after the first trim of a name.
    mutating func fitted(_ img: Image, name: String, into frame: Rect)
        -> (crop: PixelRect, x: Int, y: Int, width: Int, height: Int)? {
        let fx0 = px(frame.minX), fy0 = px(frame.minY), fw = px(frame.maxX) - fx0, fh = px(frame.maxY) - fy0
        guard fw > 0, fh > 0, fw * fh <= 4096 * 4096, img.width > 0, img.height > 0 else { return nil }
        let bounds: PixelRect?
        if let provided = options.images.contentBounds?(name) {
            bounds = provided
        } else {
            let frame0 = options.images.image(name, 0) ?? img
            if let hit = cache.trim(name, frame0: frame0) {
                bounds = hit
            } else {
                bounds = frame0.contentBounds()
                cache.storeTrim(name, frame0: frame0, bounds: bounds)
            }
        }
        guard let b = bounds?.clipped(toWidth: img.width, height: img.height), !b.isEmpty else { return nil }
        // Fit by the larger relative side, in integers: w/h of the box scaled by
        // min(fw / bw, fh / bh), rounded to whole pixels, at least one.
        var w = fw, h = fh
        if b.width * fh >= b.height * fw {
            h = max(1, (b.height * fw * 2 + b.width) / (2 * b.width))
        } else {
            w = max(1, (b.width * fh * 2 + b.height) / (2 * b.height))
        }
        return (b, fx0 + (fw - w) / 2, fy0 + (fh - h) / 2, w, h)
    }
}
