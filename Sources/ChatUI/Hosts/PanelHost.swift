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
    public private(set) var panel: EmojiPanel
    public let clock: VirtualClock
    public let trace: Trace
    /// The delegate calls so far (trace lines excluded), oldest first.
    public private(set) var events: [PanelEvent] = []
    public let eventCapacity = 10_000
    private let link: DisplayLink
    private var timer: VirtualClock.TimerID?
    private var timerDue: SimInstant?
    private let backref = Backref<PanelHost>()

    public init(_ panel: EmojiPanel, clock: VirtualClock = VirtualClock(), trace: Trace = Trace()) {
        self.panel = panel
        self.clock = clock
        self.trace = trace
        link = DisplayLink(clock: clock, hz: TesterDefaults.frameRate)
        backref.bind(self)
        link.add { [backref] _ in backref.target?.send(.tick) }
    }

    /// A host for a panel over `groups` (see `EmojiPanel.init(groups:...)`).
    public convenience init(groups: [PanelSection], configuration: PanelConfiguration = .standard, width: Double,
                            clock: VirtualClock = VirtualClock(), trace: Trace = Trace(),
                            variants: @escaping (Emoji) -> [Emoji] = { _ in [] }) {
        self.init(EmojiPanel(groups: groups, configuration: configuration, width: width, variants: variants, at: clock.now),
                  clock: clock, trace: trace)
    }

    /// A host for a panel over a catalog.
    public convenience init(catalog: EmojiCatalog, configuration: PanelConfiguration = .standard, width: Double,
                            clock: VirtualClock = VirtualClock(), trace: Trace = Trace()) {
        self.init(EmojiPanel(catalog: catalog, configuration: configuration, width: width, at: clock.now),
                  clock: clock, trace: trace)
    }

    deinit { backref.clear() }

    /// Sends `action` at `clock.now` and performs what comes back.
    public func send(_ action: EmojiPanel.Action) {
        perform(panel.send(action, at: clock.now))
    }

    /// Changes the panel's dependencies (images, providers, preview bounds) in place.
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
    public func takeEvents() -> [PanelEvent] {
        defer { events.removeAll() }
        return events
    }

    // MARK: forwards

    public var state: EmojiPanel.State { panel.state }
    public var didScrollCount: Int { panel.didScrollCount }
    public var pageDrawCount: Int { panel.pageDrawCount }
    public var pageCacheHits: Int { panel.pageCacheHits }
    public var recentEmojis: RecentEmojis { panel.recentEmojis }
    public var deleteKeyLocation: Point? { panel.deleteKeyLocation }
    public func search(_ q: String) { send(.search(q)) }
    public func clearSearch() { send(.clearSearch) }
    public func resize(width: Double) { send(.resize(width: width)) }
    public func configure(_ c: PanelConfiguration) { send(.configure(c)) }
    public func scroll(toSection s: Int, animated: Bool) { send(.scrollToSection(s, animated: animated)) }
    public func scroll(toPage p: Int, animated: Bool) { send(.scrollToPage(p, animated: animated)) }
    public func select(_ e: Emoji) { send(.select(e)) }
    public func setRecents(_ r: [Emoji]) { send(.setRecents(r)) }
    public func restore(_ r: RecentEmojis) { send(.setRecents(panel.emoji(of: r))) }
    public func location(row: Int, column: Int) -> Point { panel.location(row: row, column: column) }
    public func location(ofEmoji code: String) -> Point? { panel.location(ofEmoji: code) }
    public func location(ofTab i: Int) -> Point { panel.location(ofTab: i) }
    public func tabIndex(named name: String) -> Int? { panel.tabIndex(named: name) }
    public func panelFrame(_ r: Rect) -> Rect { panel.panelFrame(r) }

    // MARK: Testable

    public var bounds: Rect { Rect(x: 0, y: 0, width: state.layout.width, height: state.layout.configuration.height) }
    public var frameLink: DisplayLink? { nil }

    public func handle(_ touch: TouchEvent) { send(.touch(touch)) }

    /// The panel's scroll motion (a finger's drag does not count).
    public var motion: [String] { panel.motion }

    public func invariantViolations() -> [String] { panel.invariantViolations() }

    public func displayList() -> DisplayList { panel.displayList(at: clock.now) }
}
