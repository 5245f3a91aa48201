import SimCore

/// A value that draws itself into an area of a display list, as a ratatui widget
/// renders into an area of a buffer: the one drawing shape of every component.
///
/// A drawable pairs a model's state with what it needs at draw time (the instant, a
/// list's player frames), captured in the value when it is made, so `draw` reads no
/// reference that may change and is pure. The `area` is where the host puts it, in the
/// list's coordinates. Each conformer honours it and says how:
/// - it *lays out* to the area's size (its geometry follows the area, as the system
///   keyboard's key widths do), or
/// - it *clips* to the area: it draws at its natural size from the area's origin, and
///   anything beyond the area is cut (`DisplayList.clipped(to:beyond:view:_:)` adds the
///   clip only when the natural extent overflows, so an exact fit adds no bracket).
///
/// Either way nothing it draws paints outside `area`. Overlays (a panel's preview, an
/// input bar's loupe) are drawables of their own, drawn after the component, over it,
/// anchored to the component's frame and clipped to the area they may cover.
///
///     let bar = state.drawing(at: now)                 // InputBar.Drawing
///     bar.draw(into: &list, in: state.frame(at: now))  // a host's call
///     let grid = CharGrid(bar.displayList(size: Size(width: 240, height: 64),
///                                         in: Rect(x: 8, y: 16, width: 200, height: 32))).text
public protocol Drawable {
    /// Appends the value's commands to `list` inside `area` (list coordinates). Pure.
    ///
    /// - Parameters:
    ///   - list: The display list drawn into.
    ///   - area: Where the value goes; nothing is painted outside it.
    func draw(into list: inout DisplayList, in area: Rect)
}

extension Drawable {
    /// A list of `size` with the value drawn into `area`: what a test compares with a
    /// literal grid (with `size` larger than `area`, the cells around the area stay
    /// blank when the value honours it). Pure.
    ///
    /// - Parameters:
    ///   - size: The list's canvas.
    ///   - area: Where the value goes, in the list's coordinates.
    /// - Returns: The list.
    /// - Complexity: that of the conformer's `draw`.
    public func displayList(size: Size, in area: Rect) -> DisplayList {
        var list = DisplayList(size: size)
        draw(into: &list, in: area)
        return list
    }
}

extension DisplayList {
    /// Commands appended by `body` are clipped to `area` when `extent` (where `body`
    /// draws) reaches outside it; when `area` contains `extent`, no clip is added, since
    /// it would remove nothing (and the list stays as small as before).
    ///
    /// - Parameters:
    ///   - area: The rect nothing may paint outside.
    ///   - extent: The rect the commands of `body` stay within.
    ///   - view: The clip's view name.
    ///   - body: Appends the commands.
    public mutating func clipped(to area: Rect, beyond extent: Rect, view: String? = nil,
                                 _ body: (inout DisplayList) -> Void) {
        if area.contains(extent) {
            body(&self)
        } else {
            clipped(to: area, view: view, body)
        }
    }
}
