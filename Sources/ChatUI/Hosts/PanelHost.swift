import SimCore
import EmojiText
import Interaction
import Raster
import Tester

/// The emoji panel on its own as a `Testable`, for the panel's tests and benchmarks:
/// `EmojiPanel` is a value, so this class holds it with a clock, a trace, a display
/// link and one timer, and performs what the panel returns, as a `ChatScreen` does:
///
/// - `.trace` lines go into `trace`; the delegate calls (`didSelect`, `inputClick`,
///   `didTapDelete`) are kept in `events` (the newest `eventCapacity` at least, never
///   more than twice that, amortised O(1)) until `takeEvents()`.
/// - One clock timer stays at `panel.nextDeadline` (the long press, the delete repeat)
///   and sends `.deadline` there; the display link runs only while `panel.needsFrames`
///   and sends `.tick` at each frame, so an idle panel costs no frames (`frameLink` is
///   nil: the Tester steps time itself).
///
/// Touches are in panel coordinates; the Tester advances the clock to each first.
/// The mutating methods below are thin forwards to `send` at `clock.now`.
public final class PanelHost: Testable, DisplayListRepresentable {
    /// The panel value; changed only through ``send(_:)``, ``modify(_:)`` and the forwards.
    public private(set) var panel: EmojiPanel
    /// The clock actions are sent at; the Tester advances it.
    public let clock: VirtualClock
    /// Where the panel's trace lines are recorded (source `panel`).
    public let trace: Trace
    /// The delegate calls so far (trace lines excluded), oldest first.
    public private(set) var events: [PanelEvent] = []
    /// The delegate calls kept at least (older ones are dropped in halves past twice this).
    public let eventCapacity = 10_000
    private let link: DisplayLink
    private var timer: VirtualClock.TimerID?
    private var timerDue: SimInstant?
    private let backref = Backref<PanelHost>()

    /// A host for a panel value.
    ///
    /// - Parameters:
    ///   - panel: The panel.
    ///   - clock: The clock; the panel's instants must not be later than its `now`.
    ///   - trace: The trace lines go to.
    public init(_ panel: EmojiPanel, clock: VirtualClock = VirtualClock(), trace: Trace = Trace()) {
        self.panel = panel
        self.clock = clock
        self.trace = trace
        link = DisplayLink(clock: clock, hz: TesterDefaults.frameRate)
        backref.bind(self)
        link.add { [backref] _ in backref.target?.send(.tick) }
    }

    /// A host for a panel over `groups` (see `EmojiPanel.init(groups:...)`).
    ///
    /// - Parameters:
    ///   - groups: The sections, in tab order.
    ///   - configuration: The panel's layout and behaviour.
    ///   - width: The panel's width.
    ///   - clock: The clock.
    ///   - trace: The trace.
    ///   - variants: The skin-tone variants of an emoji (none by default).
    public convenience init(groups: [PanelSection], configuration: PanelConfiguration = .standard, width: Double,
                            clock: VirtualClock = VirtualClock(), trace: Trace = Trace(),
                            variants: @escaping (Emoji) -> [Emoji] = { _ in [] }) {
        self.init(EmojiPanel(groups: groups, configuration: configuration, width: width, variants: variants, at: clock.now),
                  clock: clock, trace: trace)
    }

    /// A host for a panel over a catalog.
    ///
    /// - Parameters:
    ///   - catalog: The catalog; its groups become the sections.
    ///   - configuration: The panel's layout and behaviour.
    ///   - width: The panel's width.
    ///   - clock: The clock.
    ///   - trace: The trace.
    public convenience init(catalog: EmojiCatalog, configuration: PanelConfiguration = .standard, width: Double,
                            clock: VirtualClock = VirtualClock(), trace: Trace = Trace()) {
        self.init(EmojiPanel(catalog: catalog, configuration: configuration, width: width, at: clock.now),
                  clock: clock, trace: trace)
    }

    deinit { backref.clear() }

    /// Sends `action` at `clock.now` and performs what comes back.
    ///
    /// - Parameter action: The input.
    public func send(_ action: EmojiPanel.Action) {
        perform(panel.send(action, at: clock.now))
    }

    /// Changes the panel's dependencies (images, providers, preview bounds) in place.
    ///
    /// - Parameter body: Mutates the panel; send actions through ``send(_:)`` instead.
    public func modify(_ body: (inout EmojiPanel) -> Void) { body(&panel) }

    private func perform(_ out: [PanelEvent]) {
        for e in out {
            if case .trace(let line) = e { trace.record(line); continue }
            if events.count >= 2 * eventCapacity { events.removeFirst(eventCapacity) }
            events.append(e)
        }
        syncTimers()
    }

    private func syncTimers() {
        if panel.needsFrames { if !link.isRunning { link.start() } } else if link.isRunning { link.stop() }
        let want = panel.nextDeadline
        guard want != timerDue else { return }
        if let t = timer { clock.cancel(t) }
        timer = nil; timerDue = want
        if let due = want {
            timer = clock.schedule(at: due) { [backref] _ in
                guard let host = backref.target else { return }
                host.timer = nil; host.timerDue = nil
                host.send(.deadline)
            }
        }
    }

    /// Returns and clears the delegate calls.
    ///
    /// - Returns: The calls since the last take, oldest first.
    public func takeEvents() -> [PanelEvent] {
        defer { events.removeAll() }
        return events
    }

    // MARK: forwards

    /// The panel's state (layout, page, sections, preview...).
    public var state: EmojiPanel.State { panel.state }
    /// `scrollViewDidScroll` calls so far.
    public var didScrollCount: Int { panel.didScrollCount }
    /// Page display lists built so far (draw-cache misses).
    public var pageDrawCount: Int { panel.pageDrawCount }
    /// Page display lists served from the draw cache.
    public var pageCacheHits: Int { panel.pageCacheHits }
    /// The recents as codes, most recent first (to save).
    public var recentEmojis: RecentEmojis { panel.recentEmojis }
    /// Centre of the current page's delete key, in panel coordinates; `nil` without one.
    public var deleteKeyLocation: Point? { panel.deleteKeyLocation }
    /// Shows the matches for `q` on their own pages; an empty query clears.
    ///
    /// - Parameter q: The query.
    public func search(_ q: String) { send(.search(q)) }
    /// Leaves search mode, back to the page shown before it.
    public func clearSearch() { send(.clearSearch) }
    /// Resizes the panel; the same first emoji stays in view.
    ///
    /// - Parameter width: The new width.
    public func resize(width: Double) { send(.resize(width: width)) }
    /// Replaces the configuration; the same first emoji stays in view.
    ///
    /// - Parameter c: The new configuration.
    public func configure(_ c: PanelConfiguration) { send(.configure(c)) }
    /// Scrolls to a section's first page.
    ///
    /// - Parameters:
    ///   - s: The section index.
    ///   - animated: Whether to animate (frames run until it arrives).
    public func scroll(toSection s: Int, animated: Bool) { send(.scrollToSection(s, animated: animated)) }
    /// Scrolls to a global page.
    ///
    /// - Parameters:
    ///   - p: The page index.
    ///   - animated: Whether to animate.
    public func scroll(toPage p: Int, animated: Bool) { send(.scrollToPage(p, animated: animated)) }
    /// Picks an emoji as a tap would: didSelect, input click, recents.
    ///
    /// - Parameter e: The emoji.
    public func select(_ e: Emoji) { send(.select(e)) }
    /// Replaces the recents, most recent first.
    ///
    /// - Parameter r: The emoji.
    public func setRecents(_ r: [Emoji]) { send(.setRecents(r)) }
    /// Restores saved recents (codes the panel does not know are skipped).
    ///
    /// - Parameter r: The saved codes.
    public func restore(_ r: RecentEmojis) { send(.setRecents(panel.emoji(of: r))) }
    /// Centre of cell (row, column) of the current page, in panel coordinates.
    ///
    /// - Parameters:
    ///   - row: A grid row.
    ///   - column: A grid column.
    /// - Returns: The point to touch.
    public func location(row: Int, column: Int) -> Point { panel.location(row: row, column: column) }
    /// Centre of the key showing `code` on the current page.
    ///
    /// - Parameter code: An emoji's code.
    /// - Returns: The point, or `nil` when the emoji is not on the current page.
    public func location(ofEmoji code: String) -> Point? { panel.location(ofEmoji: code) }
    /// Centre of a category tab, in panel coordinates.
    ///
    /// - Parameter i: The tab's index.
    /// - Returns: The point to touch.
    public func location(ofTab i: Int) -> Point { panel.location(ofTab: i) }
    /// The tab of the section named or titled `name`.
    ///
    /// - Parameter name: A section name or title.
    /// - Returns: The tab's index, or `nil`.
    public func tabIndex(named name: String) -> Int? { panel.tabIndex(named: name) }
    /// A rect in the scroll view's content coordinates, in panel coordinates at the
    /// current offset.
    ///
    /// - Parameter r: A content rect.
    /// - Returns: The rect in panel coordinates.
    public func panelFrame(_ r: Rect) -> Rect { panel.panelFrame(r) }

    // MARK: Testable

    /// The panel's rectangle (its width by its configured height), at the origin.
    public var bounds: Rect { Rect(x: 0, y: 0, width: state.layout.width, height: state.layout.configuration.height) }
    /// Always `nil`: the host runs its own display link on the clock, and the Tester
    /// steps time through the clock.
    public var frameLink: DisplayLink? { nil }

    /// Delivers a touch in panel coordinates at its timestamp (the clock is already there).
    ///
    /// - Parameter touch: The touch.
    public func handle(_ touch: TouchEvent) { send(.touch(touch)) }

    /// The panel's scroll motion (a finger's drag does not count).
    public var motion: [String] { panel.motion }

    /// The panel's broken invariants, described.
    ///
    /// - Returns: One message per broken invariant; empty when all hold.
    public func invariantViolations() -> [String] { panel.invariantViolations() }

    /// The panel drawn at `clock.now`.
    ///
    /// - Returns: The display list (pages from the draw cache when unchanged).
    public func displayList() -> DisplayList { panel.displayList(at: clock.now) }
}
