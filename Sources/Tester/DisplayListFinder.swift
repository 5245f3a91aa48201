import SimCore
import Raster

/// Finders over a drawn display list, as Flutter's `find.text`/`find.byKey` and
/// Playwright's `getByLabel`: an item is found only where it is drawn (inside every
/// clip around it), so a target can never be hit where it is not visible.
///
/// Every query is one pass over the items, O(items + clip depth).
public struct DisplayListFinder {
    /// One drawn item: its index in the list, the part of it that clips leave visible.
    public struct Visible: Hashable, Sendable {
        /// The item's index in `DisplayList.items`.
        public var index: Int
        /// The part of the item's frame inside every clip around it (never empty).
        public var frame: Rect
        /// The item's accessibility label, if it has one.
        public var label: String?
        /// The item's view name (`DisplayItem.view`), if it has one.
        public var view: String?
        /// The interaction state it is drawn in (disabled, selected).
        public var state: ItemState
        /// What a text item says: its elements in order, an inline emoji as `[code]`
        /// (the wire form), lines joined without breaks; nil for other items.
        public var text: String?
    }

    /// The items with a visible area, in paint order.
    public let visible: [Visible]

    /// Finds the visible items of a list, clipping each by the clips around it.
    ///
    /// - Parameter list: The drawn list.
    /// - Complexity: O(items + clip depth).
    public init(_ list: DisplayList) {
        var out: [Visible] = []
        var clips: [Rect] = [list.bounds]
        for (i, item) in list.items.enumerated() {
            let clip = clips[clips.count - 1]
            switch item.command {
            case .pushClip(let r):
                clips.append(r.intersection(clip) ?? Rect(origin: clip.origin, size: Size(width: 0, height: 0)))
                continue
            case .popClip:
                if clips.count > 1 { clips.removeLast() }
                continue
            case .pushOpacity, .popOpacity, .shadow:
                continue
            default:
                break
            }
            guard let b = item.command.bounds, let v = b.intersection(clip), !v.isEmpty else { continue }
            var text: String?
            if case .text(let layout, _, _) = item.command { text = Self.text(of: layout) }
            out.append(Visible(index: i, frame: v, label: item.accessibilityLabel, view: item.viewName,
                               state: item.state, text: text))
        }
        visible = out
    }

    /// The content of a text layout as `text "…"` matches it: characters as they are,
    /// an inline emoji as `[code]`.
    /// - Complexity: O(the layout's elements).
    public static func text(of layout: TextLayout) -> String {
        var s = ""
        for e in layout.elements {
            switch e {
            case .character(let c): s.append(c)
            case .emoji(let e): s += "[" + e.code + "]"
            case .newline: s.append("\n")
            }
        }
        return s
    }

    /// The topmost visible item with this accessibility label.
    public func item(label: String) -> Visible? { visible.last { $0.label == label } }

    /// The union of what the view named `name` (and its subviews, `name.*`) draws.
    public func frame(view name: String) -> Rect? {
        var r: Rect?
        for v in visible where Self.belongs(v.view, to: name) { r = r.map { $0.union(v.frame) } ?? v.frame }
        return r
    }

    /// The topmost visible item with a view name at `p`: what a touch there would see.
    public func topmost(at p: Point) -> Visible? { visible.last { $0.view != nil && $0.frame.contains(p) } }

    /// True when `view` is `name` or one of its subviews (`name.part`).
    public static func belongs(_ view: String?, to name: String) -> Bool {
        guard let view else { return false }
        return view == name || (view.hasPrefix(name) && view.dropFirst(name.count).first == ".")
    }
}
