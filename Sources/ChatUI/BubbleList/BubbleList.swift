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
/// Invariants (checked by `invariantViolations(_:at:)` in the property tests, every frame):
/// - the displayed rows are exactly the rows whose frame intersects the visible rect,
///   and all of them have their measured height;
/// - each displayed row has exactly one cell; pooled cells run nothing (they keep
///   their last row's content until `prepareForReuse` at dequeue, as in UIKit);
/// - a row's players animate iff the row is displayed (so a GIF animates iff visible);
/// - willDisplay / didEndDisplaying alternate per row, once per appearance;
/// - cells created of a kind never exceed the peak number of rows of that kind shown.
///
/// **A reducer.** Everything the list remembers is its `State` (messages, heights,
/// scroll view, cells, pool, the layout cache); this value holds only its dependencies:
/// the layout provider, which emoji can play, and the GIF players (`BubbleListPlayers`)
/// the host performs the player events with. Every input is an `Action` at an instant
/// and every effect is a returned `BubbleListEvent`, in UIKit's order (cellForRow,
/// willDisplay, didEndDisplaying, GIF player starts and stops, scroll delegate moments).
/// A `Host` (or ChatScreen) records each event in its trace, starts and stops players
/// through `perform(_:in:at:)` and advances them once a frame (`performFrame(in:at:)`).
/// Frames (a `.tick` each) are needed while the scroll view moves or GIFs play; nothing
/// else is timed.
///
///     let list = BubbleList(layout: engine.layout, players: BubbleListPlayers(factory: f))
///     let opened = list.open(messages: messages, width: 375, viewportHeight: 600)
///     let host = Host(list, state: opened.state, events: opened.events, clock: clock)
///     host.send(.append(message))
///
/// Only rows that become visible are ever laid out.
/// - Complexity: A frame is O(*v* log *n*) for *v* visible rows over *n* messages (binary
///   searches over the Fenwick prefix sums).
public struct BubbleList: Reducer {
    /// The list's fixed parameters: geometry, estimates, tolerances and cache budget.
    public struct Configuration: Hashable, Sendable {
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

    /// Every input of the list, at the instant given to `reduce(into:_:at:)`.
    public enum Action: Equatable {
        /// A message at the end (a send or a receive). A sent message, or a received one
        /// while at or heading to the bottom, scrolls to the bottom animated; otherwise
        /// the view does not move and the "new messages" marker counts it.
        case append(Message)
        /// `reloadRows(at:with: .none)` for the message with that id (unknown ids: nothing).
        case reload(Message)
        /// The visible height changes (keyboard frames, the input bar growing).
        case setViewportHeight(Double)
        /// The list's width changes (rotation, split view).
        case setWidth(Double)
        /// A pan of the list's recognizer, in finger coordinates (y down).
        case pan(GestureUpdate)
        /// A finger touched the list / lifted without dragging.
        case touchDown, touchUp
        /// A raw touch on the list alone (a `Tester` driving a `Host<BubbleList>`): a
        /// touch down is `touchDown`, a lift `touchUp`, moves do nothing. Pans reach the
        /// list as `pan` updates from its owner's recognizer (ChatScreen's arena).
        case touch(TouchEvent)
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

    /// The list's events (see `BubbleListEvent`).
    public typealias Event = BubbleListEvent
    /// The list refuses nothing.
    public typealias Failure = Never

    /// Lays out a message for a width (pure; results are cached in the state).
    public let layoutProvider: LayoutProvider
    /// Which animated emoji get a player slot (give the same answer as the players'
    /// factory returning non-nil, so the trace's playerStart lines match what runs).
    public let playable: Playable
    /// The GIF players the player events start and stop; nil: none run (stills are drawn).
    public let players: BubbleListPlayers?

    /// A list reducer over its dependencies.
    /// - Parameters:
    ///   - layout: lays out a message for a width; must be pure (results are cached).
    ///   - playable: whether an animated emoji gets a player.
    ///   - players: the runtime the host performs player events with (nil: none).
    public init(layout: @escaping LayoutProvider, playable: @escaping Playable = { _ in true },
                players: BubbleListPlayers? = nil) {
        layoutProvider = layout
        self.playable = playable
        self.players = players
    }

    /// A list opened at the bottom at `now`, laying out only the rows it shows, and the
    /// events of that first pass (cells created, willDisplay, players started) for the
    /// host to record and perform (`Host(_:state:events:)`).
    ///
    /// - Parameters:
    ///   - messages: The conversation, oldest first.
    ///   - width: The list's width in points.
    ///   - viewportHeight: The visible height (negative values count as 0).
    ///   - configuration: The list's parameters.
    ///   - now: The instant the list opens.
    /// - Returns: The state and the opening pass's events.
    /// - Complexity: O(*n*) in the messages, plus laying out the rows shown.
    public func open(messages: [Message] = [], width: Double, viewportHeight: Double,
                     configuration: Configuration = Configuration(), at now: SimInstant = .zero)
        -> (state: State, events: [BubbleListEvent]) {
        var state = State(messages: messages, width: width, viewportHeight: viewportHeight, configuration: configuration)
        var cx = pass(at: now)
        state.open(&cx)
        return (state, cx.events)
    }

    /// Applies `action` at `now` to `state` and returns what happened, in order. Pure
    /// apart from the layout provider it calls (itself pure): no clock, no trace, no
    /// player runs.
    ///
    /// - Parameters:
    ///   - state: The list's state.
    ///   - action: The input.
    ///   - now: Its instant, not before the last action's.
    /// - Returns: The events in UIKit's order, for the host to record and perform.
    /// - Complexity: O(*v* log *n*) for *v* rows shown, plus the rows laid out.
    public func reduce(into state: inout State, _ action: Action, at now: SimInstant) -> [BubbleListEvent] {
        var cx = pass(at: now)
        state.apply(action, &cx)
        return cx.events
    }

    private func pass(at now: SimInstant) -> Pass { Pass(layout: layoutProvider, playable: playable, now: now) }

    /// No timers: the list only moves at frames.
    @inlinable
    public func nextDeadline(_ state: State) -> SimInstant? { nil }

    /// While the scroll view moves (a drag, deceleration, bounce or animated scroll) or a
    /// displayed row has a GIF player to advance.
    @inlinable
    public func needsFrames(_ state: State, at now: SimInstant) -> Bool {
        !state.isSettled || state.animatingPlayerCount > 0
    }

    /// The scroll view's motion, as a phrase (playing GIFs loop forever: not motion).
    public func motion(_ state: State, at now: SimInstant) -> [String] {
        switch state.scroll.state {
        case .idle, .dragging: return []
        case .decelerating: return ["the list decelerates"]
        case .bouncing: return ["the list bounces back"]
        case .animating: return ["the list scrolls (animated)"]
        }
    }

    /// Each event as a line of source `list`, its name and fields (the one place a list
    /// event becomes a line).
    @inlinable
    public func trace(_ event: BubbleListEvent, at now: SimInstant) -> TraceEvent? {
        TraceEvent(time: now, source: "list", name: event.name, fields: event.fields.map { .init($0.0, $0.1) })
    }

    /// Starts and stops the GIF players the event names.
    @inlinable
    public func perform(_ event: BubbleListEvent, in state: State, at now: SimInstant) {
        players?.perform(event, at: now)
    }

    /// Advances the displayed rows' players to the frame's instant, in display order.
    /// - Complexity: O(*p*) in the displayed rows' player slots.
    @inlinable
    public func performFrame(in state: State, at now: SimInstant) {
        players?.tick(at: now, cells: state.displayedCells)
    }

    /// A display-link frame.
    public static var frameAction: Action? { .tick }
    /// No deadlines.
    public static var deadlineAction: Action? { nil }

    /// The layout of a row at the current width: the cached one (every displayed row
    /// has one), else computed without caching (a query never changes the list).
    ///
    /// - Parameters:
    ///   - row: A row in `0..<state.count`.
    ///   - state: The list's state.
    /// - Returns: The layout.
    /// - Complexity: O(1) when cached, else a layout: O(*k*) in the message's length.
    public func layout(ofRow row: Int, in state: State) -> BubbleLayout {
        state.storedLayout(ofRow: row) ?? layoutProvider(state.messages[row], state.width)
    }

    /// The list's invariants and the players' (they run exactly for the displayed slots).
    ///
    /// - Parameter state: The list's state.
    /// - Returns: One message per broken invariant; empty when all hold.
    /// - Complexity: O(*v* log *v*) in the displayed rows and players.
    public func invariantViolations(_ state: State) -> [String] {
        state.invariantViolations() + (players?.violations(displayed: state.displayedCells) ?? [])
    }

    /// Everything the list remembers: messages, row heights, scroll view, displayed
    /// cells, pool, marker and the layout cache (with every height it measured, which a
    /// width change restores: state, not a disposable memo). Equal states answer, draw
    /// and react identically.
    public struct State: Equatable {
        /// The configuration the list was opened with.
        public let configuration: Configuration
        /// Every message, oldest first; row `i` shows `messages[i]`.
        public internal(set) var messages: [Message]
        /// Each row's height (measured or estimated) and their prefix sums.
        public internal(set) var rowHeights: RowHeights
        /// The list's width in points; rows are laid out for it.
        public internal(set) var width: Double
        /// The visible height in points (the list above the input bar).
        public internal(set) var viewportHeight: Double
        /// The scroll view, on an inverted axis: `contentOffset.y` is the distance from the bottom.
        public internal(set) var scroll: ScrollModel.State
        /// Rows currently displayed (willDisplay sent, didEndDisplaying not yet).
        public internal(set) var displayedRows: Range<Int> = 0..<0
        /// Received messages that arrived while the list was not at the bottom.
        public internal(set) var newMessagesCount = 0
        /// Number of layouts computed (cache misses): what "lays out only what is needed" counts.
        public internal(set) var layoutCount = 0
        /// Peak number of displayed rows per reuse identifier: the bound on cells created.
        public internal(set) var peakDisplayed: [CellReuseIdentifier: Int] = [:]
        /// Row appearances so far (willDisplay count).
        public internal(set) var appearanceCount = 0
        /// The cells waiting for reuse, with the created and reused counts.
        public internal(set) var pool = CellReusePool()
        /// Height of rows received below while the scroll model was moving. They sit in the
        /// model's inset beyond its bottom edge (`contentInset.top` on the inverted axis), so
        /// the running fling or animation goes on undisturbed and nothing on screen moves;
        /// the inset is folded into the offset as soon as the model is idle.
        public internal(set) var pendingBottom: Double = 0
        var layoutCache: BubbleLayoutCache
        @usableFromInline var cells: [BubbleCell] = []          // parallel to displayedRows
        var indexByID: [Message.ID: Int] = [:]

        typealias LayoutKey = BubbleLayoutCache.Key

        /// Nothing laid out or displayed yet: `open` runs the first layout pass.
        fileprivate init(messages: [Message], width: Double, viewportHeight: Double, configuration: Configuration) {
            self.configuration = configuration
            self.width = width
            self.viewportHeight = max(0, viewportHeight)
            self.messages = messages
            rowHeights = RowHeights(count: messages.count, estimatedHeight: configuration.estimatedRowHeight)
            layoutCache = BubbleLayoutCache(budget: configuration.layoutCacheBudget)
            for (i, m) in messages.enumerated() { indexByID[m.id] = i }
            var s = ScrollModel.State(viewportSize: Size(width: width, height: self.viewportHeight),
                                      contentSize: Size(width: width, height: configuration.contentInsets.vertical + rowHeights.total),
                                      contentOffset: .zero, axes: .vertical)
            s.alwaysBounceVertical = true
            scroll = s
        }
    }
}

/// The transition's context: the dependencies it calls, the instant it happens at and
/// the events it has produced so far. Lives for one action (never in the state).
struct Pass {
    let layout: BubbleList.LayoutProvider
    let playable: BubbleList.Playable
    let now: SimInstant
    var events: [BubbleListEvent] = []

    mutating func emit(_ e: BubbleListEvent) { events.append(e) }
}

extension BubbleList.State {
    /// The opening pass: at the bottom, laying out only the rows it shows.
    fileprivate mutating func open(_ cx: inout Pass) {
        layoutPass(&cx)
        trimLayoutCache()
    }

    /// One action, then the layout cache back within its budget.
    fileprivate mutating func apply(_ action: BubbleList.Action, _ cx: inout Pass) {
        switch action {
        case let .append(m): append(m, &cx)
        case let .reload(m): reload(m, &cx)
        case let .setViewportHeight(h): setViewportHeight(h, &cx)
        case let .setWidth(w): setWidth(w, &cx)
        case let .pan(u): apply(u, &cx)
        case .touchDown: handle(scrolled(.touchDown, cx.now), &cx)
        case .touchUp: handle(scrolled(.touchUp, cx.now), &cx)
        case let .touch(t):
            switch t.phase {
            case .began: handle(scrolled(.touchDown, cx.now), &cx)
            case .ended, .cancelled: handle(scrolled(.touchUp, cx.now), &cx)
            default: break
            }
        case .tick: handle(scrolled(.tick, cx.now), &cx)
        case let .setDistanceFromBottom(d, animated): setDistanceFromBottom(d, animated: animated, &cx)
        case let .setContentOffset(y, animated): setDistanceFromBottom(contentHeight - viewportHeight - y, animated: animated, &cx)
        case let .scrollToBottom(animated):
            setDistanceFromBottom(0, animated: animated, &cx)
            if !animated { clearMarker(&cx) }
        case let .memoryWarning(bytes): cx.emit(.memoryWarning(purgedBytes: bytes))
        case .clearMarker: clearMarker(&cx)
        }
        trimLayoutCache()
    }

    // MARK: geometry

    /// The number of rows (messages).
    public var count: Int { messages.count }
    /// The content's height: every row's height plus the content insets.
    public var contentHeight: Double { configuration.contentInsets.vertical + rowHeights.total }
    /// How far the visible rect's bottom is above the content's bottom (0: at the bottom).
    public var distanceFromBottom: Double { scroll.contentOffset.y + pendingBottom }
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
    @inlinable
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

    /// The cached layout of a row at the current width (every displayed row has one),
    /// nil when the cache holds none; `BubbleList.layout(ofRow:in:)` lays it out then.
    ///
    /// - Parameter row: A row in `0..<count`.
    /// - Returns: The layout, or nil.
    public func storedLayout(ofRow row: Int) -> BubbleLayout? {
        layoutCache.layout(LayoutKey(id: messages[row].id, width: width))
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
    fileprivate mutating func cachedLayout(ofRow row: Int, _ cx: inout Pass) -> BubbleLayout {
        let m = messages[row]
        let key = LayoutKey(id: m.id, width: width)
        if let l = layoutCache.layout(key) { return l }
        let l = cx.layout(m, width)
        layoutCache.insert(l, for: key, row: row)
        layoutCount += 1
        return l
    }

    /// Between actions: the cache back within its budget, keeping the displayed rows'.
    fileprivate mutating func trimLayoutCache() {
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
    @inlinable
    public var animatingPlayerCount: Int { cells.reduce(0) { $0 + $1.playerItems.count } }

    // MARK: scrolling

    /// A pan of the list's recognizer (finger coordinates, y down). The axis is
    /// inverted for the model: a finger moving down moves away from the bottom.
    fileprivate mutating func apply(_ update: GestureUpdate, _ cx: inout Pass) {
        var u = update
        u.translation = Point(x: 0, y: -update.translation.y)
        u.velocity = Point(x: 0, y: -update.velocity.y)
        handle(scrolled(.pan(u), cx.now), &cx)
    }

    /// Scrolls so the visible rect's bottom is `d` above the content's bottom.
    fileprivate mutating func setDistanceFromBottom(_ d: Double, animated: Bool, _ cx: inout Pass) {
        handle(scrolled(.setContentOffset(Point(x: 0, y: d - pendingBottom), animated: animated), cx.now), &cx)
    }

    // MARK: content and geometry changes

    /// Appends a message (a send or a receive). A sent message, or a received one while
    /// at the bottom, scrolls to the bottom animated (returns true); otherwise the view
    /// does not move and the "new messages" marker counts it. The new row is laid out
    /// at once: its height is what keeps the view still.
    @discardableResult
    fileprivate mutating func append(_ message: Message, _ cx: inout Pass) -> Bool {
        let wasAtBottom = isAtOrHeadingToBottom
        indexByID[message.id] = messages.count
        messages.append(message)
        let h = cachedLayout(ofRow: messages.count - 1, &cx).rowHeight
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
            handle(scrolled(.setContentInset(Insets(top: pendingBottom, left: 0, bottom: 0, right: 0)), cx.now), &cx)
        } else if maxDistanceFromBottom > 0 {
            syncScrollGeometry(&cx)
            handle(scrolled(.setContentOffset(Point(x: 0, y: min(d + h, maxDistanceFromBottom) - pendingBottom),
                                              animated: false), cx.now), &cx)
        } else {
            syncScrollGeometry(&cx)
            layoutPass(&cx)
        }
        if follows {
            clearMarker(&cx)
            setDistanceFromBottom(0, animated: true, &cx)
            return true
        }
        newMessagesCount += 1
        cx.emit(.newMessagesMarker(count: newMessagesCount))
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
    fileprivate mutating func reload(_ message: Message, _ cx: inout Pass) -> Bool {
        guard let row = indexByID[message.id] else { return false }
        foldPendingBottom(&cx)
        messages[row] = message
        layoutCache.invalidate(message.id)
        let d = distanceFromBottom
        let wasBelow = rowTop(row) >= contentOffset + viewportHeight
        if let i = displayedRows.contains(row) ? row - displayedRows.lowerBound : nil {
            let kind = cachedLayout(ofRow: row, &cx).reuseIdentifier
            notePeak(extra: kind)
            let fresh = display(row, &cx)
            var old = cells[i]
            cells[i] = fresh
            endDisplaying(&old, row: row, &cx)
        }
        var delta = 0.0
        if rowHeights.isMeasured(row) || displayedRows.contains(row) {
            delta = rowHeights.setHeight(cachedLayout(ofRow: row, &cx).rowHeight, ofRow: row)
        }
        guard delta != 0 else { return true }
        syncScrollGeometry(&cx)
        // Same distance from the bottom: nothing to tell the model (a running fling goes
        // on). A row below the visible rect moves the visible rows' distance instead.
        let events = wasBelow
            ? scrolled(.setContentOffset(Point(x: 0, y: min(max(0, d + delta), maxDistanceFromBottom) - pendingBottom),
                                         animated: false), cx.now)
            : []
        handle(events, &cx)
        return true
    }

    /// The visible height changes (the keyboard's frame at an animation frame, or the
    /// input bar growing). The distance from the bottom is kept (clamped into the new
    /// range), so the content at the list's bottom edge stays put: see `KeyboardAvoidance`.
    fileprivate mutating func setViewportHeight(_ h: Double, _ cx: inout Pass) {
        let newHeight = max(0, h)
        guard newHeight != viewportHeight else { return }
        viewportHeight = newHeight
        handle(scrolled(.setViewportSize(Size(width: width, height: newHeight)), cx.now), &cx)
    }

    /// Width change (rotation, split view): heights are re-measured for the new width
    /// (from the per-width cache where possible) and the top visible message keeps its
    /// place: the same fraction of it stays at the top of the viewport. At the bottom,
    /// the list stays at the bottom.
    fileprivate mutating func setWidth(_ w: Double, _ cx: inout Pass) {
        guard w != width, w > 0 else { return }
        foldPendingBottom(&cx)
        let wasAtBottom = isAtBottom
        let anchor = displayedRows.first.map { row -> (Int, Double) in
            let h = rowHeights.height(ofRow: row)
            return (row, h > 0 ? (contentOffset - rowTop(row)) / h : 0)
        }
        width = w
        rowHeights.reset { [layoutCache, messages] r in layoutCache.height(LayoutKey(id: messages[r].id, width: w)) }
        for i in cells.indices {
            let row = displayedRows.lowerBound + i
            let l = cachedLayout(ofRow: row, &cx)
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
                if !rowHeights.isMeasured(r) { rowHeights.setHeight(cachedLayout(ofRow: r, &cx).rowHeight, ofRow: r) }
                r += 1
            }
            anchorTop = rowTop(row) + fraction * rowHeights.height(ofRow: row)
            cx.emit(.widthChanged(anchorRow: row))
        } else {
            cx.emit(.widthChanged(anchorRow: max(0, count - 1)))
        }
        // Geometry and offset change together, then one layout pass.
        var evs = scrolled(.setViewportSize(Size(width: w, height: viewportHeight)), cx.now)
        evs += scrolled(.setContentSize(Size(width: w, height: contentHeight)), cx.now)
        let target = anchorTop.map { contentHeight - viewportHeight - $0 } ?? 0
        evs += scrolled(.setContentOffset(Point(x: 0, y: min(max(0, target), maxDistanceFromBottom)), animated: false), cx.now)
        handle(evs, &cx)
    }

    /// Dismisses the marker (the user reached the bottom or tapped it).
    fileprivate mutating func clearMarker(_ cx: inout Pass) {
        guard newMessagesCount > 0 else { return }
        newMessagesCount = 0
        cx.emit(.newMessagesMarker(count: 0))
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
    fileprivate mutating func handle(_ scrollEvents: [ScrollEvent], _ cx: inout Pass) {
        layoutPass(&cx)
        for e in scrollEvents { cx.emit(.scroll(topBased(e))) }
        if pendingBottom > 0 && scroll.state == .idle { foldPendingBottom(&cx) }
        if isAtBottom && newMessagesCount > 0 && !scroll.isDragging { clearMarker(&cx) }
    }

    /// Moves the pending rows from the model's inset into its content, keeping the
    /// position: nothing moves on screen, so no event is reported. Stops a running
    /// motion, which is why it waits for the model to be idle (or a width change).
    fileprivate mutating func foldPendingBottom(_ cx: inout Pass) {
        guard pendingBottom > 0 else { return }
        let d = distanceFromBottom
        pendingBottom = 0
        _ = scrolled(.setContentSize(Size(width: width, height: contentHeight)), cx.now)
        _ = scrolled(.setContentOffset(Point(x: 0, y: d), animated: false), cx.now)
        _ = scrolled(.setContentInset(.zero), cx.now)
        layoutPass(&cx)
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

    fileprivate mutating func layoutPass(_ cx: inout Pass) {
        measureVisibleFromBottom(&cx)
        syncScrollGeometry(&cx)
        updateDisplayedRows(visibleRows, &cx)
    }

    /// Lays out the rows in view, walking up from the row at the viewport's bottom edge.
    /// A row's bottom (in bottom coordinates) depends only on the rows below it, so each
    /// measurement only moves what is above it: exactly the visible rows get laid out.
    fileprivate mutating func measureVisibleFromBottom(_ cx: inout Pass) {
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
            if !rowHeights.isMeasured(r) { rowHeights.setHeight(cachedLayout(ofRow: r, &cx).rowHeight, ofRow: r) }
            let topBelowTop = bottomBelowTop - rowHeights.height(ofRow: r)
            if topBelowTop <= 0 { break }
            bottomBelowTop = topBelowTop
            r -= 1
        }
    }

    /// Tells the scroll model the content's height after measurements (a running
    /// deceleration is re-planned from where it is, not stopped).
    fileprivate mutating func syncScrollGeometry(_ cx: inout Pass) {
        let size = Size(width: width, height: contentHeight - pendingBottom)
        guard scroll.contentSize != size else { return }
        let evs = scrolled(.setContentSize(size), cx.now)
        for e in evs { cx.emit(.scroll(topBased(e))) }
        if !evs.isEmpty { measureVisibleFromBottom(&cx) }
    }

    fileprivate mutating func updateDisplayedRows(_ new: Range<Int>, _ cx: inout Pass) {
        let old = displayedRows
        guard new != old else { return }
        // 1. Rows that left, ascending: players stop, didEndDisplaying, the cell goes to
        //    the pool (so a row entering in the same pass can reuse it; it is prepared
        //    for reuse only when dequeued).
        var kept: [BubbleCell] = []
        for (i, row) in old.enumerated() {
            var cell = cells[i]
            if new.contains(row) { kept.append(cell); continue }
            endDisplaying(&cell, row: row, &cx)
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
        for row in order { fresh[row] = display(row, &cx) }
        var all: [BubbleCell] = []
        all.reserveCapacity(new.count)
        for row in new { all.append(fresh[row] ?? kept[row - keptRange.lowerBound]) }
        cells = all
        displayedRows = new
        notePeak(extra: nil)
    }

    /// Records the peak number of cells per kind on screen, counting `extra` (a cell
    /// configured for a reload while the one it replaces is still displayed).
    fileprivate mutating func notePeak(extra: CellReuseIdentifier?) {
        var perKind: [CellReuseIdentifier: Int] = [:]
        for c in cells { perKind[c.reuseIdentifier, default: 0] += 1 }
        if let extra { perKind[extra, default: 0] += 1 }
        for (k, n) in perKind where n > peakDisplayed[k, default: 0] { peakDisplayed[k] = n }
    }

    /// didEndDisplaying for a cell leaving `row`: its players stop first (keyed by the
    /// cell, so another cell showing the same row keeps playing), then the cell goes to
    /// the pool with its content (cleared when dequeued).
    fileprivate mutating func endDisplaying(_ cell: inout BubbleCell, row: Int, _ cx: inout Pass) {
        for (slot, item) in cell.playerItems.enumerated() {
            cx.emit(.playerStopped(row: row, code: item.code, cell: cell.serial, slot: slot, item: item))
        }
        cx.emit(.didEndDisplaying(row: row, message: messages[row].id))
        pool.enqueue(cell)
    }

    fileprivate mutating func display(_ row: Int, _ cx: inout Pass) -> BubbleCell {
        let l = cachedLayout(ofRow: row, &cx)
        let (dequeued, reused) = pool.dequeue(l.reuseIdentifier)
        var cell = dequeued
        cx.emit(reused ? .cellReused(l.reuseIdentifier, serial: cell.serial, row: row)
                    : .cellCreated(l.reuseIdentifier, serial: cell.serial, row: row))
        cell.configure(row: row, message: messages[row], layout: l, playable: cx.playable)
        cx.emit(.willDisplay(row: row, message: messages[row].id))
        appearanceCount += 1
        for (slot, item) in cell.playerItems.enumerated() {
            cx.emit(.playerStarted(row: row, code: item.code, cell: cell.serial, slot: slot, item: item))
        }
        return cell
    }

    /// One scroll-view action at the instant being reduced.
    fileprivate mutating func scrolled(_ action: ScrollModel.Action, _ now: SimInstant) -> [ScrollEvent] {
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
