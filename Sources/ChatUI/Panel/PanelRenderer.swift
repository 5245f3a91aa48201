import SimCore
import EmojiText
import Raster

/// Draws an `EmojiPanel.State` into a `DisplayList` with colour roles (the theme is
/// chosen by the rasterizer, so one list renders light and dark).
///
/// Keys show the first frame of animated emoji (still, to save work); only the
/// preview animates. Accessibility labels come from the emoji meanings. View names:
/// `EmojiPanel`, `EmojiPanel.pages` (the clip), `EmojiPanel.page.<n>`,
/// `EmojiPanel.pageControl`, `EmojiPanel.categoryBar`, `EmojiPanel.preview` (and
/// `EmojiPanel.preview.key`, the pressed key redrawn over its highlight),
/// `EmojiPanel.skinTones`, `EmojiPanel.search`.
enum PanelRenderer {
    static let view = "EmojiPanel"
    /// The pages' clip, named every frame: a literal, not `"\(view).pages"`, which
    /// allocated its 16 bytes each frame (a heap string natively as in wasm).
    static let pagesView = "EmojiPanel.pages"

    /// The image reference of a key: still (frame nil), with the Unicode glyph when it has one.
    static func ref(_ e: Emoji, frame: Int? = nil) -> ImageRef {
        ImageRef(name: e.imageName ?? e.code, frameIndex: frame, glyph: glyph(e), code: e.code)
    }

    /// The characters the CharGrid prints: the emoji itself, or an image emoji's
    /// meaning when that meaning is a Unicode emoji.
    static func glyph(_ e: Emoji) -> String? {
        if e.kind == .unicode { return e.code }
        let m = e.meaning()
        guard let first = m.unicodeScalars.first, m.count == 1,
              first.properties.isEmoji, first.value > 0xFF else { return nil }
        return m
    }

    /// One page, in page coordinates (origin at the page's top-left in the scroll view).
    static func page(_ state: EmojiPanel.State, page p: Int) -> DisplayList {
        let layout = state.layout
        var list = DisplayList(size: Size(width: layout.width, height: layout.scrollFrame.height))
        let pageName = "\(view).page.\(p)"
        guard let s = layout.section(ofPage: p) else { return list }
        let dx = -Double(p) * layout.width
        let locale = state.configuration.locale
        for i in layout.emojiRange(ofPage: p) {
            guard let e = state.shown(section: s, index: i),
                  let f = layout.itemFrame(section: s, index: i) else { continue }
            list.image(ref(e), in: f.offsetBy(dx: dx, dy: 0), label: e.meaning(for: locale), view: pageName)
        }
        if let d = layout.deleteFrame(page: p) {
            // The backspace glyph a little smaller than a key's emoji (as on iOS).
            let side = (min(d.width, d.height) * 0.8).rounded()
            let icon = Rect(x: d.midX - side / 2, y: d.midY - side / 2, width: side, height: side)
            list.icon(.deleteBackward, in: icon.offsetBy(dx: dx, dy: 0), .text, label: "Delete", view: pageName)
        }
        return list
    }

    /// Appends the panel's items to `list` with its top-left at `origin`: background, visible
    /// pages (from `pageList`), page control, category bar, search bar (the overlays are
    /// drawn apart, by `overlays`), each translated by `origin` (none at the origin), so
    /// a host's list receives them without an intermediate list being built, copied
    /// item by item and freed every frame (that copy was half of a panel frame in wasm).
    /// - Complexity: O(visible keys + chrome items).
    static func panel(_ state: EmojiPanel.State, into list: inout DisplayList, at origin: Point,
                      pageList: (Int) -> DisplayList, chrome: () -> DisplayList) {
        let layout = state.layout
        let c = state.configuration
        let start = list.items.count
        // One allocation: two pages of keys, the chrome, the preview.
        list.items.reserveCapacity(start + 2 * (layout.perPage + 1) + 2 * state.sections.count + state.pagesInGroup + 16)
        list.fill(Rect(x: 0, y: 0, width: layout.width, height: c.height), .panelBackground, view: view)

        if c.searchBarHeight > 0 { searchBar(state, into: &list) }

        let sf = layout.scrollFrame
        list.clipped(to: sf, view: pagesView) { l in
            for p in layout.visiblePages(offset: state.offset) {
                l.append(contentsOf: pageList(p), at: Point(x: layout.offset(ofPage: p) - state.offset, y: sf.minY))
            }
        }
        if state.sections.isEmpty || state.sections.allSatisfy({ $0.emoji.isEmpty }) {
            let msg = state.query != nil ? "No results" : "No emoji"
            let t = TextLayout(msg, maxWidth: sf.width)
            list.text(t, at: Point(x: ((sf.width - t.size.width) / 2).rounded(.down), y: sf.midY - 8), .secondaryText, view: view)
        }

        list.append(contentsOf: chrome())
        // Moved as a second step, as appending the panel's own list at `origin` did: the
        // same two additions per coordinate, so the same bits.
        if origin != .zero { list.translateItems(from: start, dx: origin.x, dy: origin.y) }
    }

    /// Where the overlays draw (panel coordinates): the preview's bubble, the pressed
    /// key's highlight and the picker, shadows aside; nil when neither shows.
    static func overlayExtent(_ state: EmojiPanel.State) -> Rect? {
        var extent: Rect? = nil
        func add(_ r: Rect) { extent = extent.map { $0.union(r) } ?? r }
        if let p = state.preview {
            add(p.keyFrame.insetBy(dx: -2, dy: -2))
            add(p.placement.frame)
            add(p.placement.imageFrame)
            add(p.placement.nameFrame)
            if let item = state.layout.itemFrame(section: p.section, index: p.index) {
                add(item.offsetBy(dx: -state.offset, dy: state.layout.scrollFrame.minY))
            }
        }
        if let k = state.skinPicker { add(k.frame); add(k.stemFrame) }
        return extent
    }

    /// The preview or the skin-tone picker, on top of everything.
    static func overlays(_ state: EmojiPanel.State, previewFrame: Int?, into list: inout DisplayList) {
        if let p = state.preview { preview(p, state: state, frame: previewFrame, into: &list) }
        if let k = state.skinPicker { skinPicker(k, locale: state.configuration.locale, into: &list) }
    }

    /// The page control and the category bar (cached by the panel between frames).
    static func chrome(_ state: EmojiPanel.State) -> DisplayList {
        var list = DisplayList(width: state.layout.width, height: state.configuration.height)
        pageControl(state, into: &list)
        categoryBar(state, into: &list)
        return list
    }

    /// Dots of the current group's pages, hidden for a single page. When the dots do
    /// not fit the width (a group of 90 pages), a window of as many as fit follows the
    /// current page, as UIPageControl does since iOS 14; so drawing stays O(width).
    static func pageControl(_ state: EmojiPanel.State, into list: inout DisplayList) {
        guard let dots = PageDots(state) else { return }
        for i in dots.first..<(dots.first + dots.shown) {
            guard let r = dots.frame(ofPage: i) else { continue }
            if i == dots.current {
                list.circle(r, .pageIndicatorCurrent, label: "Page \(i + 1) of \(dots.pages)", view: "\(view).pageControl", state: .selected)
            } else {
                list.circle(r, .pageIndicator, view: "\(view).pageControl")
            }
        }
    }

    static func categoryBar(_ state: EmojiPanel.State, into list: inout DisplayList) {
        let layout = state.layout
        let bar = layout.categoryBarFrame
        guard bar.height > 0 else { return }
        let v = "\(view).categoryBar"
        list.fill(bar, .surface, view: v)
        list.line(from: Point(x: bar.minX, y: bar.minY), to: Point(x: bar.maxX, y: bar.minY), .separator, view: v)
        for (i, s) in state.sections.enumerated() {
            let tab = layout.tabFrame(i)
            guard tab.minX < bar.maxX else { break }
            let selected = i == state.currentSection
            if selected { list.roundedRect(tab.insetBy(dx: 2, dy: 4), radius: 6, .highlight, view: v, state: .selected) }
            let icon = Rect(x: tab.midX - 12, y: tab.midY - 12, width: 24, height: 24)
            let label = s.title ?? s.name
            let st: ItemState = selected ? .selected : []
            if s.kind == .recents || s.kind == .searchResults {
                list.icon(s.kind == .recents ? .recents : .search, in: icon, selected ? .text : .secondaryText,
                          label: label, view: v, state: st)
            } else if let e = s.tabIcon {
                list.image(ref(e), in: icon, label: label, view: v, state: st)
            } else {
                list.icon(.missingImage, in: icon, .secondaryText, label: label, view: v, state: st)
            }
        }
        // Without a search bar above the pages, the query shows in the bar beside its
        // tab, so every snapshot format says what the results are for.
        if state.query != nil, state.configuration.searchBarHeight <= 0, let last = state.sections.indices.last {
            let left = layout.tabFrame(last).maxX + 4
            let field = Rect(x: left, y: bar.minY + 5, width: max(0, bar.maxX - 8 - left), height: max(0, bar.height - 10))
            if field.width > 40 { searchField(state, in: field, into: &list) }
        }
    }

    static func searchBar(_ state: EmojiPanel.State, into list: inout DisplayList) {
        searchField(state, in: state.layout.searchBarFrame.insetBy(dx: 8, dy: 4), into: &list)
    }

    /// The search field (view `EmojiPanel.search`, label `Search`): a magnifying glass
    /// and the query, or the placeholder when no search is active.
    static func searchField(_ state: EmojiPanel.State, in field: Rect, into list: inout DisplayList) {
        let v = "\(view).search"
        list.roundedRect(field, radius: 8, .inputBackground, view: v)
        let glass = Rect(x: field.minX + 6, y: (field.midY - 8).rounded(.down), width: 16, height: 16)
        list.icon(.search, in: glass, .secondaryText, view: v)
        let text = state.query ?? "Search emoji"
        let t = TextLayout(text, maxWidth: max(0, field.width - 34), maxLines: 1)
        list.text(t, at: Point(x: field.minX + 26, y: (field.midY - 8).rounded(.down)),
                  state.query == nil ? .placeholderText : .text, label: "Search", view: v)
    }

    static func preview(_ p: EmojiPanel.Preview, state: EmojiPanel.State, frame: Int?, into list: inout DisplayList) {
        let v = "\(view).preview"
        let pl = p.placement
        list.roundedRect(p.keyFrame.insetBy(dx: -2, dy: -2), radius: 6, .highlight, view: v, state: .highlighted)
        // The pressed key again over its highlight (as a keyboard's pressed key), so the
        // grid, whose highlight clears its cells, still shows which emoji is under the finger.
        if let item = state.layout.itemFrame(section: p.section, index: p.index) {
            let f = item.offsetBy(dx: -state.offset, dy: state.layout.scrollFrame.minY)
            list.image(ref(p.emoji), in: f, view: "\(v).key", state: .highlighted)
        }
        list.shadow(pl.frame, radius: 10, view: v)
        list.roundedRect(pl.frame, radius: 10, .surface, view: v)
        list.border(pl.frame, width: 1, radius: 10, .separator, view: v)
        let name = p.emoji.meaning(for: state.configuration.locale)
        list.image(ref(p.emoji, frame: frame), in: pl.imageFrame, label: name, view: v)
        let t = TextLayout(name, maxWidth: pl.nameFrame.width, maxLines: 1)
        list.text(t, at: Point(x: (pl.nameFrame.midX - t.size.width / 2).rounded(.down), y: pl.nameFrame.minY), .text, view: v)
    }

    /// The picker's options, each labelled with its own name (`挥手：中等肤色`).
    static func skinPicker(_ k: EmojiPanel.SkinTonePicker, locale: String, into list: inout DisplayList) {
        let v = "\(view).skinTones"
        list.shadow(k.frame, radius: 8, view: v)
        // The stem under the bubble's edge: one callout from the key to the options.
        list.roundedRect(k.stemFrame, radius: 6, .surface, view: v)
        list.roundedRect(k.frame, radius: 8, .surface, view: v)
        if k.twoTone != nil {
            // The combination in the preview column, then each row's five tones.
            let e = k.options[k.selected]
            let side = min(k.cellWidth, k.frame.height) - 8
            let preview = Rect(x: k.frame.minX + k.cellWidth / 2 - side / 2, y: k.frame.midY - side / 2, width: side, height: side)
            list.image(ref(e), in: preview, label: e.meaning(for: locale), view: v, state: .selected)
            for i in 0..<k.targetCount {
                let cell = k.frame(ofTarget: i), t = k.emoji(ofTarget: i), on = k.isTargetSelected(i)
                if on { list.roundedRect(cell.insetBy(dx: 2, dy: 2), radius: 6, .highlight, view: v, state: .selected) }
                let s = min(cell.width, cell.height) - 8
                list.image(ref(t), in: Rect(x: cell.midX - s / 2, y: cell.midY - s / 2, width: s, height: s),
                           label: t.meaning(for: locale), view: v, state: on ? .selected : [])
            }
            return
        }
        for (i, e) in k.options.enumerated() {
            let cell = k.frame(ofOption: i)
            if i == k.selected { list.roundedRect(cell.insetBy(dx: 2, dy: 2), radius: 6, .highlight, view: v, state: .selected) }
            let side = min(cell.width, cell.height) - 8
            list.image(ref(e), in: Rect(x: cell.midX - side / 2, y: cell.midY - side / 2, width: side, height: side),
                       label: e.meaning(for: locale), view: v, state: i == k.selected ? .selected : [])
        }
    }
}
