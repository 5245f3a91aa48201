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
    public private(set) var list: BubbleList
    public let clock: VirtualClock
    public let trace: Trace
    public private(set) var players: BubblePlayers<Player>

    /// A list opened at the bottom; `playable` says which animated emoji get a player
    /// slot (give the same answer as `players` returning non-nil, so the trace's
    /// playerStart lines match the players that run).
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
    @discardableResult
    public func append(_ message: Message) -> Bool {
        let follows = message.sender == .me || list.isAtOrHeadingToBottom
        send(.append(message))
        return follows
    }

    /// Reloads the row of `message.id`; false for an unknown id.
    @discardableResult
    public func reload(_ message: Message) -> Bool {
        guard list.row(of: message.id) != nil else { return false }
        send(.reload(message))
        return true
    }

    public func setViewportHeight(_ h: Double) { send(.setViewportHeight(h)) }
    public func setWidth(_ w: Double) { send(.setWidth(w)) }
    public func apply(_ update: GestureUpdate) { send(.pan(update)) }
    public func touchDown(at time: SimInstant) { send(.touchDown, at: time) }
    public func touchUp(at time: SimInstant) { send(.touchUp, at: time) }
    /// A display-link frame: the scroll motion advances, then the players of the
    /// displayed rows.
    public func tick(at now: SimInstant) {
        send(.tick, at: now)
        players.tick(at: now, cells: list.displayedCells)
    }
    public func setDistanceFromBottom(_ d: Double, animated: Bool) { send(.setDistanceFromBottom(d, animated: animated)) }
    public func setContentOffset(_ y: Double, animated: Bool) { send(.setContentOffset(y, animated: animated)) }
    public func scrollToBottom(animated: Bool) { send(.scrollToBottom(animated: animated)) }
    public func memoryWarning(purgedBytes: Int) { send(.memoryWarning(purgedBytes: purgedBytes)) }
    public func clearMarker() { send(.clearMarker) }

    // MARK: reading (the list's own queries)

    public var count: Int { list.count }
    public var displayedRows: Range<Int> { list.displayedRows }
    public var displayedCells: [BubbleCell] { list.displayedCells }
    public func cell(forRow row: Int) -> BubbleCell? { list.cell(forRow: row) }
    public func layout(ofRow row: Int) -> BubbleLayout { list.layout(ofRow: row) }
    public func rowFrameInViewport(_ row: Int) -> Rect { list.rowFrameInViewport(row) }
    public var markerFrame: Rect? { list.markerFrame }
    public var newMessagesCount: Int { list.newMessagesCount }
    public var lastMessage: Message? { list.lastMessage }
    public var scroll: ScrollModel.State { list.scroll }
    public var isSettled: Bool { list.isSettled }
    public var isAtBottom: Bool { list.isAtBottom }
    public var distanceFromBottom: Double { list.distanceFromBottom }
    public var pendingBottom: Double { list.pendingBottom }
    public var contentOffset: Double { list.contentOffset }
    public var viewportHeight: Double { list.viewportHeight }
    public var rowHeights: RowHeights { list.rowHeights }
    public var pool: CellReusePool { list.pool }
    public var peakDisplayed: [CellReuseIdentifier: Int] { list.peakDisplayed }
    public func row(of id: Message.ID) -> Int? { list.row(of: id) }
    /// Players running now (the host's, so an image the factory could not make is not counted).
    public var animatingPlayerCount: Int { players.count }

    /// The list's invariants and the players' (they run exactly for the displayed slots).
    public func invariantViolations() -> [String] {
        list.invariantViolations() + players.violations(displayed: list.displayedCells)
    }

    /// Draws the list's visible rect into `frame` with its players' current frames (the
    /// drawing contract; see `BubbleList.draw(into:in:at:players:)`).
    public func draw(into dl: inout DisplayList, in frame: Rect, at now: SimInstant) {
        list.draw(into: &dl, in: frame, at: now, players: players)
    }
}
