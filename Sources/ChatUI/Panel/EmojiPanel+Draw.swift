import SimCore
import EmojiText
import Imaging
import Raster

// Drawing (pure) and the geometry drivers and scripts ask for.
extension EmojiPanel.State {
    /// The panel's size: its width and its configured height.
    public var size: Size { Size(width: width, height: configuration.height) }

    /// Draws the panel into `list` with its top-left at `rect`'s origin (`rect` is where
    /// the host puts it, normally the keyboard frame; the panel draws at its own size).
    /// `overlays: false` leaves out the preview and the skin-tone picker: a screen draws
    /// the panel clipped to the keyboard, then `drawOverlays` on top, unclipped, since a
    /// preview may extend above the panel. Pure: only pages that intersect the visible
    /// bounds are drawn, each from the page cache.
    /// - Complexity: O(visible keys) on a page cache miss; a hit copies the cached
    ///   page's display list.
    public func draw(into list: inout DisplayList, in rect: Rect, at now: SimInstant, overlays: Bool = true) {
        list.append(contentsOf: rendered(at: now, overlays: overlays), at: rect.origin)
    }

    /// The panel's own list (background, pages, chrome, overlays when asked).
    private func rendered(at now: SimInstant, overlays: Bool) -> DisplayList {
        let s = self
        let cache = drawCache
        let key = PanelChromeCache.Key(generation: s.contentGeneration, section: s.currentSection,
                                       pageInGroup: s.pageInGroup, pagesInGroup: s.pagesInGroup)
        return PanelRenderer.panel(s, previewFrame: previewFrame(at: now), overlays: overlays, pageList: { p in
            cache.pages.list(page: p, generation: s.contentGeneration) { PanelRenderer.page(s, page: p) }
        }, chrome: {
            cache.chrome.list(for: key) { PanelRenderer.chrome(s) }
        })
    }

    /// Appends only the preview and the skin-tone picker (nothing when neither shows),
    /// with the panel's top-left at `rect`'s origin. Pure.
    public func drawOverlays(into list: inout DisplayList, in rect: Rect, at now: SimInstant) {
        guard preview != nil || skinPicker != nil else { return }
        var l = DisplayList(width: width, height: configuration.height)
        PanelRenderer.overlays(self, previewFrame: previewFrame(at: now), into: &l)
        list.append(contentsOf: l, at: rect.origin)
    }

    /// The panel alone at `now`, in panel coordinates. Pure.
    public func displayList(at now: SimInstant) -> DisplayList { rendered(at: now, overlays: true) }

    /// The preview animation's frame at `now` (nil: a still), from a copy of its playback.
    private func previewFrame(at now: SimInstant) -> Int? {
        guard var p = previewPlayback else { return nil }
        p.tick(at: now)
        return p.state.frameIndex
    }

    /// Page display lists drawn so far (cache misses) and served from the cache.
    public var pageDrawCount: Int { drawCache.pages.builds }
    /// Page display lists served from the cache (no rebuild): with ``pageDrawCount``,
    /// what the draw-cost tests count.
    public var pageCacheHits: Int { drawCache.pages.hits }

    // MARK: - geometry helpers for drivers and scripts

    /// Content rect -> panel coordinates at the current offset.
    public func panelFrame(_ content: Rect) -> Rect {
        content.offsetBy(dx: -offset, dy: layout.scrollFrame.minY)
    }

    /// Centre of cell (row, column) of the current page, in panel coordinates.
    public func location(row: Int, column: Int) -> Point {
        panelFrame(layout.cellFrame(page: currentPage, row: row, column: column)).center
    }

    /// Centre of the current page's delete key.
    public var deleteKeyLocation: Point? {
        layout.deleteFrame(page: currentPage).map { panelFrame($0).center }
    }

    /// Centre of the key showing `code` on the current page, nil when not on it.
    public func location(ofEmoji code: String) -> Point? {
        let s = currentSection
        for i in layout.emojiRange(ofPage: currentPage) {
            let e = sections[s].emoji[i]
            if e.code == code || shown(section: s, index: i)?.code == code {
                return layout.itemFrame(section: s, index: i).map { panelFrame($0).center }
            }
        }
        return nil
    }

    /// Centre of a category tab.
    public func location(ofTab i: Int) -> Point { layout.tabFrame(i).center }

    /// The tab of the section named or titled `name`.
    public func tabIndex(named name: String) -> Int? {
        sections.firstIndex { $0.name == name || $0.title == name }
    }
}
