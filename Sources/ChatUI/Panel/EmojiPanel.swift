import SimCore
import EmojiText
import Interaction
import Imaging
import Raster

/// The emoji keyboard: a horizontally paged grid of emoji across groups with a delete
/// key, page control, category bar, long-press preview, skin-tone picker and search,
/// as a `Reducer`: actions in, `PanelEvent`s out, everything it remembers in `State`.
///
/// ## Using it
///
///     let panel = EmojiPanel(catalog: catalog)            // the dependencies
///     var state = panel.initialState(width: 375)          // what it remembers
///     for e in panel.reduce(into: &state, .touch(touchDown), at: now) { perform(e) }
///     // send .deadline at panel.nextDeadline(state), and .tick at every display-link
///     // frame while panel.needsFrames(state, at: now); a `Host` does both
///     state.draw(into: &list, in: keyboardFrame)          // a Drawable, clipped to the area
///     state.overlayDrawing(panelOrigin: keyboardFrame.origin, at: now).draw(into: &list, in: screen)
///
/// - Input: `reduce(into:_:at:)` with an `Action`: touches in panel coordinates (origin
///   at the panel's top-left), frames, deadlines, search, resize, configuration,
///   programmatic scrolls and picks. `now` is the instant of the action (a touch's own
///   timestamp); the panel never reads a clock.
/// - Output: the `PanelEvent`s each action returns, in order, the one way anything
///   leaves the panel: `didSelect(emoji)`, `inputClick`, `didTapDelete(repeatCount:)`,
///   and every delegate moment (`.moment`): didSelect, didTapDelete, didChangePage,
///   didChangeGroup, previewBegan/Changed/Ended, skinTone*, defaultSkinTone (a configuration
///   changing it), the scroll moments. Nothing
///   is performed inside `reduce`: a host makes the moments lines (`trace(_:at:)`, source
///   `panel`) and acts on the calls it gets back (a `ChatScreen` feeds them to its input
///   bar; a lone `Host<EmojiPanel>` returns them from `send`, and its trace has a
///   `didSelect`/`didTapDelete` line for each call).
/// - Time: the long press (0.3 s), the tap's hold limit and the delete repeat (0.5 s,
///   then every 0.1 s) are deadlines: the host sends `.deadline` at `nextDeadline`.
///   While `needsFrames` (the scroll moves, the preview plays) the host sends `.tick` at
///   each 60 Hz display-link frame.
/// - Drawing: `State.draw(into:in:)`, `State.overlayDrawing(panelOrigin:at:)` and
///   `State.displayList(at:)` are pure (the page cache they go through is memoisation,
///   keyed by `State.contentGeneration`).
/// - The reducer value holds only dependencies: the groups, search, skin-tone variants,
///   the code lookup, the images the preview animates and the configuration a panel
///   opens with.
///
/// Gesture arbitration (UIKit's on a UICollectionView with a long-press recognizer):
/// moving more than `allowableMovement` before the long press begins turns the touch
/// into a scroll (no long press, no tap); a recognised long press disables scrolling
/// until release and never also fires a tap; a touch on a moving scroll view stops it
/// and selects nothing.
public struct EmojiPanel: Reducer {
    /// What the panel is told. Each is handled at the `now` given to `reduce(into:_:at:)`.
    public enum Action: Equatable {
        /// One touch sample in panel coordinates (`now` is its timestamp).
        case touch(TouchEvent)
        /// A display-link frame: the scroll motion and the preview's animation advance.
        case tick
        /// The host's call back at `nextDeadline`: due timers fire, each at its instant.
        case deadline
        /// Shows the matches for a query on their own pages; an empty query clears.
        case search(String)
        /// Leaves search mode, back to the page and group shown before it.
        case clearSearch
        /// A new panel width (rotation, split view): the same first emoji stays in view.
        case resize(width: Double)
        /// A new configuration (layout, timings, policy): the same first emoji stays in view.
        case configure(PanelConfiguration)
        /// Scrolls to a section's first page (a category tab tap animates).
        case scrollToSection(Int, animated: Bool)
        /// Scrolls to a page across all sections (0-based, clamped to the pages there
        /// are; nothing when there are none), as `setContentOffset(_:animated:)` would:
        /// animated over the scroll model's curve, or at once.
        case scrollToPage(Int, animated: Bool)
        /// Picks an emoji as a tap would: didSelect, input click, recents.
        case select(Emoji)
        /// Replaces the recents (e.g. restored from storage), most recent first.
        case setRecents([Emoji])
        /// Replaces the use counts (restored from storage); under `.frequent` the first
        /// group then lists their ranking.
        case setFrequentEmojis(FrequentEmojis)
        /// Where the preview and the skin-tone picker may be drawn, in panel coordinates
        /// (see `PreviewPlacement`); nil: the panel's own bounds. A `ChatScreen` sends
        /// the screen's rect, so a preview can rise over the input bar.
        case setPreviewBounds(Rect?)
    }

    /// Where the panel's trace lines come from.
    @usableFromInline static let source = "panel"

    // Dependencies: pure queries the panel asks, never callbacks it makes.
    /// The catalog groups the panel shows (recents and search results come on top).
    public let groups: [PanelSection]
    /// The configuration a panel opens with (`initialState`); `.configure` changes a state's.
    public let configuration: PanelConfiguration
    /// Catalog search (best first); by default the panel's own groups.
    public var searchProvider: (String) -> [Emoji]
    /// Skin-tone variants of an emoji (empty when it has none).
    public var variantsProvider: (Emoji) -> [Emoji]
    /// Finds an emoji by code (for restoring recents).
    public var lookup: (String) -> Emoji?
    /// Images for the preview's animation (frame durations, loop count); keys need none.
    public var images: ImageLibrary?

    /// A panel over `groups`.
    ///
    /// - Parameters:
    ///   - groups: The sections, in tab order.
    ///   - configuration: The configuration it opens with.
    ///   - variants: The skin-tone variants of an emoji (none by default).
    ///   - images: The images the preview animates (none by default).
    public init(groups: [PanelSection], configuration: PanelConfiguration = .standard,
                variants: @escaping (Emoji) -> [Emoji] = { _ in [] }, images: ImageLibrary? = nil) {
        self.groups = groups
        self.configuration = configuration
        variantsProvider = variants
        self.images = images
        let index = PanelSearch.LazyIndex(groups)
        searchProvider = { index.search($0) }
        var byCode: [String: Emoji] = [:]
        for g in groups { for e in g.emoji where byCode[e.code] == nil { byCode[e.code] = e } }
        lookup = { byCode[$0] }
    }

    /// The panel over a catalog: its groups (titled for the configuration's locale),
    /// its ranked search and its skin-tone variants.
    ///
    /// - Parameters:
    ///   - catalog: The catalog.
    ///   - configuration: The configuration it opens with (its locale titles the groups).
    ///   - images: The images the preview animates.
    public init(catalog: EmojiCatalog, configuration: PanelConfiguration = .standard, images: ImageLibrary? = nil) {
        self.init(groups: PanelSection.sections(of: catalog, locale: configuration.locale),
                  configuration: configuration, variants: { catalog.variants(of: $0) }, images: images)
        searchProvider = { catalog.search($0, limit: 1000) }
        lookup = { catalog.emoji(forCode: $0) }
    }

    /// The panel as it appears at `now`, `width` wide, on its first page.
    ///
    /// - Parameters:
    ///   - width: The panel's width (one page).
    ///   - now: The instant it appears (its scroll view's time).
    /// - Returns: The opening state.
    /// - Complexity: O(sections) to lay the pages out.
    public func initialState(width: Double, at now: SimInstant = .zero) -> State {
        let width = width.isFinite ? max(0, width) : 0
        let layout = PanelLayout(configuration: configuration, width: width, sectionCounts: [])
        var state = State(configuration: configuration, width: width, groups: groups, layout: layout,
                          deleteRepeater: DeleteKeyRepeater(delay: configuration.deleteRepeatDelay,
                                                            interval: configuration.deleteRepeatInterval))
        state.arena.add(TapRecognizer(name: "tap"))
        state.arena.add(LongPressRecognizer(name: "longPress", minimumPressDuration: configuration.minimumPressDuration,
                                            allowableMovement: configuration.allowableMovement))
        state.arena.add(PanRecognizer(name: "pan", hysteresis: configuration.allowableMovement))
        state.scroller.configure(policy: configuration.snapPolicy)
        var m = PanelMachine(panel: self, state: state)
        if configuration.defaultSkinTone != nil { m.applyDefaultSkinTone() }
        m.rebuild(anchor: nil, at: now)
        m.updateCurrentPage(announce: false, at: now)
        return m.state
    }

    /// Saved recents as emoji (codes the panel does not know are skipped), for `.setRecents`.
    ///
    /// - Parameter recents: The saved codes.
    /// - Returns: The emoji, most recent first.
    public func emoji(of recents: RecentEmojis) -> [Emoji] { recents.codes.compactMap { lookup($0) } }

    // MARK: - the reducer

    /// The panel's events (see `PanelEvent`).
    public typealias Event = PanelEvent
    /// The panel refuses nothing.
    public typealias Failure = Never

    /// Handles one action at `now` and returns what the host must do, in order.
    /// - Complexity: O(touch) for touches and frames; a relayout (search, resize,
    ///   configure, recents) is O(sections).
    public func reduce(into state: inout State, _ action: Action, at now: SimInstant) -> [PanelEvent] {
        // The state moves into the transition and back (no copy, so no copy-on-write).
        var m = PanelMachine(panel: self, state: consume state)
        let events = m.send(action, at: now)
        state = m.state
        return events
    }

    /// The instant the host must send `.deadline` at: the arena's long press or tap
    /// limit, or the delete key's next repeat. nil: no timer pending.
    @inlinable
    public func nextDeadline(_ state: State) -> SimInstant? {
        earliest(state.arena.nextDeadline, state.deleteRepeater.nextFire)
    }

    /// True while the host must send `.tick` at every display-link frame: the scroll
    /// moves or the preview's animation plays.
    @inlinable
    public func needsFrames(_ state: State, at now: SimInstant) -> Bool {
        state.scroller.isMoving || (state.previewPlayback.map { !$0.state.isFinished } ?? false)
    }

    /// What moves, for a host's idleness (a finger's drag does not count).
    public func motion(_ state: State, at now: SimInstant) -> [String] { state.motion }

    /// The line of a delegate moment (source `panel`, at the moment's own instant): the
    /// one place a panel event becomes a line. Delegate calls are not lines (a screen
    /// traces the click as its own `inputClick`).
    @inlinable
    public func trace(_ event: PanelEvent, at now: SimInstant) -> TraceEvent? {
        guard case let .moment(name, fields, t) = event else { return nil }
        return TraceEvent(time: t, source: Self.source, name: name, fields: fields)
    }

    /// A display-link frame.
    public static var frameAction: Action? { .tick }
    /// The timers' call back.
    public static var deadlineAction: Action? { .deadline }
}

/// One transition of the panel: its dependencies, the state it changes and the events
/// it produces, for one action only (never kept).
struct PanelMachine {
    typealias State = EmojiPanel.State
    typealias TouchMode = EmojiPanel.TouchMode
    typealias Preview = EmojiPanel.Preview
    typealias SkinTonePicker = EmojiPanel.SkinTonePicker
    typealias PreviewPlayback = EmojiPanel.PreviewPlayback
    typealias PageAnchor = EmojiPanel.PageAnchor
    static let source = EmojiPanel.source

    let panel: EmojiPanel
    var state: State
    /// The events of the action being handled so far, in order: what `send` returns.
    private var events: [PanelEvent] = []

    init(panel: EmojiPanel, state: consuming State) {
        self.panel = panel
        self.state = state
    }

    /// Handles `action` and returns its events, in order.
    mutating func send(_ action: EmojiPanel.Action, at now: SimInstant) -> [PanelEvent] {
        if !isKnownUniquelyReferenced(&state.drawCache) { state.drawCache = state.drawCache.copy() }
        switch action {
        case .touch(let t): handle(t)
        case .tick: tick(at: now)
        case .deadline: fireDeadlines(at: now)
        case .search(let q): search(q, at: now)
        case .clearSearch: clearSearch(at: now)
        case .resize(let w): resize(width: w, at: now)
        case .configure(let c): configure(c, at: now)
        case let .scrollToSection(s, animated): scroll(toSection: s, animated: animated, at: now)
        case let .scrollToPage(p, animated): scroll(toPage: p, animated: animated, at: now)
        case .select(let e): emitSelect(e, at: now, via: "api")
        case .setRecents(let r): setRecents(r, at: now)
        case .setFrequentEmojis(let f): setFrequentEmojis(f, at: now)
        case .setPreviewBounds(let r): state.previewBounds = r
        }
        // Recents picked on the Recents page show once the panel rests on another page.
        if state.shownRecents != state.recents && state.isSettled { showRecents(at: now) }
        return events
    }

    /// Fires the timers due at or before `now`, each at its own instant.
    mutating func fireDeadlines(at now: SimInstant) {
        processGestures(GestureArena().reduce(into: &state.arena, .deadline, at: now))
        if case .deleting = state.touch {
            for d in state.deleteRepeater.fire(at: now) { emitDelete(d) }
        }
    }

    // MARK: - events

    /// A delegate moment at `t`: its name and arguments (the line is `trace(_:at:)`'s).
    mutating func record(_ t: SimInstant, _ name: String, _ fields: (String, String)...) {
        events.append(.moment(name: name, fields: fields.map { .init($0.0, $0.1) }, at: t))
    }

    mutating func emit(_ e: PanelEvent) { events.append(e) }
}
