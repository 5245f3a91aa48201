import SimCore

/// Where a point of the panel's grid lands, by arithmetic.
public enum PanelHit: Hashable, Sendable, CustomStringConvertible {
    /// An emoji key: `section` (group), `page` (global page index), `row`/`column` in
    /// the page and `index` of the emoji in its section.
    case emoji(section: Int, page: Int, row: Int, column: Int, index: Int)
    /// The delete key of `page`.
    case delete(page: Int)
    /// A gap, an inset, an empty cell of a last partial page, or outside the content.
    case nothing

    /// A compact form for traces and test messages: `emoji(s0 p1 r2 c3 #4)`, `delete(p1)`, `nothing`.
    public var description: String {
        switch self {
        case let .emoji(s, p, r, c, i): return "emoji(s\(s) p\(p) r\(r) c\(c) #\(i))"
        case let .delete(p): return "delete(p\(p))"
        case .nothing: return "nothing"
        }
    }
}

/// The panel's paged grid as pure arithmetic: pages per group, the page <-> group
/// mapping, item frames, content size and hit testing.
///
/// All pages of all sections sit side by side in one horizontal scroll, each page as
/// wide as the panel. A section of n emoji takes ceil(n / perPage) pages (never an
/// empty last page); an empty section takes none (the recents group when empty).
///
/// Frames and hit tests are computed, never found by scanning items.
/// - Complexity: Building is O(pages) (the page -> section table); every query is O(1).
public struct PanelLayout: Hashable, Sendable {
    /// The geometry rules the layout was computed from.
    public let configuration: PanelConfiguration
    /// Panel width = page width.
    public let width: Double
    /// Emoji count of each section, in display order.
    public let sectionCounts: [Int]

    // Grid geometry (page-local, relative to the scroll view's top-left).
    /// Keys per row of a page (fitted to the width when the configuration is adaptive).
    public let columns: Int
    /// Rows of keys per page.
    public let rows: Int
    /// One key's size after fitting (keys shrink only once the gaps are gone).
    public let itemSize: Size
    /// Horizontal and vertical distance from one key's origin to the next.
    public let pitch: Size
    /// Origin of the key at row 0, column 0 in page coordinates.
    public let gridOrigin: Point

    /// Keys a page has for emoji (the delete key takes the last cell).
    public let perPage: Int
    /// The configuration's delete key, unless a page has a single cell (it then holds an emoji).
    public let hasDeleteKey: Bool
    /// First global page of each section (pages of an empty section: none).
    public let firstPage: [Int]
    /// Page count of each section.
    public let pageCounts: [Int]
    /// Section shown by each global page.
    public let pageSection: [Int]

    /// Pages over all sections.
    public var pageCount: Int { pageSection.count }
    /// A page's width: the panel's.
    public var pageWidth: Double { width }

    /// The scroll view's frame in panel coordinates (between the search bar and the page control).
    public var scrollFrame: Rect {
        let c = configuration
        let h = max(0, c.height - c.searchBarHeight - c.pageControlHeight - c.categoryBarHeight)
        return Rect(x: 0, y: c.searchBarHeight, width: width, height: h)
    }
    /// The page control's frame (the dots), below the scroll view.
    public var pageControlFrame: Rect {
        let s = scrollFrame
        return Rect(x: 0, y: s.maxY, width: width, height: configuration.pageControlHeight)
    }
    /// The category bar's frame (the tabs), at the panel's bottom.
    public var categoryBarFrame: Rect {
        let p = pageControlFrame
        return Rect(x: 0, y: p.maxY, width: width, height: configuration.categoryBarHeight)
    }
    /// The search bar's frame, at the panel's top (zero height without one).
    public var searchBarFrame: Rect {
        Rect(x: 0, y: 0, width: width, height: configuration.searchBarHeight)
    }

    /// Content size of the scroll view: all pages side by side.
    public var contentSize: Size { Size(width: Double(pageCount) * width, height: scrollFrame.height) }

    /// Computes the grid for a panel `width` wide.
    ///
    /// - Parameters:
    ///   - configuration: The geometry rules.
    ///   - width: The panel's width; a non-finite or negative width counts as 0.
    ///   - sectionCounts: The emoji count of each section (negatives count as 0).
    /// - Complexity: O(*p*) in the resulting pages.
    public init(configuration: PanelConfiguration, width: Double, sectionCounts: [Int]) {
        self.configuration = configuration
        self.width = width.isFinite ? max(0, width) : 0
        self.sectionCounts = sectionCounts.map { max(0, $0) }
        let c = configuration
        let availW = max(0, self.width - c.insets.horizontal)
        let scrollH = max(0, c.height - c.searchBarHeight - c.pageControlHeight - c.categoryBarHeight)
        let availH = max(0, scrollH - c.insets.vertical)
        var cols = max(1, c.columns)
        if c.adaptiveColumns {
            let fit = Int(((availW + c.spacing.width) / max(1, c.itemSize.width + c.spacing.width)).rounded(.down))
            cols = max(1, fit)
        }
        let rows = max(1, c.rows)
        let (iw, gx) = PanelLayout.fit(count: cols, item: c.itemSize.width, gap: c.spacing.width, into: availW)
        let (ih, gy) = PanelLayout.fit(count: rows, item: c.itemSize.height, gap: c.spacing.height, into: availH)
        columns = cols
        self.rows = rows
        itemSize = Size(width: iw, height: ih)
        pitch = Size(width: iw + gx, height: ih + gy)
        let gridW = Double(cols) * iw + Double(cols - 1) * gx
        let gridH = Double(rows) * ih + Double(rows - 1) * gy
        // Centred in the inset area: a width change keeps the grid symmetric.
        gridOrigin = Point(x: c.insets.left + (availW - gridW) / 2,
                           y: c.insets.top + (availH - gridH) / 2)
        let cells = cols * rows
        hasDeleteKey = c.hasDeleteKey && cells > 1
        perPage = hasDeleteKey ? cells - 1 : cells

        var first: [Int] = [], counts: [Int] = [], table: [Int] = []
        for (s, n) in self.sectionCounts.enumerated() {
            let pages = (n + perPage - 1) / perPage
            first.append(table.count)
            counts.append(pages)
            for _ in 0..<pages { table.append(s) }
        }
        firstPage = first; pageCounts = counts; pageSection = table
    }

    /// Keys of `size` and gaps of `gap` for `count` keys in `space`: the gap shrinks
    /// first, then the keys.
    static func fit(count: Int, item: Double, gap: Double, into space: Double) -> (item: Double, gap: Double) {
        let n = Double(count)
        if n * item + (n - 1) * gap <= space { return (item, gap) }
        if count > 1, n * item <= space { return (item, (space - n * item) / (n - 1)) }
        return (max(0, space / n), 0)
    }

    // MARK: pages and sections

    /// The section a global page belongs to, nil outside 0..<pageCount.
    ///
    /// - Parameter page: A global page index.
    /// - Returns: The section index, or `nil`.
    public func section(ofPage page: Int) -> Int? {
        pageSection.indices.contains(page) ? pageSection[page] : nil
    }

    /// The page within its section (0-based).
    ///
    /// - Parameter page: A global page index.
    /// - Returns: The page's index in its section, or `nil` outside `0..<pageCount`.
    public func pageInSection(_ page: Int) -> Int? {
        section(ofPage: page).map { page - firstPage[$0] }
    }

    /// The global page that shows emoji `index` of `section`.
    ///
    /// - Parameters:
    ///   - section: A section index.
    ///   - index: An emoji index in the section.
    /// - Returns: The global page, or `nil` for an index out of range.
    public func page(section: Int, index: Int) -> Int? {
        guard sectionCounts.indices.contains(section), index >= 0, index < sectionCounts[section] else { return nil }
        return firstPage[section] + index / perPage
    }

    /// Range of emoji indices (in its section) shown on a global page.
    ///
    /// - Parameter page: A global page index.
    /// - Returns: The indices; empty outside `0..<pageCount`.
    public func emojiRange(ofPage page: Int) -> Range<Int> {
        guard let s = section(ofPage: page) else { return 0..<0 }
        let start = (page - firstPage[s]) * perPage
        return start..<min(sectionCounts[s], start + perPage)
    }

    /// Pages whose frames intersect the visible range [offset, offset + width).
    ///
    /// - Parameter offset: The scroll view's horizontal content offset.
    /// - Returns: The pages, clamped to `0..<pageCount` (one or two while scrolling).
    public func visiblePages(offset: Double) -> Range<Int> {
        guard pageCount > 0, width > 0 else { return 0..<0 }
        let lo = Int((offset / width).rounded(.down))
        let hi = Int(((offset + width) / width).rounded(.up))
        let a = min(max(lo, 0), pageCount), b = min(max(hi, 0), pageCount)
        return a..<max(a, b)
    }

    /// Content offset of a page's left edge.
    ///
    /// - Parameter page: A global page index.
    /// - Returns: `page` times the page width.
    public func offset(ofPage page: Int) -> Double { Double(page) * width }

    /// The page whose centre is nearest to a content offset (UIKit's current page).
    ///
    /// - Parameter offset: The scroll view's horizontal content offset.
    /// - Returns: The page, clamped to `0..<pageCount` (0 without pages).
    public func nearestPage(offset: Double) -> Int {
        guard pageCount > 0, width > 0 else { return 0 }
        return min(max(Int((offset / width).rounded(.toNearestOrAwayFromZero)), 0), pageCount - 1)
    }

    /// The largest content offset: the last page's left edge (0 without pages).
    public var maxOffset: Double { max(0, contentSize.width - width) }

    // MARK: frames

    /// Frame of cell (row, column) of a global page, in content coordinates of the
    /// scroll view (x grows across pages, y from the scroll view's top).
    ///
    /// - Parameters:
    ///   - page: A global page index.
    ///   - row: A row of the grid.
    ///   - column: A column of the grid.
    /// - Returns: The cell's frame (not checked against the grid).
    public func cellFrame(page: Int, row: Int, column: Int) -> Rect {
        Rect(x: Double(page) * width + gridOrigin.x + Double(column) * pitch.width,
             y: gridOrigin.y + Double(row) * pitch.height,
             width: itemSize.width, height: itemSize.height)
    }

    /// Frame of emoji `index` of `section` in content coordinates.
    ///
    /// - Parameters:
    ///   - section: A section index.
    ///   - index: An emoji index in the section.
    /// - Returns: The frame, or `nil` for an index out of range.
    public func itemFrame(section: Int, index: Int) -> Rect? {
        guard let p = page(section: section, index: index) else { return nil }
        let cell = index % perPage
        return cellFrame(page: p, row: cell / columns, column: cell % columns)
    }

    /// Frame of a page's delete key (the last cell), nil without a delete key.
    ///
    /// - Parameter page: A global page index.
    /// - Returns: The frame in content coordinates, or `nil` (no delete key, or no such page).
    public func deleteFrame(page: Int) -> Rect? {
        guard hasDeleteKey, page >= 0, page < pageCount else { return nil }
        return cellFrame(page: page, row: rows - 1, column: columns - 1)
    }

    // MARK: hit testing

    /// What a point in content coordinates hits: page, row and column by division, then
    /// one remainder check each for the gaps. Cells own their half-open frames (the max
    /// edges belong to the gap).
    ///
    /// - Parameter p: A point in the scroll view's content coordinates.
    /// - Returns: The emoji or delete key hit, or `.nothing`.
    public func hit(content p: Point) -> PanelHit {
        guard width > 0, p.x >= 0, p.y >= 0 else { return .nothing }
        let page = Int((p.x / width).rounded(.down))
        guard page < pageCount else { return .nothing }
        let lx = p.x - Double(page) * width - gridOrigin.x
        let ly = p.y - gridOrigin.y
        guard lx >= 0, ly >= 0, pitch.width > 0, pitch.height > 0 else { return .nothing }
        let col = Int((lx / pitch.width).rounded(.down))
        let row = Int((ly / pitch.height).rounded(.down))
        guard col < columns, row < rows,
              lx - Double(col) * pitch.width < itemSize.width,
              ly - Double(row) * pitch.height < itemSize.height else { return .nothing }
        let cell = row * columns + col
        if hasDeleteKey && cell == columns * rows - 1 { return .delete(page: page) }
        let s = pageSection[page]
        let index = (page - firstPage[s]) * perPage + cell
        guard index < sectionCounts[s] else { return .nothing }
        return .emoji(section: s, page: page, row: row, column: col, index: index)
    }

    /// What a point in panel coordinates hits, given the scroll offset.
    ///
    /// - Parameters:
    ///   - p: A point in panel coordinates.
    ///   - offset: The scroll view's horizontal content offset.
    /// - Returns: The emoji or delete key hit, or `.nothing` outside the scroll view.
    public func hit(panel p: Point, offset: Double) -> PanelHit {
        let f = scrollFrame
        guard f.contains(p) else { return .nothing }
        return hit(content: Point(x: p.x + offset, y: p.y - f.minY))
    }

    /// The category tab under a panel point, nil when none.
    ///
    /// - Parameter p: A point in panel coordinates.
    /// - Returns: The tab's section index, or `nil`.
    public func tab(at p: Point) -> Int? {
        let bar = categoryBarFrame
        guard bar.contains(p), configuration.tabWidth > 0 else { return nil }
        let i = Int((p.x / configuration.tabWidth).rounded(.down))
        return sectionCounts.indices.contains(i) ? i : nil
    }

    /// A tab's frame in panel coordinates (tabs are `tabWidth` wide, from the left).
    ///
    /// - Parameter i: A section index.
    /// - Returns: The frame (not checked against the sections).
    public func tabFrame(_ i: Int) -> Rect {
        let bar = categoryBarFrame
        return Rect(x: Double(i) * configuration.tabWidth, y: bar.minY,
                    width: configuration.tabWidth, height: bar.height)
    }
}
