import SimCore
import Interaction
import Raster

/// The host of a `BubbleList` value, the way ChatScreen composes it: it holds the list
/// with the screen's clock and trace, sends each input at `clock.now`, records every
/// returned event in the trace (source `list`) and performs the GIF player starts and
/// stops (`players`). The list itself never reads the clock, writes the trace or runs a
/// player; this class is where those effects happen.
///
/// Every mutator returns the events of its transition (`@discardableResult`), in order.
public final class BubbleListHost<Player: BubblePlayer> {
    /// The list value; changed only through ``send(_:at:)`` and the named inputs.
    public private(set) var list: BubbleList
    /// The clock inputs are sent at by default (the screen's).
    public let clock: VirtualClock
    /// Where every list event is recorded, under the source `list`.
    public let trace: Trace
    /// The GIF players the list's events start and stop.
    public private(set) var players: BubblePlayers<Player>

    /// A list opened at the bottom; `playable` says which animated emoji get a player
    /// slot (give the same answer as `players` returning non-nil, so the trace's
    /// playerStart lines match the players that run).
    ///
    /// - Parameters:
    ///   - messages: The conversation, oldest first.
    ///   - width: The list's width in points.
    ///   - viewportHeight: The visible height.
    ///   - configuration: The list's parameters.
    ///   - clock: The clock inputs are sent at.
    ///   - trace: The trace events are recorded in.
    ///   - layout: Lays out a message for a width (pure).
    ///   - factory: Makes a player for an animated emoji.
    ///   - playable: Which animated emoji get a player slot.
    public init(messages: [Message] = [], width: Double, viewportHeight: Double,
                configuration: BubbleList.Configuration = .init(), clock: VirtualClock, trace: Trace,
                layout: @escaping BubbleList.LayoutProvider,
                players factory: @escaping BubblePlayerFactory<Player>,
                playable: @escaping BubbleList.Playable = { _ in true }) {
        self.clock = clock
        self.trace = trace
        players = BubblePlayers(factory: factory)
        list = BubbleList(messages: messages, width: width, viewportHeight: viewportHeight,
                          configuration: configuration, at: clock.now, layout: layout, playable: playable)
        perform(list.openingEvents, at: clock.now)
    }

    /// Sends `action` at `now` (default `clock.now`), records and performs its events.
    ///
    /// - Parameters:
    ///   - action: The input.
    ///   - now: Its instant; `nil` for the clock's.
    /// - Returns: The events, in order.
    @discardableResult
    public func send(_ action: BubbleList.Action, at now: SimInstant? = nil) -> [BubbleListEvent] {
        let t = now ?? clock.now
        let events = list.send(action, at: t)
        perform(events, at: t)
        return events
    }

    private func perform(_ events: [BubbleListEvent], at t: SimInstant) {
        for e in events {
            trace.record(e.traceEvent(at: t))
            players.perform(e, at: t)
        }
    }

    // MARK: the inputs, by name

    /// Appends a message; returns whether the list follows it to the bottom (a sent
    /// message, or a received one while at or heading to the bottom).
    ///
    /// - Parameter message: The new message, with an id not in the list.
    /// - Returns: Whether the list scrolls to it.
    @discardableResult
    public func append(_ message: Message) -> Bool {
        let follows = message.sender == .me || list.isAtOrHeadingToBottom
        send(.append(message))
        return follows
    }

    /// Reloads the row of `message.id`; false for an unknown id.
    ///
    /// - Parameter message: The changed message.
    /// - Returns: Whether a row had that id.
    @discardableResult
    public func reload(_ message: Message) -> Bool {
        guard list.row(of: message.id) != nil else { return false }
        send(.reload(message))
        return true
    }

    /// Sends ``BubbleList/Action/setViewportHeight(_:)``: the distance from the bottom is kept.
    ///
    /// - Parameter h: The new visible height.
    public func setViewportHeight(_ h: Double) { send(.setViewportHeight(h)) }
    /// Sends ``BubbleList/Action/setWidth(_:)``: rows are re-measured, the top row kept in place.
    ///
    /// - Parameter w: The new width.
    public func setWidth(_ w: Double) { send(.setWidth(w)) }
    /// Sends a pan update of the list's recognizer.
    ///
    /// - Parameter update: The recognizer's update, in finger coordinates.
    public func apply(_ update: GestureUpdate) { send(.pan(update)) }
    /// Sends `touchDown`: a finger on the list stops a running deceleration.
    ///
    /// - Parameter time: The touch's instant.
    public func touchDown(at time: SimInstant) { send(.touchDown, at: time) }
    /// Sends `touchUp`: the finger lifted without dragging.
    ///
    /// - Parameter time: The touch's instant.
    public func touchUp(at time: SimInstant) { send(.touchUp, at: time) }
    /// A display-link frame: the scroll motion advances, then the players of the
    /// displayed rows.
    ///
    /// - Parameter now: The frame's instant.
    public func tick(at now: SimInstant) {
        send(.tick, at: now)
        players.tick(at: now, cells: list.displayedCells)
    }
    /// Scrolls so the visible bottom is `d` above the content's bottom.
    ///
    /// - Parameters:
    ///   - d: The distance, clamped into the scrollable range.
    ///   - animated: Whether to animate (frames are needed until it arrives).
    public func setDistanceFromBottom(_ d: Double, animated: Bool) { send(.setDistanceFromBottom(d, animated: animated)) }
    /// UIKit's `setContentOffset(_:animated:)`, top-based.
    ///
    /// - Parameters:
    ///   - y: The content offset's y.
    ///   - animated: Whether to animate.
    public func setContentOffset(_ y: Double, animated: Bool) { send(.setContentOffset(y, animated: animated)) }
    /// Scrolls to the bottom.
    ///
    /// - Parameter animated: Whether to animate.
    public func scrollToBottom(animated: Bool) { send(.scrollToBottom(animated: animated)) }
    /// Records a memory warning that purged the shared frame cache.
    ///
    /// - Parameter purgedBytes: The bytes the purge freed.
    public func memoryWarning(purgedBytes: Int) { send(.memoryWarning(purgedBytes: purgedBytes)) }
    /// Dismisses the "new messages" marker.
    public func clearMarker() { send(.clearMarker) }

    // MARK: reading (the list's own queries)

    /// ``BubbleList/count``.
    public var count: Int { list.count }
    /// ``BubbleList/displayedRows``.
    public var displayedRows: Range<Int> { list.displayedRows }
    /// ``BubbleList/displayedCells``.
    public var displayedCells: [BubbleCell] { list.displayedCells }
    /// ``BubbleList/cell(forRow:)``.
    ///
    /// - Parameter row: Any row.
    /// - Returns: The displayed cell, or `nil`.
    public func cell(forRow row: Int) -> BubbleCell? { list.cell(forRow: row) }
    /// ``BubbleList/layout(ofRow:)``.
    ///
    /// - Parameter row: A row in `0..<count`.
    /// - Returns: The row's layout at the current width.
    public func layout(ofRow row: Int) -> BubbleLayout { list.layout(ofRow: row) }
    /// ``BubbleList/rowFrameInViewport(_:)``.
    ///
    /// - Parameter row: A row in `0..<count`.
    /// - Returns: The frame in the list's own coordinates.
    public func rowFrameInViewport(_ row: Int) -> Rect { list.rowFrameInViewport(row) }
    /// ``BubbleList/markerFrame``.
    public var markerFrame: Rect? { list.markerFrame }
    /// ``BubbleList/newMessagesCount``.
    public var newMessagesCount: Int { list.newMessagesCount }
    /// ``BubbleList/lastMessage``.
    public var lastMessage: Message? { list.lastMessage }
    /// ``BubbleList/scroll``: the scroll model's state.
    public var scroll: ScrollModel.State { list.scroll }
    /// ``BubbleList/isSettled``.
    public var isSettled: Bool { list.isSettled }
    /// ``BubbleList/isAtBottom``.
    public var isAtBottom: Bool { list.isAtBottom }
    /// ``BubbleList/distanceFromBottom``.
    public var distanceFromBottom: Double { list.distanceFromBottom }
    /// ``BubbleList/pendingBottom``.
    public var pendingBottom: Double { list.pendingBottom }
    /// ``BubbleList/contentOffset``.
    public var contentOffset: Double { list.contentOffset }
    /// ``BubbleList/viewportHeight``.
    public var viewportHeight: Double { list.viewportHeight }
    /// ``BubbleList/rowHeights``.
    public var rowHeights: RowHeights { list.rowHeights }
    /// ``BubbleList/pool``.
    public var pool: CellReusePool { list.pool }
    /// ``BubbleList/peakDisplayed``.
    public var peakDisplayed: [CellReuseIdentifier: Int] { list.peakDisplayed }
    /// ``BubbleList/row(of:)``.
    ///
    /// - Parameter id: A message's identity.
    /// - Returns: Its row, or `nil`.
    public func row(of id: Message.ID) -> Int? { list.row(of: id) }
    /// Players running now (the host's, so an image the factory could not make is not counted).
    public var animatingPlayerCount: Int { players.count }

    /// The list's invariants and the players' (they run exactly for the displayed slots).
    ///
    /// - Returns: One message per broken invariant; empty when all hold.
    /// - Complexity: O(*v* log *v*) in the displayed rows and players.
    public func invariantViolations() -> [String] {
        list.invariantViolations() + players.violations(displayed: list.displayedCells)
    }

    /// Draws the list's visible rect into `frame` with its players' current frames (the
    /// drawing contract; see `BubbleList.draw(into:in:at:players:)`).
    public func draw(into dl: inout DisplayList, in frame: Rect, at now: SimInstant) {
        list.draw(into: &dl, in: frame, at: now, players: players)
    }
}
