import SimCore
import EmojiText
import Imaging
import Raster

extension EmojiPanel {
    /// The panel's overlays at one instant, as a `Drawable` of their own: the long
    /// press preview (with the pressed key redrawn over its highlight) and the skin-tone
    /// picker, anchored to the panel (`panelOrigin`, where its top-left is drawn). A
    /// host draws them after the panel and everything the preview may rise over. They
    /// *clip* to their area, the region they may cover (the screen, in a screen; the
    /// panel, alone): an area that holds their frames adds no clip (a soft shadow may
    /// spill up to its blur beyond, as every drop shadow of the seam does). Draws
    /// nothing while neither shows.
    public struct OverlayDrawing: Drawable {
        /// The panel's state.
        public var state: State
        /// The preview animation's frame (nil: a still).
        public var previewFrame: Int?
        /// Where the panel's top-left is drawn, in the list's coordinates.
        public var panelOrigin: Point

        /// The overlays of `state` for a panel drawn at `panelOrigin`, the preview
        /// showing `previewFrame`.
        /// - Parameters:
        ///   - state: The panel's state.
        ///   - previewFrame: The preview animation's frame (nil: its still).
        ///   - panelOrigin: Where the panel's top-left is drawn.
        public init(state: State, previewFrame: Int?, panelOrigin: Point) {
            self.state = state
            self.previewFrame = previewFrame
            self.panelOrigin = panelOrigin
        }

        /// Draws the preview and the picker, clipped to `area` where they reach outside. Pure.
        /// - Parameters:
        ///   - list: The display list appended to.
        ///   - area: The region the overlays may cover, in `list`'s coordinates.
        /// - Complexity: O(skin-tone options).
        public func draw(into list: inout DisplayList, in area: Rect) {
            guard let extent = PanelRenderer.overlayExtent(state) else { return }
            var l = DisplayList(size: state.size)
            PanelRenderer.overlays(state, previewFrame: previewFrame, into: &l)
            let origin = panelOrigin
            list.clipped(to: area, beyond: extent.offsetBy(dx: origin.x, dy: origin.y), view: "\(PanelRenderer.view).overlays") { list in
                list.append(contentsOf: l, at: origin)
            }
        }
    }
}

/// The panel draws straight from its state (nothing in it depends on the instant: keys
/// show still frames; only the preview animates, and that is the overlays' drawing).
/// The panel *clips* to its area: it draws at its own size (`size`: its width, its
/// configured height) from the area's origin, and a smaller area cuts it (an area that
/// holds the panel adds no clip). The preview and the skin-tone picker are not part of
/// it: they are an `EmojiPanel.OverlayDrawing`, drawn after it, since a preview may
/// rise above the panel.
extension EmojiPanel.State: Drawable {
    /// Draws the panel with its top-left at `area`'s origin (a screen passes the
    /// keyboard frame), clipped to `area` when the panel is larger. Pure: only pages
    /// that intersect the visible bounds are drawn, each from the page cache.
    /// - Complexity: O(visible keys) on a page cache miss; a hit copies the cached
    ///   page's display list.
    /// - Parameters:
    ///   - list: The display list appended to.
    ///   - area: Where the panel goes, in `list`'s coordinates: its origin is the
    ///     panel's top-left.
    public func draw(into list: inout DisplayList, in area: Rect) {
        list.clipped(to: area, beyond: Rect(origin: area.origin, size: size), view: PanelRenderer.view) { list in
            render(into: &list, at: area.origin)
        }
    }

    /// The panel's own list, in panel coordinates (background, pages, chrome).
    fileprivate func rendered() -> DisplayList {
        var list = DisplayList(width: layout.width, height: configuration.height)
        render(into: &list, at: .zero)
        return list
    }

    /// Appends the panel's items (background, pages, chrome) with its top-left at
    /// `origin`, pages and chrome from the draw cache.
    fileprivate func render(into list: inout DisplayList, at origin: Point) {
        // The closures borrow `self` (they do not escape): a `let` copy of the state
        // cost a copy of every field and its release each frame.
        let cache = drawCache
        let generation = contentGeneration
        let key = PanelChromeCache.Key(generation: generation, section: currentSection,
                                       pageInGroup: pageInGroup, pagesInGroup: pagesInGroup)
        PanelRenderer.panel(self, into: &list, at: origin, pageList: { p in
            if let hit = cache.pages.cached(page: p, generation: generation) { return hit }
            return cache.pages.store(page: p, PanelRenderer.page(self, page: p))
        }, chrome: {
            if let hit = cache.chrome.cached(for: key) { return hit }
            return cache.chrome.store(PanelRenderer.chrome(self), for: key)
        })
    }
}

// Drawing (pure) and the geometry drivers and scripts ask for.
extension EmojiPanel.State {
    /// The panel's size: its width and its configured height.
    public var size: Size { Size(width: width, height: configuration.height) }

    /// The preview and the skin-tone picker at `now` as a `Drawable`, for a panel drawn
    /// with its top-left at `panelOrigin`.
    /// - Parameters:
    ///   - panelOrigin: Where the panel's top-left is drawn.
    ///   - now: The instant the preview's animation is read at.
    /// - Returns: The overlays' drawable (draws nothing while neither shows).
    public func overlayDrawing(panelOrigin: Point, at now: SimInstant) -> EmojiPanel.OverlayDrawing {
        EmojiPanel.OverlayDrawing(state: self, previewFrame: previewFrame(at: now), panelOrigin: panelOrigin)
    }

    /// The panel alone at `now`, in panel coordinates, its overlays on top (clipped to
    /// the panel where they reach outside it). Pure.
    /// - Complexity: O(visible keys) on a page cache miss; a hit copies the cached
    ///   page's display list.
    /// - Parameter now: The instant the preview's animation is read at.
    /// - Returns: A display list the panel's size.
    public func displayList(at now: SimInstant) -> DisplayList {
        // The panel's own list is already in its bounds: no clip, no copy.
        var list = rendered()
        // Most frames show no overlay: skip making its drawing (a copy of the state).
        if preview != nil || skinPicker != nil {
            overlayDrawing(panelOrigin: .zero, at: now).draw(into: &list, in: list.bounds)
        }
        return list
    }

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
