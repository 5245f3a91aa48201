import SimCore

/// What a view draws: an ordered list of commands in points, painted first to last.
/// The one seam between components and rasterizers (CharGrid, PixelCanvas), and a
/// snapshot format of its own (`treeDump`).
///
/// Invariant: clip and opacity brackets balance when built through the scoped helpers
/// (`clipped`, `withOpacity`). Appending is amortized O(1).
public struct DisplayList: Hashable, Sendable {
    /// The canvas the list is meant for, in points.
    public var size: Size
    /// The commands in paint order.
    public var items: [DisplayItem]

    /// - Parameters:
    ///   - size: The canvas size in points.
    ///   - items: The commands, in paint order.
    public init(size: Size, items: [DisplayItem] = []) {
        self.size = size
        self.items = items
    }

    /// An empty list for a `width` x `height` canvas.
    public init(width: Double, height: Double) {
        self.init(size: Size(width: width, height: height))
    }

    /// The canvas as a rect at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    // MARK: building

    /// Appends a command with its tags. The helpers below (`fill`, `text`, ...) all end here.
    ///
    /// - Parameters:
    ///   - command: What to draw.
    ///   - label: The accessibility label.
    ///   - view: The view's name.
    ///   - state: The interaction state.
    public mutating func append(_ command: DrawCommand, label: String? = nil, view: String? = nil, state: ItemState = []) {
        items.append(DisplayItem(command, label: label, view: view, state: state))
    }

    /// Appends a tagged command.
    public mutating func append(_ item: DisplayItem) {
        items.append(item)
    }

    /// Appends a child's items moved by `offset` (a subview at its frame origin).
    ///
    /// - Parameters:
    ///   - child: The subview's list, in its own coordinates.
    ///   - offset: Where its origin lands in this list.
    /// - Complexity: O(child items).
    public mutating func append(contentsOf child: DisplayList, at offset: Point = .zero) {
        // Into an empty list at the origin: share the child's storage (copy on write).
        if items.isEmpty && offset == .zero { items = child.items; return }
        let start = items.count
        // One bulk copy, then each command moved in place: copying item by item through
        // a moved copy cost three copies and a destroy an item in wasm.
        items.append(contentsOf: child.items)
        if offset != .zero { translateItems(from: start, dx: offset.x, dy: offset.y) }
    }

    /// Moves the commands of `items[start...]` by (dx, dy), in place (a subview's items
    /// appended before its origin was applied).
    ///
    /// - Parameters:
    ///   - start: The first item to move.
    ///   - dx: The horizontal offset in points.
    ///   - dy: The vertical offset in points.
    /// - Complexity: O(items after `start`).
    public mutating func translateItems(from start: Int, dx: Double, dy: Double) {
        for i in max(0, start)..<items.count {
            items[i].command.translate(dx: dx, dy: dy)
        }
    }

    /// Appends `.fillRect` (an opaque or translucent rectangle in `role`'s colour).
    public mutating func fill(_ rect: Rect, _ role: ColorRole, label: String? = nil, view: String? = nil, state: ItemState = []) {
        append(.fillRect(rect, role), label: label, view: view, state: state)
    }

    /// Appends `.roundedRect`: a filled rect with corners of `radius` points.
    public mutating func roundedRect(_ rect: Rect, radius: Double, _ role: ColorRole, label: String? = nil,
                                     view: String? = nil, state: ItemState = []) {
        append(.roundedRect(rect, radius: radius, role), label: label, view: view, state: state)
    }

    /// Appends `.border`: a stroke `width` points thick inside the rect's edge.
    public mutating func border(_ rect: Rect, width: Double = 1, radius: Double = 0, _ role: ColorRole,
                                label: String? = nil, view: String? = nil, state: ItemState = []) {
        append(.border(rect, width: width, radius: radius, role), label: label, view: view, state: state)
    }

    /// Appends `.circle`: the ellipse inscribed in `rect`.
    public mutating func circle(_ rect: Rect, _ role: ColorRole, label: String? = nil, view: String? = nil,
                                state: ItemState = []) {
        append(.circle(rect, role), label: label, view: view, state: state)
    }

    /// Appends `.line` from `a` to `b` (a separator, a rule).
    public mutating func line(from a: Point, to b: Point, width: Double = 1, _ role: ColorRole,
                              label: String? = nil, view: String? = nil, state: ItemState = []) {
        append(.line(from: a, to: b, width: width, role), label: label, view: view, state: state)
    }

    /// Appends `.text`: a laid-out text with its top-left corner at `origin`.
    public mutating func text(_ layout: TextLayout, at origin: Point, _ role: ColorRole = .text,
                              label: String? = nil, view: String? = nil, state: ItemState = []) {
        append(.text(layout, origin: origin, role), label: label, view: view, state: state)
    }

    /// Appends `.image`: the referenced image (frame) scaled into `frame`.
    public mutating func image(_ ref: ImageRef, in frame: Rect, label: String? = nil, view: String? = nil,
                               state: ItemState = []) {
        append(.image(ref, frame: frame), label: label, view: view, state: state)
    }

    /// Appends `.icon`: a vector icon filling `frame` in `role`'s colour.
    public mutating func icon(_ icon: Icon, in frame: Rect, _ role: ColorRole, label: String? = nil,
                              view: String? = nil, state: ItemState = []) {
        append(.icon(icon, frame: frame, role), label: label, view: view, state: state)
    }

    /// Appends `.shadow` under a (rounded) rect; the CharGrid ignores shadows.
    public mutating func shadow(_ rect: Rect, radius: Double = 0, offset: Point = Point(x: 0, y: 2),
                                blur: Double = 4, _ role: ColorRole = .shadow, view: String? = nil) {
        append(.shadow(rect, radius: radius, offset: offset, blur: blur, role), view: view)
    }

    /// Commands appended by `body` are clipped to `rect`.
    public mutating func clipped(to rect: Rect, view: String? = nil, _ body: (inout DisplayList) -> Void) {
        append(.pushClip(rect), view: view)
        body(&self)
        append(.popClip)
    }

    /// Commands appended by `body` are drawn at `opacity` (0...1).
    public mutating func withOpacity(_ opacity: Double, view: String? = nil, _ body: (inout DisplayList) -> Void) {
        append(.pushOpacity(opacity), view: view)
        body(&self)
        append(.popOpacity)
    }

    /// The list moved by (dx, dy).
    public func translated(dx: Double, dy: Double) -> DisplayList {
        var out = DisplayList(size: size)
        out.append(contentsOf: self, at: Point(x: dx, y: dy))
        return out
    }

    // MARK: querying

    /// Items carrying an accessibility label, in paint order: what a screen reader
    /// would find.
    public var accessibilityItems: [DisplayItem] {
        items.filter { $0.accessibilityLabel != nil }
    }

    /// Items drawn by the view named `name`.
    public func items(inView name: String) -> [DisplayItem] {
        items.filter { $0.viewName == name }
    }

    /// The topmost labelled item whose bounds contain `point`, like a screen reader's
    /// hit test.
    ///
    /// - Complexity: O(n).
    public func accessibilityItem(at point: Point) -> DisplayItem? {
        items.last { $0.accessibilityLabel != nil && ($0.command.bounds?.contains(point) ?? false) }
    }

    /// The indented tree dump (see `DisplayListDump`).
    public var treeDump: String { DisplayListDump.dump(self) }
}

/// Anything that can draw itself into a display list: views and screens conform, and
/// the snapshot strategies accept them directly.
public protocol DisplayListRepresentable {
    /// What the value draws now, in its own coordinates.
    func displayList() -> DisplayList
    /// The pixels of the images its display list names, which pixel renders draw when
    /// they are given no provider of their own: a screen answers with its image library,
    /// so its snapshot shows its emoji rather than missing-image glyphs. `.none` by
    /// default (a bare display list knows no images).
    var imageProvider: ImageProvider { get }
    /// The theme pixel renders draw the value in when they are given none: a screen
    /// answers with the theme it shows (after `.setTheme(.dark)`, dark), so its snapshot
    /// looks as the screen does. `nil` by default (a bare display list has no theme of
    /// its own; renders then use `.light`).
    var preferredTheme: Theme? { get }
}

extension DisplayListRepresentable {
    /// No images: every image command draws the missing-image glyph.
    public var imageProvider: ImageProvider { .none }
    /// No theme of its own.
    public var preferredTheme: Theme? { nil }
}

extension DisplayList: DisplayListRepresentable {
    /// The list itself.
    public func displayList() -> DisplayList { self }
}
