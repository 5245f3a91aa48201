import SimCore

/// A virtualized list of chat bubbles, as a UITableView with self-sizing cells.
///
/// Invariants (checked by `invariantViolations()` in the property tests, every frame):
/// - the displayed rows are exactly the rows whose frame intersects the visible rect;
/// - each displayed row has exactly one cell; pooled cells show nothing and run nothing;
/// - a row's players animate iff the row is displayed (so a GIF animates iff visible);
/// - willDisplay / didEndDisplaying alternate per row, once per appearance;
/// - cells created of a kind never exceed the peak number of rows of that kind shown.
///
/// Costs: a layout pass is O(v log n) for v visible rows over n messages; only visible
/// rows are ever laid out (heights of the others are estimates until they show).
public final class BubbleList {
    public struct Configuration: Sendable {
        public var metrics = BubbleMetrics()
        /// Height assumed for rows not laid out yet.
        public var estimatedRowHeight: Double = 40
        /// Space above the first row and below the last.
        public var contentInsets = Insets(top: 8, left: 0, bottom: 8, right: 0)
        /// The list counts as "at the bottom" within this distance of the end.
        public var atBottomTolerance: Double = 4
        public init() {}
    }

    /// Lays out a message for a list width. Called once per (message, width).
    public typealias LayoutProvider = (Message, Double) -> BubbleLayout

    public let configuration: Configuration
    public let clock: VirtualClock
    public let trace: Trace
    public private(set) var messages: [Message] = []
    public private(set) var rowHeights: RowHeights
    public private(set) var width: Double
    public private(set) var viewportHeight: Double
    /// The content offset (y of the visible rect's top in content coordinates). It may
    /// leave the scrollable range while bouncing.
    public private(set) var contentOffset: Double = 0
    /// Rows currently displayed (willDisplay sent, didEndDisplaying not yet).
    public private(set) var displayedRows: Range<Int> = 0..<0
    /// Received messages that arrived while the list was not at the bottom.
    public private(set) var newMessagesCount = 0
    /// Number of layouts computed (cache misses): what "lays out only what is needed" counts.
    public private(set) var layoutCount = 0
    /// Every event since creation (bounded by `eventCapacity`, oldest dropped).
    public private(set) var events: [BubbleListEvent] = []
    public var eventCapacity = 10_000
    /// Peak number of displayed rows per reuse identifier: the bound on cells created.
    public private(set) var peakDisplayed: [CellReuseIdentifier: Int] = [:]

    private var layoutProvider: LayoutProvider
    private var playerFactory: BubblePlayerFactory
    private var layoutCache: [LayoutKey: BubbleLayout] = [:]
    private var cells: [BubbleCell] = []          // parallel to displayedRows
    public private(set) var pool = CellReusePool()
    private var indexByID: [Message.ID: Int] = [:]

    struct LayoutKey: Hashable { var id: Message.ID; var width: Double }

    public init(messages: [Message] = [], width: Double, viewportHeight: Double,
                configuration: Configuration = Configuration(),
                clock: VirtualClock, trace: Trace,
                layout: @escaping LayoutProvider,
                players: @escaping BubblePlayerFactory = { _ in nil }) {
        self.configuration = configuration
        self.clock = clock
        self.trace = trace
        self.width = width
        self.viewportHeight = max(0, viewportHeight)
        self.layoutProvider = layout
        self.playerFactory = players
        self.messages = messages
        self.rowHeights = RowHeights(count: messages.count, estimatedHeight: configuration.estimatedRowHeight)
        for (i, m) in messages.enumerated() { indexByID[m.id] = i }
        scrollToBottom()
    }

    // MARK: geometry

    public var count: Int { messages.count }
    public var contentHeight: Double {
        configuration.contentInsets.top + rowHeights.total + configuration.contentInsets.bottom
    }
    public var maxOffset: Double { max(0, contentHeight - viewportHeight) }
    public var visibleRect: Rect { Rect(x: 0, y: contentOffset, width: width, height: viewportHeight) }
    public var isAtBottom: Bool { contentOffset >= maxOffset - configuration.atBottomTolerance }

    /// Top of a row in content coordinates (its height may still be an estimate).
    public func rowTop(_ row: Int) -> Double { configuration.contentInsets.top + rowHeights.offset(ofRow: row) }
    public func rowFrame(_ row: Int) -> Rect {
        Rect(x: 0, y: rowTop(row), width: width, height: rowHeights.height(ofRow: row))
    }

    /// Rows whose frames intersect [offset, offset + viewport), by binary search. O(log n).
    public func rowsIntersecting(top: Double, height: Double) -> Range<Int> {
        guard count > 0, height > 0 else { return 0..<0 }
        let inset = configuration.contentInsets.top
        let bottom = top + height
        if bottom <= inset || top >= inset + rowHeights.total { return 0..<0 }
        guard let first = rowHeights.row(containing: top - inset),
              var last = rowHeights.row(containing: bottom - inset) else { return 0..<0 }
        // `bottom` is exclusive: a row starting exactly there is not visible.
        if last > first && rowTop(last) >= bottom { last -= 1 }
        var lo = first
        // Skip zero-height rows at the top edge; they intersect nothing.
        while lo <= last && rowHeights.height(ofRow: lo) == 0 { lo += 1 }
        return lo..<(last + 1)
    }

    public var visibleRows: Range<Int> { rowsIntersecting(top: contentOffset, height: viewportHeight) }

    /// The cached layout of a row, laying it out (once per width) if needed.
    public func layout(ofRow row: Int) -> BubbleLayout {
        let m = messages[row]
        let key = LayoutKey(id: m.id, width: width)
        if let l = layoutCache[key] { return l }
        let l = layoutProvider(m, width)
        layoutCache[key] = l
        layoutCount += 1
        return l
    }

    /// The displayed cell for a row, if it is displayed.
    public func cell(forRow row: Int) -> BubbleCell? {
        displayedRows.contains(row) ? cells[row - displayedRows.lowerBound] : nil
    }
    public var displayedCells: [BubbleCell] { cells }

    public func row(of id: Message.ID) -> Int? { indexByID[id] }

    // MARK: actions

    private enum Anchor {
        case bottom
        case row(Int, screenY: Double)
        case fraction(Int, Double)
        case none
    }

    /// Moves the visible rect (what a scroll view's `contentOffset` setter does) and
    /// updates the displayed rows. Rows laid out for the first time above the top
    /// displayed row shift the offset by their change in height, so what is on screen
    /// does not jump; the returned value is that correction (0 in most frames), which
    /// a scroll model must apply to its own offset.
    @discardableResult
    public func setContentOffset(_ y: Double) -> Double {
        let before = y
        contentOffset = y
        let anchor: Anchor = displayedRows.isEmpty || !displayedRows.overlaps(visibleRows)
            ? .none
            : .row(max(displayedRows.lowerBound, visibleRows.lowerBound),
                   screenY: rowTop(max(displayedRows.lowerBound, visibleRows.lowerBound)) - y)
        layoutPass(anchor)
        if isAtBottom && newMessagesCount > 0 { clearMarker() }
        return contentOffset - before
    }

    /// Jumps to the bottom (no animation), laying out only the rows that end up visible.
    public func scrollToBottom() {
        contentOffset = maxOffset
        layoutPass(.bottom)
        if newMessagesCount > 0 { clearMarker() }
    }

    /// Appends a message. Returns true when the caller should scroll to the bottom
    /// (always for a sent message; for a received one only when already at the bottom;
    /// otherwise the "new messages" marker counts it and the view does not move).
    @discardableResult
    public func append(_ message: Message) -> Bool {
        let wasAtBottom = isAtBottom
        indexByID[message.id] = messages.count
        messages.append(message)
        rowHeights.append()
        // The new row may already be inside the visible rect (short content).
        layoutPass(.none)
        if message.sender == .me || wasAtBottom { return true }
        newMessagesCount += 1
        emit(.newMessagesMarker(count: newMessagesCount))
        return false
    }

    /// The viewport height changes (keyboard frame at an animation frame): the
    /// list's bottom edge stays on the same content.
    public func setViewportHeight(_ h: Double) {
        let newHeight = max(0, h)
        guard newHeight != viewportHeight else { return }
        let wasAtBottom = isAtBottom
        let old = viewportHeight
        viewportHeight = newHeight
        if wasAtBottom {
            contentOffset = maxOffset
            layoutPass(.bottom)
        } else {
            contentOffset = KeyboardAvoidance.offset(current: contentOffset, oldHeight: old,
                                                     newHeight: newHeight, contentHeight: contentHeight)
            layoutPass(.none)
        }
    }

    /// Width change (rotation, split view): heights are re-measured for the new width
    /// (from the per-width cache where possible) and the top visible message keeps its
    /// place: the same fraction of it stays at the top of the viewport.
    public func setWidth(_ w: Double) {
        guard w != width, w > 0 else { return }
        let wasAtBottom = isAtBottom && count > 0
        var anchor: Anchor = .none
        if wasAtBottom {
            anchor = .bottom
        } else if let first = displayedRows.first {
            let h = rowHeights.height(ofRow: first)
            let frac = h > 0 ? (contentOffset - rowTop(first)) / h : 0
            anchor = .fraction(first, frac)
        }
        width = w
        rowHeights.reset { [layoutCache, messages] r in layoutCache[LayoutKey(id: messages[r].id, width: w)]?.rowHeight }
        // Displayed cells keep their rows; their layouts follow the new width.
        for i in cells.indices {
            let row = displayedRows.lowerBound + i
            let l = layout(ofRow: row)
            rowHeights.setHeight(l.rowHeight, ofRow: row)
            cells[i].relayout(l)
        }
        if case let .fraction(row, frac) = anchor {
            contentOffset = rowTop(row) + frac * rowHeights.height(ofRow: row)
            emit(.widthChanged(anchorRow: row))
        } else if wasAtBottom {
            contentOffset = maxOffset
            emit(.widthChanged(anchorRow: count - 1))
        }
        layoutPass(anchor)
    }

    /// Stops every player of displayed rows and starts them again (used after a
    /// memory warning purged the decoded frames: players decode again on demand).
    public func memoryWarning(purgedBytes: Int) {
        emit(.memoryWarning(purgedBytes: purgedBytes))
    }

    /// Dismisses the marker (the user reached the bottom or tapped it).
    public func clearMarker() {
        guard newMessagesCount > 0 else { return }
        newMessagesCount = 0
        emit(.newMessagesMarker(count: 0))
    }

    // MARK: the layout pass

    private func layoutPass(_ anchor: Anchor) {
        // Measure until the visible range holds only measured rows. Each round lays
        // out at least one row, so this ends after at most v + 1 rounds.
        if case .bottom = anchor { measureUpFromBottom(); contentOffset = maxOffset }
        var rounds = 0
        while true {
            let range = visibleRows
            var measured = false
            for r in range where !rowHeights.isMeasured(r) {
                rowHeights.setHeight(layout(ofRow: r).rowHeight, ofRow: r)
                measured = true
            }
            switch anchor {
            case .bottom: contentOffset = maxOffset
            case let .row(a, y): contentOffset = rowTop(a) - y
            case let .fraction(a, f): contentOffset = rowTop(a) + f * rowHeights.height(ofRow: a)
            case .none: break
            }
            rounds += 1
            if !measured || rounds > 10_000 { break }
        }
        updateDisplayedRows(visibleRows)
    }

    /// At the bottom the visible rows are the last ones: lay them out from the end
    /// upwards until they fill the viewport, so estimates never pull in extra rows.
    private func measureUpFromBottom() {
        var filled = configuration.contentInsets.bottom
        var r = count - 1
        while r >= 0 && filled < viewportHeight {
            if !rowHeights.isMeasured(r) { rowHeights.setHeight(layout(ofRow: r).rowHeight, ofRow: r) }
            filled += rowHeights.height(ofRow: r)
            r -= 1
        }
    }

    private func updateDisplayedRows(_ new: Range<Int>) {
        let old = displayedRows
        guard new != old else { return }
        // 1. Rows that left, ascending: didEndDisplaying, players stop, cell to the pool
        //    (so a row entering in the same pass can reuse it).
        var kept: [BubbleCell] = []
        for (i, row) in old.enumerated() {
            var cell = cells[i]
            if new.contains(row) { kept.append(cell); continue }
            for (p, item) in zip(cell.players, cell.layout?.animatedItems ?? []) where p.isAnimating {
                p.stop()
                emit(.playerStopped(row: row, code: item.code))
            }
            emit(.didEndDisplaying(row: row, message: messages[row].id))
            cell.prepareForReuse()
            pool.enqueue(cell)
        }
        // 2. Rows that entered, in the order they come into view: above the kept rows
        //    nearest first, below them ascending (all ascending after a jump).
        let keptRange = old.clamped(to: new)
        var above: [Int] = [], below: [Int] = []
        if keptRange.isEmpty {
            below = Array(new)
        } else {
            above = Array((new.lowerBound..<keptRange.lowerBound).reversed())
            below = Array(keptRange.upperBound..<new.upperBound)
        }
        var newCells: [Int: BubbleCell] = [:]
        for row in above + below {
            newCells[row] = display(row)
        }
        var all: [BubbleCell] = []
        all.reserveCapacity(new.count)
        for row in new {
            if let c = newCells[row] { all.append(c) } else { all.append(kept[row - keptRange.lowerBound]) }
        }
        cells = all
        displayedRows = new
        var perKind: [CellReuseIdentifier: Int] = [:]
        for c in cells { perKind[c.reuseIdentifier, default: 0] += 1 }
        for (k, n) in perKind where n > peakDisplayed[k, default: 0] { peakDisplayed[k] = n }
    }

    private func display(_ row: Int) -> BubbleCell {
        let l = layout(ofRow: row)
        let (dequeued, reused) = pool.dequeue(l.reuseIdentifier)
        var cell = dequeued
        emit(reused ? .cellReused(l.reuseIdentifier, serial: cell.serial, row: row)
                    : .cellCreated(l.reuseIdentifier, serial: cell.serial, row: row))
        cell.configure(row: row, message: messages[row], layout: l, players: playerFactory)
        emit(.willDisplay(row: row, message: messages[row].id))
        for (p, item) in zip(cell.players, l.animatedItems) {
            p.start()
            emit(.playerStarted(row: row, code: item.code))
        }
        return cell
    }

    private func emit(_ e: BubbleListEvent) {
        events.append(e)
        if events.count > eventCapacity { events.removeFirst(events.count - eventCapacity / 2) }
        trace.record(TraceEvent(time: clock.now, source: "list", name: e.name,
                                fields: e.fields.map { .init($0.0, $0.1) }))
    }

    // MARK: invariants

    /// Every broken invariant, described; empty when all hold. O(v) plus O(log n).
    public func invariantViolations() -> [String] {
        var out: [String] = []
        let vis = visibleRows
        if vis != displayedRows { out.append("displayed \(displayedRows) != visible \(vis)") }
        if cells.count != displayedRows.count { out.append("cells \(cells.count) for \(displayedRows.count) rows") }
        var serials = Set<Int>()
        for (i, c) in cells.enumerated() {
            let row = displayedRows.lowerBound + i
            if c.row != row { out.append("cell \(c.serial) thinks row \(String(describing: c.row)), shows \(row)") }
            if c.messageID != messages[row].id { out.append("cell \(c.serial) shows a stale message at row \(row)") }
            if !serials.insert(c.serial).inserted { out.append("cell \(c.serial) displayed twice") }
            for p in c.players where !p.isAnimating { out.append("row \(row) visible but a player is stopped") }
            if c.layout?.reuseIdentifier != c.reuseIdentifier { out.append("cell \(c.serial) has the wrong kind for row \(row)") }
            if !rowHeights.isMeasured(row) { out.append("row \(row) displayed with an estimated height") }
        }
        for id in CellReuseIdentifier.allCases {
            for c in pool.pooled(id) {
                if c.messageID != nil || c.layout != nil || !c.players.isEmpty {
                    out.append("pooled cell \(c.serial) keeps stale content")
                }
                if !serials.insert(c.serial).inserted { out.append("cell \(c.serial) both pooled and displayed") }
            }
            let created = pool.createdByIdentifier[id, default: 0]
            if created > peakDisplayed[id, default: 0] {
                out.append("\(created) \(id) cells created for a peak of \(peakDisplayed[id, default: 0]) rows")
            }
        }
        return out
    }

    /// Players currently animating (all in displayed rows by construction).
    public var animatingPlayerCount: Int { cells.reduce(0) { $0 + $1.players.filter(\.isAnimating).count } }
}
