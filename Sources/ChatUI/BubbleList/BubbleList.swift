import SimCore
import Interaction

/// A virtualized list of chat bubbles: a UITableView with self-sizing cells, reuse
/// pools and willDisplay/didEndDisplaying, plus the chat behaviours (bottom pinning,
/// "new messages" marker, keyboard avoidance, width anchoring).
///
/// **Coordinates.** The scroll position is the distance of the visible rect's bottom
/// from the content's bottom (`distanceFromBottom`, 0 = at the bottom), kept by an
/// Interaction `ScrollModel` on an inverted axis, as chat apps that flip their table
/// do. Rows get their real height when they are first laid out (estimates before), and
/// a row measured above the viewport changes only the positions of rows above it, so a
/// running fling or drag never has to be corrected. `contentOffset` is the UIKit
/// (top-based) view of the same position; a conversation shorter than the viewport
/// sits at the bottom, above the input bar.
///
/// Invariants (checked by `invariantViolations()` in the property tests, every frame):
/// - the displayed rows are exactly the rows whose frame intersects the visible rect,
///   and all of them have their measured height;
/// - each displayed row has exactly one cell; pooled cells run nothing (they keep
///   their last row's content until `prepareForReuse` at dequeue, as in UIKit);
/// - a row's players animate iff the row is displayed (so a GIF animates iff visible);
/// - willDisplay / didEndDisplaying alternate per row, once per appearance;
/// - cells created of a kind never exceed the peak number of rows of that kind shown.
///
/// **A value.** The list is its state plus a reducer, `send(_:at:)`: every input is an
/// `Action` at an instant and every effect is a returned `BubbleListEvent`, in UIKit's
/// order (cellForRow, willDisplay, didEndDisplaying, GIF player starts and stops, scroll
/// delegate moments). It holds no clock and no trace and runs no player: the host
/// (`BubbleListHost`, ChatScreen) records the events and performs the player starts and
/// stops they name (`BubblePlayers`). Scrolling needs display-link frames while
/// `needsFrames` (a `.tick` each); nothing else is timed.
///
/// Only rows that become visible are ever laid out.
/// - Complexity: A frame is O(*v* log *n*) for *v* visible rows over *n* messages (binary
///   searches over the Fenwick prefix sums).
public struct BubbleList {
    /// The list's fixed parameters: geometry, estimates, tolerances and cache budget.
    public struct Configuration: Sendable {
        /// The bubble geometry rows are laid out with.
        public var metrics = BubbleMetrics()
        /// Height assumed for rows not laid out yet.
        public var estimatedRowHeight: Double = 40
        /// Space above the first row and below the last.
        public var contentInsets = Insets(top: 16, left: 0, bottom: 0, right: 0)
        /// The list counts as "at the bottom" within this distance of the end.
        public var atBottomTolerance: Double = 4
        /// The "new messages" pill: height and distance from the list's bottom.
        public var markerSize = Size(width: 160, height: 32)
        /// The pill's distance above the list's bottom edge.
        public var markerBottomMargin: Double = 12
        /// How much the layout cache keeps between actions, in laid-out elements (about a
        /// character each; see `BubbleLayoutCache`): past it, the layouts of rows
        /// farthest from the viewport are dropped (their heights stay, as numbers). The
        /// displayed rows' layouts are always kept. 32,768 elements are a few megabytes:
        /// hundreds of short messages, or three of 10,000 characters.
        public var layoutCacheBudget: Int = 32_768
        /// The default configuration (the values above).
        public init() {}
    }

    /// Lays out a message for a list width. Called once per (message, width); must be
    /// a pure function of its arguments (the list caches its results).
    public typealias LayoutProvider = (Message, Double) -> BubbleLayout
    /// Whether an animated emoji gets a player (its image can play); a pure function.
    public typealias Playable = (BubbleLayout.AnimatedItem) -> Bool

    /// Every input of the list, at the instant given to `send(_:at:)`.
    public enum Action {
        /// A message at the end (a send or a receive): see `append`.
        case append(Message)
        /// `reloadRows(at:with: .none)` for the message with that id.
        case reload(Message)
        /// The visible height changes (keyboard frames, the input bar growing).
        case setViewportHeight(Double)
        /// The list's width changes (rotation, split view).
        case setWidth(Double)
        /// A pan of the list's recognizer, in finger coordinates (y down).
        case pan(GestureUpdate)
        /// A finger touched the list / lifted without dragging.
        case touchDown, touchUp
        /// A display-link frame.
        case tick
        /// Scroll so the visible bottom is that far above the content's bottom.
        case setDistanceFromBottom(Double, animated: Bool)
        /// UIKit's `setContentOffset(_:animated:)`, top-based.
        case setContentOffset(Double, animated: Bool)
        /// Scroll to the bottom (distance 0), animated or at once.
        case scrollToBottom(animated: Bool)
        /// The owner purged the shared frame cache (recorded as an event).
        case memoryWarning(purgedBytes: Int)
        /// Dismisses the "new messages" marker.
        case clearMarker
    }

    /// The configuration the list was made with.
    public let configuration: Configuration
    /// Every message, oldest first; row `i` shows `messages[i]`.
    public private(set) var messages: [Message] = []
    /// Each row's height (measured or estimated) and their prefix sums.
    public private(set) var rowHeights: RowHeights
    /// The list's width in points; rows are laid out for it.
    public private(set) var width: Double
    /// The visible height in points (the list above the input bar).
    public private(set) var viewportHeight: Double
    /// The scroll view, on an inverted axis: `contentOffset.y` is the distance from the bottom.
    public private(set) var scroll: ScrollModel.State
    /// Rows currently displayed (willDisplay sent, didEndDisplaying not yet).
    public private(set) var displayedRows: Range<Int> = 0..<0
    /// Received messages that arrived while the list was not at the bottom.
    public private(set) var newMessagesCount = 0
    /// Number of layouts computed (cache misses): what "lays out only what is needed" counts.
    public private(set) var layoutCount = 0
    /// Peak number of displayed rows per reuse identifier: the bound on cells created.
    public private(set) var peakDisplayed: [CellReuseIdentifier: Int] = [:]
    /// Row appearances so far (willDisplay count).
    public private(set) var appearanceCount = 0
    /// The cells waiting for reuse, with the created and reused counts.
    public private(set) var pool = CellReusePool()

    private var layoutProvider: LayoutProvider
    private var playable: Playable
    /// The instant of the action being reduced (the scroll model's time).
    private var now: SimInstant = .zero
    /// The events of the action being reduced; `send` returns and empties it.
    private var pending: [BubbleListEvent] = []
    private var layoutCache: BubbleLayoutCache
    private var cells: [BubbleCell] = []          // parallel to displayedRows
    private var indexByID: [Message.ID: Int] = [:]

    typealias LayoutKey = BubbleLayoutCache.Key

    /// A list opened at the bottom at `now`, laying out only the rows it shows. The
    /// events of that first pass (cells created, willDisplay, players started) are in
    /// `openingEvents`, for the host to record and perform.
    ///
    /// - Parameters:
    ///   - messages: The conversation, oldest first.
    ///   - width: The list's width in points.
    ///   - viewportHeight: The visible height (negative values count as 0).
    ///   - configuration: The list's parameters.
    ///   - now: The instant the list opens.
    ///   - layout: Lays out a message for a width; must be pure (results are cached).
    ///   - playable: Whether an animated emoji gets a player.
    /// - Complexity: O(*n*) in the messages, plus laying out the rows shown.
    public init(messages: [Message] = [], width: Double, viewportHeight: Double,
                configuration: Configuration = Configuration(), at now: SimInstant = .zero,
                layout: @escaping LayoutProvider,
                playable: @escaping Playable = { _ in true }) {
        self.configuration = configuration
        self.now = now
        self.width = width
        self.viewportHeight = max(0, viewportHeight)
        self.layoutProvider = layout
        self.playable = playable
        self.messages = messages
        self.rowHeights = RowHeights(count: messages.count, estimatedHeight: configuration.estimatedRowHeight)
        self.layoutCache = BubbleLayoutCache(budget: configuration.layoutCacheBudget)
        for (i, m) in messages.enumerated() { indexByID[m.id] = i }
        let insets = configuration.contentInsets
        var s = ScrollModel.State(viewportSize: Size(width: width, height: self.viewportHeight),
                            contentSize: Size(width: width, height: insets.vertical + rowHeights.total),
                            contentOffset: .zero, axes: .vertical)
        s.alwaysBounceVertical = true
        self.scroll = s
        layoutPass()   // opens at the bottom, laying out only the rows it shows
        trimLayoutCache()
        openingEvents = pending
        pending = []
    }

    /// What the opening layout pass did (see `init`).
    public private(set) var openingEvents: [BubbleListEvent] = []

    /// The reducer: applies `action` at `now` and returns what happened, in order. Pure
    /// apart from the layout provider it calls (itself pure): no clock, no trace, no
    /// player runs.
    ///
    /// - Parameters:
    ///   - action: The input.
    ///   - now: Its instant, not before the last action's.
    /// - Returns: The events in UIKit's order, for the host to record and perform.
    /// - Complexity: O(*v* log *n*) for *v* rows shown, plus the rows laid out.
    public mutating func send(_ action: Action, at now: SimInstant) -> [BubbleListEvent] {
        self.now = now
        pending = []
        switch action {
        case let .append(m): append(m)
        case let .reload(m): reload(m)
        case let .setViewportHeight(h): setViewportHeight(h)
        case let .setWidth(w): setWidth(w)
        case let .pan(u): apply(u)
        case .touchDown: handle(scrolled(.touchDown))
        case .touchUp: handle(scrolled(.touchUp))
        case .tick: handle(scrolled(.tick))
        case let .setDistanceFromBottom(d, animated): setDistanceFromBottom(d, animated: animated)
        case let .setContentOffset(y, animated): setDistanceFromBottom(contentHeight - viewportHeight - y, animated: animated)
        case let .scrollToBottom(animated):
            setDistanceFromBottom(0, animated: animated)
            if !animated { clearMarker() }
        case let .memoryWarning(bytes): emit(.memoryWarning(purgedBytes: bytes))
        case .clearMarker: clearMarker()
        }
        trimLayoutCache()
        defer { pending = [] }
        return pending
    }

    /// Whether the host must keep sending `.tick` at display-link frames: a drag,
    /// deceleration, bounce or animated scroll runs.
    public var needsFrames: Bool { !isSettled }

    // MARK: geometry

    /// The number of rows (messages).
    public var count: Int { messages.count }
    /// The content's height: every row's height plus the content insets.
    public var contentHeight: Double { configuration.contentInsets.vertical + rowHeights.total }
    /// How far the visible rect's bottom is above the content's bottom (0: at the bottom).
    public var distanceFromBottom: Double { scroll.contentOffset.y + pendingBottom }
    /// Height of rows received below while the scroll model was moving. They sit in the
    /// model's inset beyond its bottom edge (`contentInset.top` on the inverted axis), so
    /// the running fling or animation goes on undisturbed and nothing on screen moves;
    /// the inset is folded into the offset as soon as the model is idle.
    public private(set) var pendingBottom: Double = 0
    /// The largest distance from the bottom (the top of the content).
    public var maxDistanceFromBottom: Double { max(0, contentHeight - viewportHeight) }
    /// UIKit's contentOffset.y: the visible rect's top in content coordinates.
    public var contentOffset: Double { contentHeight - viewportHeight - distanceFromBottom }
    /// The visible part of the content, in content coordinates (top-based).
    public var visibleRect: Rect { Rect(x: 0, y: contentOffset, width: width, height: viewportHeight) }
    /// Whether the list is at the bottom, within `Configuration.atBottomTolerance`.
    public var isAtBottom: Bool { distanceFromBottom <= configuration.atBottomTolerance }
    /// At the bottom, or coming to rest there (an animated scroll to the bottom still
    /// running): a message received during that animation must follow the bottom too.
    public var isAtOrHeadingToBottom: Bool {
        if isAtBottom { return true }
        guard !scroll.isDragging, let target = scroll.targetContentOffset else { return false }
        return target.y + pendingBottom <= configuration.atBottomTolerance
    }
    /// No drag, deceleration, bounce or animated scroll in progress.
    public var isSettled: Bool { scroll.state == .idle }

    /// Top of a row in content coordinates (its height may still be an estimate).
    ///
    /// - Parameter row: A row in `0...count`.
    /// - Returns: The y in content coordinates.
    /// - Complexity: O(log *n*).
    public func rowTop(_ row: Int) -> Double { configuration.contentInsets.top + rowHeights.offset(ofRow: row) }
    /// A row's frame in content coordinates, the list's full width.
    ///
    /// - Parameter row: A row in `0..<count`.
    /// - Returns: The frame (its height may still be an estimate).
    /// - Complexity: O(log *n*).
    public func rowFrame(_ row: Int) -> Rect {
        Rect(x: 0, y: rowTop(row), width: width, height: rowHeights.height(ofRow: row))
    }
    /// A row's frame in the list's own coordinates (0 = the visible rect's top).
    ///
    /// - Parameter row: A row in `0..<count`.
    /// - Returns: The frame; off the viewport for a row not in view.
    /// - Complexity: O(log *n*).
    public func rowFrameInViewport(_ row: Int) -> Rect { rowFrame(row).offsetBy(dx: 0, dy: -contentOffset) }

    /// Rows whose frames intersect [top, top + height), by binary search.
    ///
    /// - Parameters:
    ///   - top: The band's top in content coordinates.
    ///   - height: The band's height.
    /// - Returns: The rows, possibly empty.
    /// - Complexity: O(log *n*).
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
        while lo <= last && rowHeights.height(ofRow: lo) == 0 { lo += 1 }
        return lo..<(last + 1)
    }

    /// The rows that intersect the visible rect now (the displayed rows after a layout pass).
    /// - Complexity: O(log *n*).
    public var visibleRows: Range<Int> { rowsIntersecting(top: contentOffset, height: viewportHeight) }

    /// The layout of a row at the current width: the cached one (every displayed row
    /// has one), else computed without caching (a query never changes the list).
    ///
    /// - Parameter row: A row in `0..<count`.
    /// - Returns: The layout.
    /// - Complexity: O(1) when cached, else a layout: O(*k*) in the message's length.
    public func layout(ofRow row: Int) -> BubbleLayout {
        let m = messages[row]
        return layoutCache.layout(LayoutKey(id: m.id, width: width)) ?? layoutProvider(m, width)
    }

    /// Whether the cache holds a row's layout at the current width (its height is kept
    /// either way once measured). Rows far from the viewport hold none once the cache is
    /// past `Configuration.layoutCacheBudget`.
    ///
    /// - Parameter row: A row in `0..<count`.
    /// - Returns: Whether a layout is cached.
    public func hasCachedLayout(ofRow row: Int) -> Bool {
        layoutCache.layout(LayoutKey(id: messages[row].id, width: width)) != nil
    }

    /// Layouts the cache holds (all widths) and their cost in elements, at most
    /// `Configuration.layoutCacheBudget` between actions beside the displayed rows'.
    public var cachedLayoutCount: Int { layoutCache.count }
    /// The cached layouts' total cost in laid-out elements (see `cachedLayoutCount`).
    public var cachedLayoutCost: Int { layoutCache.totalCost }

    /// The layout of a row, laying it out and caching it if needed (again after the
    /// cache dropped it: the provider is pure, so it is the same layout).
    private mutating func cachedLayout(ofRow row: Int) -> BubbleLayout {
        let m = messages[row]
        let key = LayoutKey(id: m.id, width: width)
        if let l = layoutCache.layout(key) { return l }
        let l = layoutProvider(m, width)
        layoutCache.insert(l, for: key, row: row)
        layoutCount += 1
        return l
    }

    /// Between actions: the cache back within its budget, keeping the displayed rows'.
    private mutating func trimLayoutCache() {
        guard layoutCache.totalCost > layoutCache.budget else { return }   // every frame: O(1)
        layoutCache.trim(displayed: displayedRows, anchor: max(0, count - 1), width: width)
    }

    /// The displayed cell for a row, if it is displayed.
    ///
    /// - Parameter row: Any row.
    /// - Returns: The cell, or `nil` when the row is not displayed.
    public func cell(forRow row: Int) -> BubbleCell? {
        displayedRows.contains(row) ? cells[row - displayedRows.lowerBound] : nil
    }
    /// The displayed rows' cells, top to bottom (parallel to `displayedRows`).
    public var displayedCells: [BubbleCell] { cells }
    /// The row of a message.
    ///
    /// - Parameter id: A message's identity.
    /// - Returns: Its row, or `nil` for an unknown id.
    public func row(of id: Message.ID) -> Int? { indexByID[id] }
    /// The newest message, if any.
    public var lastMessage: Message? { messages.last }

    /// Players that run now: one per playable animated emoji of each displayed row
    /// (the host starts them at `playerStarted` and stops them at `playerStopped`).
    public var animatingPlayerCount: Int { cells.reduce(0) { $0 + $1.playerItems.count } }

    // MARK: scrolling

    /// A pan of the list's recognizer (finger coordinates, y down). The axis is
    /// inverted for the model: a finger moving down moves away from the bottom.
    private mutating func apply(_ update: GestureUpdate) {
        var u = update
        u.translation = Point(x: 0, y: -update.translation.y)
        u.velocity = Point(x: 0, y: -update.velocity.y)
        handle(scrolled(.pan(u)))
    }

    /// Scrolls so the visible rect's bottom is `d` above the content's bottom.
    private mutating func setDistanceFromBottom(_ d: Double, animated: Bool) {
        handle(scrolled(.setContentOffset(Point(x: 0, y: d - pendingBottom), animated: animated)))
    }

    // MARK: content and geometry changes

    /// Appends a message (a send or a receive). A sent message, or a received one while
    /// at the bottom, scrolls to the bottom animated (returns true); otherwise the view
    /// does not move and the "new messages" marker counts it. The new row is laid out
    /// at once: its height is what keeps the view still.
    @discardableResult
    private mutating func append(_ message: Message) -> Bool {
        let wasAtBottom = isAtOrHeadingToBottom
        indexByID[message.id] = messages.count
        messages.append(message)
        let h = cachedLayout(ofRow: messages.count - 1).rowHeight
        let d = distanceFromBottom
        rowHeights.append(height: h)
        let follows = message.sender == .me || wasAtBottom
        // Everything above the new row moved up by h in bottom coordinates: follow it
        // so nothing on screen moves in this frame.
        if !follows && scroll.state != .idle && d > 0 {
            // A fling, bounce or drag is running: put the new row in the model's inset
            // below its bottom edge (the model's content size stays the same), so the
            // motion continues from where it is.
            pendingBottom += h
            handle(scrolled(.setContentInset(Insets(top: pendingBottom, left: 0, bottom: 0, right: 0))))
        } else if maxDistanceFromBottom > 0 {
            syncScrollGeometry()
            handle(scrolled(.setContentOffset(Point(x: 0, y: min(d + h, maxDistanceFromBottom) - pendingBottom),
                                              animated: false)))
        } else {
            syncScrollGeometry()
            layoutPass()
        }
        if follows {
            clearMarker()
            setDistanceFromBottom(0, animated: true)
            return true
        }
        newMessagesCount += 1
        emit(.newMessagesMarker(count: newMessagesCount))
        return false
    }

    /// `reloadRows(at:with: .none)` for the message with `message.id`: its text or
    /// sender changed (an edit, a recall). Returns false for an unknown id.
    ///
    /// A displayed row gets a new cell, in UIKit's order: the new cell is dequeued and
    /// configured (cellForRow; the old cell is still on screen, so it is never the one
    /// reused), `willDisplay` for it and its players start, then the old cell's players
    /// stop and `didEndDisplaying` for it, and the old cell goes to the pool. Players are
    /// keyed by cell, so stopping the old cell never stops the new one. A row that is
    /// not displayed only gets its height re-measured (if it was measured). The list
    /// keeps its distance from the bottom (a visible row that grows pushes the rows
    /// above it up, as in a bottom-anchored chat), except for a row entirely below the
    /// visible rect, whose change would otherwise move what is on screen (that stops a
    /// running scroll motion, as setting contentOffset does in UIKit).
    /// O(widths + log n) plus the rows that come into view.
    @discardableResult
    private mutating func reload(_ message: Message) -> Bool {
        guard let row = indexByID[message.id] else { return false }
        foldPendingBottom()
        messages[row] = message
        layoutCache.invalidate(message.id)
        let d = distanceFromBottom
        let wasBelow = rowTop(row) >= contentOffset + viewportHeight
        if let i = displayedRows.contains(row) ? row - displayedRows.lowerBound : nil {
            let kind = cachedLayout(ofRow: row).reuseIdentifier
            notePeak(extra: kind)
            let fresh = display(row, at: now)
            var old = cells[i]
            cells[i] = fresh
            endDisplaying(&old, row: row, at: now)
        }
        var delta = 0.0
        if rowHeights.isMeasured(row) || displayedRows.contains(row) {
            delta = rowHeights.setHeight(cachedLayout(ofRow: row).rowHeight, ofRow: row)
        }
        guard delta != 0 else { return true }
        syncScrollGeometry()
        // Same distance from the bottom: nothing to tell the model (a running fling goes
        // on). A row below the visible rect moves the visible rows' distance instead.
        let events = wasBelow
            ? scrolled(.setContentOffset(Point(x: 0, y: min(max(0, d + delta), maxDistanceFromBottom) - pendingBottom),
                                         animated: false))
            : []
        handle(events)
        return true
    }

    /// The visible height changes (the keyboard's frame at an animation frame, or the
    /// input bar growing). The distance from the bottom is kept (clamped into the new
    /// range), so the content at the list's bottom edge stays put: see `KeyboardAvoidance`.
    private mutating func setViewportHeight(_ h: Double) {
        let newHeight = max(0, h)
        guard newHeight != viewportHeight else { return }
        viewportHeight = newHeight
        handle(scrolled(.setViewportSize(Size(width: width, height: newHeight))))
    }

    /// Width change (rotation, split view): heights are re-measured for the new width
    /// (from the per-width cache where possible) and the top visible message keeps its
    /// place: the same fraction of it stays at the top of the viewport. At the bottom,
    /// the list stays at the bottom.
    private mutating func setWidth(_ w: Double) {
        guard w != width, w > 0 else { return }
        foldPendingBottom()
        let wasAtBottom = isAtBottom
        let anchor = displayedRows.first.map { row -> (Int, Double) in
            let h = rowHeights.height(ofRow: row)
            return (row, h > 0 ? (contentOffset - rowTop(row)) / h : 0)
        }
        width = w
        rowHeights.reset { [layoutCache, messages] r in layoutCache.height(LayoutKey(id: messages[r].id, width: w)) }
        for i in cells.indices {
            let row = displayedRows.lowerBound + i
            let l = cachedLayout(ofRow: row)
            rowHeights.setHeight(l.rowHeight, ofRow: row)
            cells[i].relayout(l)
        }
        var anchorTop: Double? = nil
        if !wasAtBottom, let (row, fraction) = anchor {
            // Lay out from the anchor down until the viewport is full, then place the
            // anchor: the distance from the bottom only depends on rows at or below it.
            let top = rowTop(row) + fraction * rowHeights.height(ofRow: row)
            var r = row
            while r < count && rowTop(r) < top + viewportHeight {
                if !rowHeights.isMeasured(r) { rowHeights.setHeight(cachedLayout(ofRow: r).rowHeight, ofRow: r) }
                r += 1
            }
            anchorTop = rowTop(row) + fraction * rowHeights.height(ofRow: row)
            emit(.widthChanged(anchorRow: row))
        } else {
            emit(.widthChanged(anchorRow: max(0, count - 1)))
        }
        // Geometry and offset change together, then one layout pass.
        var evs = scrolled(.setViewportSize(Size(width: w, height: viewportHeight)))
        evs += scrolled(.setContentSize(Size(width: w, height: contentHeight)))
        let target = anchorTop.map { contentHeight - viewportHeight - $0 } ?? 0
        evs += scrolled(.setContentOffset(Point(x: 0, y: min(max(0, target), maxDistanceFromBottom)), animated: false))
        handle(evs)
    }

    /// Dismisses the marker (the user reached the bottom or tapped it).
    private mutating func clearMarker() {
        guard newMessagesCount > 0 else { return }
        newMessagesCount = 0
        emit(.newMessagesMarker(count: 0))
    }

    /// The marker's frame in list coordinates, when it shows.
    public var markerFrame: Rect? {
        guard newMessagesCount > 0 else { return nil }
        let s = configuration.markerSize
        return Rect(x: ((width - s.width) / 2).rounded(.down), y: viewportHeight - configuration.markerBottomMargin - s.height,
                    width: s.width, height: s.height)
    }

    // MARK: the layout pass

    /// Scroll events happened: lay out, then report them in UIKit's coordinates.
    private mutating func handle(_ scrollEvents: [ScrollEvent]) {
        layoutPass()
        for e in scrollEvents { emit(.scroll(topBased(e))) }
        if pendingBottom > 0 && scroll.state == .idle { foldPendingBottom() }
        if isAtBottom && newMessagesCount > 0 && !scroll.isDragging { clearMarker() }
    }

    /// Moves the pending rows from the model's inset into its content, keeping the
    /// position: nothing moves on screen, so no event is reported. Stops a running
    /// motion, which is why it waits for the model to be idle (or a width change).
    private mutating func foldPendingBottom() {
        guard pendingBottom > 0 else { return }
        let d = distanceFromBottom
        pendingBottom = 0
        _ = scrolled(.setContentSize(Size(width: width, height: contentHeight)))
        _ = scrolled(.setContentOffset(Point(x: 0, y: d), animated: false))
        _ = scrolled(.setContentInset(.zero))
        layoutPass()
    }

    private func topBased(_ e: ScrollEvent) -> ScrollEvent {
        let flip = { (d: Double) in self.contentHeight - self.viewportHeight - d - self.pendingBottom }
        switch e {
        case .didScroll(let p): return .didScroll(Point(x: p.x, y: flip(p.y)))
        case let .willEndDragging(v, proposed, target):
            return .willEndDragging(velocity: Point(x: v.x, y: -v.y),
                                    proposedTarget: Point(x: proposed.x, y: flip(proposed.y)),
                                    target: Point(x: target.x, y: flip(target.y)))
        default: return e
        }
    }

    private mutating func layoutPass() {
        measureVisibleFromBottom()
        syncScrollGeometry()
        updateDisplayedRows(visibleRows)
    }

    /// Lays out the rows in view, walking up from the row at the viewport's bottom edge.
    /// A row's bottom (in bottom coordinates) depends only on the rows below it, so each
    /// measurement only moves what is above it: exactly the visible rows get laid out.
    private mutating func measureVisibleFromBottom() {
        guard count > 0, viewportHeight > 0 else { return }
        let inset = configuration.contentInsets.top
        let bottomEdge = contentOffset + viewportHeight
        guard bottomEdge > inset, var r = rowHeights.row(containing: bottomEdge - inset) else { return }
        if r > 0 && rowTop(r) >= bottomEdge { r -= 1 }
        // Measuring row r moves the content's top (and every row top) by the same
        // delta, so a row's distance below the visible top is unchanged by it: track
        // the bottom of row r relative to the visible top, one subtraction a row.
        var bottomBelowTop = rowTop(r) + rowHeights.height(ofRow: r) - contentOffset
        while r >= 0 {
            if !rowHeights.isMeasured(r) { rowHeights.setHeight(cachedLayout(ofRow: r).rowHeight, ofRow: r) }
            let topBelowTop = bottomBelowTop - rowHeights.height(ofRow: r)
            if topBelowTop <= 0 { break }
            bottomBelowTop = topBelowTop
            r -= 1
        }
    }

    /// Tells the scroll model the content's height after measurements (a running
    /// deceleration is re-planned from where it is, not stopped).
    private mutating func syncScrollGeometry() {
        let size = Size(width: width, height: contentHeight - pendingBottom)
        guard scroll.contentSize != size else { return }
        let evs = scrolled(.setContentSize(size))
        for e in evs { emit(.scroll(topBased(e))) }
        if !evs.isEmpty { measureVisibleFromBottom() }
    }

    private mutating func updateDisplayedRows(_ new: Range<Int>) {
        let old = displayedRows
        guard new != old else { return }
        // 1. Rows that left, ascending: players stop, didEndDisplaying, the cell goes to
        //    the pool (so a row entering in the same pass can reuse it; it is prepared
        //    for reuse only when dequeued).
        var kept: [BubbleCell] = []
        for (i, row) in old.enumerated() {
            var cell = cells[i]
            if new.contains(row) { kept.append(cell); continue }
            endDisplaying(&cell, row: row, at: now)
        }
        // 2. Rows that entered, in the order they come into view: above the kept rows
        //    nearest first, below them ascending (all ascending after a jump).
        let keptRange = old.clamped(to: new)
        var order: [Int]
        if keptRange.isEmpty {
            order = Array(new)
        } else {
            order = Array((new.lowerBound..<keptRange.lowerBound).reversed())
            order += Array(keptRange.upperBound..<new.upperBound)
        }
        var fresh: [Int: BubbleCell] = [:]
        for row in order { fresh[row] = display(row, at: now) }
        var all: [BubbleCell] = []
        all.reserveCapacity(new.count)
        for row in new { all.append(fresh[row] ?? kept[row - keptRange.lowerBound]) }
        cells = all
        displayedRows = new
        notePeak(extra: nil)
    }

    /// Records the peak number of cells per kind on screen, counting `extra` (a cell
    /// configured for a reload while the one it replaces is still displayed).
    private mutating func notePeak(extra: CellReuseIdentifier?) {
        var perKind: [CellReuseIdentifier: Int] = [:]
        for c in cells { perKind[c.reuseIdentifier, default: 0] += 1 }
        if let extra { perKind[extra, default: 0] += 1 }
        for (k, n) in perKind where n > peakDisplayed[k, default: 0] { peakDisplayed[k] = n }
    }

    /// didEndDisplaying for a cell leaving `row`: its players stop first (keyed by the
    /// cell, so another cell showing the same row keeps playing), then the cell goes to
    /// the pool with its content (cleared when dequeued).
    private mutating func endDisplaying(_ cell: inout BubbleCell, row: Int, at now: SimInstant) {
        for (slot, item) in cell.playerItems.enumerated() {
            emit(.playerStopped(row: row, code: item.code, cell: cell.serial, slot: slot, item: item))
        }
        emit(.didEndDisplaying(row: row, message: messages[row].id))
        pool.enqueue(cell)
    }

    private mutating func display(_ row: Int, at now: SimInstant) -> BubbleCell {
        let l = cachedLayout(ofRow: row)
        let (dequeued, reused) = pool.dequeue(l.reuseIdentifier)
        var cell = dequeued
        emit(reused ? .cellReused(l.reuseIdentifier, serial: cell.serial, row: row)
                    : .cellCreated(l.reuseIdentifier, serial: cell.serial, row: row))
        cell.configure(row: row, message: messages[row], layout: l, playable: playable)
        emit(.willDisplay(row: row, message: messages[row].id))
        appearanceCount += 1
        for (slot, item) in cell.playerItems.enumerated() {
            emit(.playerStarted(row: row, code: item.code, cell: cell.serial, slot: slot, item: item))
        }
        return cell
    }

    private mutating func emit(_ e: BubbleListEvent) { pending.append(e) }

    /// One scroll-view action at the instant being reduced.
    private mutating func scrolled(_ action: ScrollModel.Action) -> [ScrollEvent] {
        ScrollModel().reduce(into: &scroll, action, at: now)
    }

    // MARK: invariants

    /// Every broken invariant, described; empty when all hold.
    /// - Complexity: O(*v* + *pool*) for *v* displayed rows and the reuse pool's cells,
    ///   plus O(log *n*) over *n* messages.
    public func invariantViolations() -> [String] {
        var out: [String] = []
        let vis = visibleRows
        if vis != displayedRows {
            // Ranges spelled out: Embedded Swift cannot print a Range.
            out.append("displayed \(displayedRows.lowerBound)..<\(displayedRows.upperBound) != visible \(vis.lowerBound)..<\(vis.upperBound)")
        }
        if cells.count != displayedRows.count { out.append("cells \(cells.count) for \(displayedRows.count) rows") }
        if scroll.contentSize.height != contentHeight - pendingBottom || scroll.contentInset.top != pendingBottom {
            out.append("scroll content \(scroll.contentSize.height) + inset \(scroll.contentInset.top) != \(contentHeight)")
        }
        var serials = Set<Int>()
        for (i, c) in cells.enumerated() {
            let row = displayedRows.lowerBound + i
            if c.row != row { out.append("cell \(c.serial) thinks row \(c.row.map { "\($0)" } ?? "nil"), shows \(row)") }
            if c.messageID != messages[row].id { out.append("cell \(c.serial) shows a stale message at row \(row)") }
            if !serials.insert(c.serial).inserted { out.append("cell \(c.serial) displayed twice") }
            if c.playerItems.count > (c.layout?.animatedItems.count ?? 0) {
                out.append("row \(row) has players that do not match its animated emoji")
            }
            if c.layout?.reuseIdentifier != c.reuseIdentifier { out.append("cell \(c.serial) has the wrong kind for row \(row)") }
            if !rowHeights.isMeasured(row) { out.append("row \(row) displayed with an estimated height") }
        }
        for id in CellReuseIdentifier.allCases {
            for c in pool.pooled(id) {
                if !serials.insert(c.serial).inserted { out.append("cell \(c.serial) both pooled and displayed") }
            }
            let created = pool.createdByIdentifier[id, default: 0]
            if created > peakDisplayed[id, default: 0] {
                out.append("\(created) \(id.rawValue) cells created for a peak of \(peakDisplayed[id, default: 0]) rows")
            }
        }
        return out
    }
}
