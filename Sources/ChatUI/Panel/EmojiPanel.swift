import SimCore
import EmojiText
import Interaction
import Imaging
import Raster

/// The emoji keyboard: a horizontally paged grid of emoji across groups with a delete
/// key, page control, category bar, long-press preview, skin-tone picker and search,
/// as a value: actions in, `PanelEvent`s out.
///
/// ## Using it
///
///     var panel = EmojiPanel(catalog: catalog, width: 375)
///     for e in panel.send(.touch(touchDown), at: now) { host.perform(e) }
///     // call back at panel.nextDeadline with .deadline, and at every display-link
///     // frame while panel.needsFrames with .tick
///     panel.draw(into: &list, in: keyboardFrame, at: now)
///
/// - Input: `send(_:at:)` with an `Action`: touches in panel coordinates (origin at
///   the panel's top-left), frames, deadlines, search, resize, configuration,
///   programmatic scrolls and picks. `now` is the instant of the action (a touch's own
///   timestamp); the panel never reads a clock.
/// - Output: the `PanelEvent`s each call returns, in order: `didSelect(emoji)`,
///   `inputClick`, `didTapDelete(repeatCount:)`, and every delegate moment as the trace
///   line its host records (`.trace`, source `panel`): didSelect, didTapDelete,
///   didChangePage, didChangeGroup, previewBegan/Changed/Ended, skinTone*, the scroll
///   moments. Nothing is performed inside `send`.
/// - Time: the long press (0.3 s), the tap's hold limit and the delete repeat (0.5 s,
///   then every 0.1 s) are deadlines: the host calls back at `nextDeadline` with
///   `.deadline`. While `needsFrames` (the scroll moves, the preview plays) the host
///   sends `.tick` at each 60 Hz display-link frame. A `ChatScreen` does both; on its
///   own, `PanelHost` does.
/// - Drawing: `draw(into:in:at:)` and `displayList(at:)` are pure (the page cache they
///   go through is memoisation, keyed by `State.contentGeneration`).
///
/// Gesture arbitration (UIKit's on a UICollectionView with a long-press recognizer):
/// moving more than `allowableMovement` before the long press begins turns the touch
/// into a scroll (no long press, no tap); a recognised long press disables scrolling
/// until release and never also fires a tap; a touch on a moving scroll view stops it
/// and selects nothing.
public struct EmojiPanel {
    /// What the panel is told. Each is handled at the `now` given to `send(_:at:)`.
    public enum Action {
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
    }

    /// Everything the panel remembers (pages, scroll, touch, preview, picker, recents,
    /// search); changed only by `send(_:at:)`. Equal states draw and react the same.
    public internal(set) var state: State
    /// `scrollViewDidScroll` calls so far (`state.didScrollCount`).
    public var didScrollCount: Int { state.didScrollCount }
    /// The preview's animation (the previewed emoji is animated and known to `images`);
    /// only the preview animates, keys show frame 0.
    public internal(set) var previewPlayback: PreviewPlayback?

    // Dependencies: pure queries the panel asks, never callbacks it makes.
    /// Catalog search (best first); by default the panel's own groups.
    public var searchProvider: (String) -> [Emoji]
    /// Skin-tone variants of an emoji (empty when it has none).
    public var variantsProvider: (Emoji) -> [Emoji]
    /// Finds an emoji by code (for restoring recents).
    public var lookup: (String) -> Emoji?
    /// Images for the preview's animation (frame durations, loop count); keys need none.
    public var images: ImageLibrary?
    /// Where the preview and the skin-tone picker may be drawn, in panel coordinates
    /// (see `PreviewPlacement`); nil: the panel's own bounds. A `ChatScreen` sets the
    /// screen's rect, so a preview can rise over the input bar.
    public var previewBounds: Rect?

    /// Page and chrome display lists (memoisation only; copied on first write of a copy).
    var drawCache = PanelDrawCache()
    /// Events of the action being handled, in order (empty between actions).
    var outbox: [PanelEvent] = []
    static let source = "panel"

    /// A panel over `groups`; `now` is the instant it appears (its scroll view's time).
    public init(groups: [PanelSection], configuration: PanelConfiguration = .standard, width: Double,
                variants: @escaping (Emoji) -> [Emoji] = { _ in [] }, at now: SimInstant = .zero) {
        variantsProvider = variants
        let width = width.isFinite ? max(0, width) : 0
        let layout = PanelLayout(configuration: configuration, width: width, sectionCounts: [])
        state = State(configuration: configuration, width: width, groups: groups, layout: layout,
                      deleteRepeater: DeleteKeyRepeater(delay: configuration.deleteRepeatDelay,
                                                        interval: configuration.deleteRepeatInterval))
        let captured = groups
        searchProvider = { PanelSearch.search($0, in: captured) }
        var byCode: [String: Emoji] = [:]
        for g in groups { for e in g.emoji where byCode[e.code] == nil { byCode[e.code] = e } }
        lookup = { byCode[$0] }
        state.arena.add(TapRecognizer(name: "tap"))
        state.arena.add(LongPressRecognizer(name: "longPress", minimumPressDuration: configuration.minimumPressDuration,
                                      allowableMovement: configuration.allowableMovement))
        state.arena.add(PanRecognizer(name: "pan", hysteresis: configuration.allowableMovement))
        state.scroller.configure(policy: configuration.snapPolicy)
        rebuild(anchor: nil, at: now)
        updateCurrentPage(announce: false, at: now)
        outbox.removeAll()
    }

    /// The panel over a catalog: its groups (titled for the configuration's locale),
    /// its ranked search and its skin-tone variants.
    public init(catalog: EmojiCatalog, configuration: PanelConfiguration = .standard, width: Double,
                at now: SimInstant = .zero) {
        self.init(groups: PanelSection.sections(of: catalog, locale: configuration.locale),
                  configuration: configuration, width: width, variants: { catalog.variants(of: $0) }, at: now)
        searchProvider = { catalog.search($0, limit: 1000) }
        lookup = { catalog.emoji(forCode: $0) }
    }

    /// The recents as plain codes (to save), most recent first.
    public var recentEmojis: RecentEmojis {
        RecentEmojis(capacity: state.configuration.recentsLimit, codes: state.recents.map({ $0.code }))
    }

    /// Saved recents as emoji (codes the panel does not know are skipped), for `.setRecents`.
    public func emoji(of recents: RecentEmojis) -> [Emoji] { recents.codes.compactMap { lookup($0) } }

    // MARK: - the reducer

    /// Handles one action at `now` and returns what the host must do, in order.
    /// - Complexity: constant per touch sample and frame (the touched key is computed
    ///   from the layout, not searched), plus comparing the recents, O(recents); a
    ///   relayout (search, resize, configure, recents shown) is O(sections).
    public mutating func send(_ action: Action, at now: SimInstant) -> [PanelEvent] {
        if !isKnownUniquelyReferenced(&drawCache) { drawCache = drawCache.copy() }
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
        }
        // Recents picked on the Recents page show once the panel rests on another page.
        if state.shownRecents != state.recents && state.isSettled { showRecents(at: now) }
        // Handed over, not copied: an action without events allocates nothing.
        let out = outbox
        outbox = []
        return out
    }

    /// The instant the host must send `.deadline` at: the arena's long press or tap
    /// limit, or the delete key's next repeat. nil: no timer pending.
    public var nextDeadline: SimInstant? {
        let a = state.arena.nextDeadline
        let d = state.deleteRepeater.nextFire
        switch (a, d) {
        case let (x?, y?): return min(x, y)
        case let (x?, nil): return x
        case let (nil, y?): return y
        case (nil, nil): return nil
        }
    }

    /// True while the host must send `.tick` at every display-link frame: the scroll
    /// moves or the preview's animation plays.
    public var needsFrames: Bool {
        state.scroller.isMoving || (previewPlayback.map { !$0.state.isFinished } ?? false)
    }

    /// Fires the timers due at or before `now`, each at its own instant.
    mutating func fireDeadlines(at now: SimInstant) {
        processGestures(GestureArena().reduce(into: &state.arena, .deadline, at: now))
        if case .deleting = state.touch {
            for d in state.deleteRepeater.fire(at: now) { emitDelete(d) }
        }
    }

    // MARK: - events

    mutating func record(_ t: SimInstant, _ name: String, _ fields: (String, String)...) {
        outbox.append(.trace(TraceEvent(time: t, source: Self.source, name: name, fields: fields.map { .init($0.0, $0.1) })))
    }

    mutating func emit(_ e: PanelEvent) { outbox.append(e) }
}
