import SimCore

/// Where the page control draws its dots (panel coordinates), as UIPageControl lays
/// them out: one 7 pt dot per page of the current group on a 16 pt pitch, centred, and
/// hidden for a single page. When the dots do not fit the width (a group of 90 pages),
/// a window of as many as fit follows the current page, as UIPageControl does since
/// iOS 14. `PanelRenderer` draws from it and the screen's `panel.dot N` finder resolves
/// from it, so a dot is found exactly where it is drawn.
public struct PageDots: Hashable, Sendable {
    /// Pages of the current group.
    public var pages: Int
    /// The current page within the group.
    public var current: Int
    /// The first page that has a dot drawn.
    public var first: Int
    /// How many dots are drawn (from `first`).
    public var shown: Int
    /// The first drawn dot's frame.
    var origin: Point

    /// A dot's diameter.
    public static let diameter = 7.0
    /// From one dot's left edge to the next one's.
    public static let pitch = 16.0

    /// The dots of `state`'s current group; nil when none are drawn (a single page, or
    /// no room for the page control).
    public init?(_ state: EmojiPanel.State) {
        let f = state.layout.pageControlFrame
        let n = state.pagesInGroup
        guard n > 1, f.height > 0 else { return nil } // hidesForSinglePage
        let fit = max(1, Int(((f.width - 16) / PageDots.pitch).rounded(.down)))
        shown = min(n, fit)
        pages = n
        current = state.pageInGroup
        first = min(max(0, current - shown / 2), n - shown)
        let total = Double(shown - 1) * PageDots.pitch + PageDots.diameter
        origin = Point(x: ((f.width - total) / 2).rounded(.down), y: (f.midY - PageDots.diameter / 2).rounded(.down))
    }

    /// The frame of page `page`'s dot, nil when that page has no dot drawn (outside the
    /// window, or no such page).
    public func frame(ofPage page: Int) -> Rect? {
        guard page >= first, page < first + shown else { return nil }
        return Rect(x: origin.x + Double(page - first) * PageDots.pitch, y: origin.y,
                    width: PageDots.diameter, height: PageDots.diameter)
    }
}
