import Imaging
import SimCore
import Raster

/// The playground's framebuffer of one open screen, kept between animation frames so
/// that a frame redraws only what changed (`PixelDamage`) with warm image, glyph and
/// shadow caches, instead of rasterizing the whole screen from scratch.
///
/// Invariant: after `update(to:)`, `canvas` holds exactly the pixels
/// `PixelCanvas.render(list)` gives for the last list (the playground check compares
/// them with a full render).
/// - Complexity: A frame costs O(items) to find the damage plus the pixels of the
///   damaged regions; nothing is drawn when the list did not change.
public final class ScreenFrame {
    /// The framebuffer and its caches; its image holds the pixels the page blits.
    public private(set) var canvas: PixelCanvas
    private var last: DisplayList?

    init(size: Size, options: PixelRenderOptions) {
        canvas = PixelCanvas(size: size, options: options)
    }

    /// Hands the frame to another screen (a rebuilt one showing the same moment): its
    /// next update redraws only what differs from the last list, with the new screen's
    /// images (the same registered bytes) and warm caches.
    ///
    /// - Parameter options: The new screen's render options (scale, theme, font, images).
    public func retarget(_ options: PixelRenderOptions) {
        canvas.options = options
    }

    /// Brings the canvas to `list` and returns the pixel regions it redrew (empty: the
    /// frame is unchanged). `force` redraws everything. A list of another size starts
    /// a new canvas.
    ///
    /// - Parameters:
    ///   - list: The screen's display list now.
    ///   - options: The render options, used when a new canvas is made.
    ///   - force: Whether to redraw the whole frame.
    /// - Returns: The redrawn regions in pixels; the whole canvas on a full redraw.
    /// - Complexity: O(*i*) in the display items to find the damage, plus the pixels of
    ///   the damaged regions (all of them on a full redraw).
    public func update(to list: DisplayList, options: PixelRenderOptions, force: Bool) -> [PixelRect] {
        if last?.size != list.size || force || last == nil {
            if last?.size != list.size { canvas = PixelCanvas(size: list.size, options: options) }
            canvas.render(list)
            last = list
            return [PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)]
        }
        let regions = PixelDamage.regions(from: last!, to: list, scale: options.scale,
                                          width: canvas.width, height: canvas.height)
        if !regions.isEmpty { canvas.render(list, in: regions) }
        last = list
        return regions
    }
}
