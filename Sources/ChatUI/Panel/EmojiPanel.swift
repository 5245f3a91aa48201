import SimCore
import EmojiText
import Interaction
import Imaging
import Raster

/// The emoji keyboard: a horizontally paged grid of emoji across groups with a delete
/// key, page control, category bar, long-press preview, skin-tone picker and search.
///
/// ## Using it
///
///     let panel = EmojiPanel(groups: sections, width: 375, clock: clock, trace: trace)
///     panel.onEvent = { event in ... }          // or read `panel.takeEvents()`
///     panel.handle(TouchEvent(phase: .began, location: p, timestamp: clock.now))
///     clock.advance(by: .seconds(1))            // timers and frames run on the clock
///     panel.state.currentPage, panel.state.preview, ...
///
/// - Input: `handle(_:)` for touches in panel coordinates (origin at the panel's
///   top-left); `search(_:)`/`clearSearch()`; `resize(width:)`; `configure(_:)`;
///   `scroll(toSection:animated:)`; `select(_:)` (programmatic pick).
/// - Output: `PanelEvent`s (`didSelect(emoji)`, `inputClick`, `didTapDelete(repeatCount:)`)
///   to `onEvent` and `events`; every delegate moment as a line in the shared `Trace`
///   (source `panel`): didSelect, didTapDelete, didChangePage, didChangeGroup,
///   previewBegan/Changed/Ended, skinTone*, and the scroll moments.
/// - Time: long press (0.3 s) and delete repeat (0.5 s, then every 0.1 s) are timers
///   on the `VirtualClock`; while the scroll moves the panel ticks itself from its own
///   60 Hz `DisplayLink` on that clock (`tick(at:)` is public for owners that drive frames).
/// - State: `state` is a value (`EmojiPanel.State`); the class only wires it to the clock.
///
/// Gesture arbitration (UIKit's on a UICollectionView with a long-press recognizer):
/// moving more than `allowableMovement` before the long press begins turns the touch
/// into a scroll (no long press, no tap); a recognised long press disables scrolling
/// until release and never also fires a tap; a touch on a moving scroll view stops it
/// and selects nothing.
public final class EmojiPanel: DisplayListRepresentable {
    public private(set) var state: State
    public let clock: VirtualClock
    public let trace: Trace
    /// Called for each outbound event as it happens (timers included).
    public var onEvent: ((PanelEvent) -> Void)?
    /// Events since the last `takeEvents()`: the newest `eventCapacity` at least, never
    /// more than twice that (the oldest half is dropped at once, amortised O(1)), so an
    /// owner that only listens through `onEvent` does not grow it without bound.
    public private(set) var events: [PanelEvent] = []
    public let eventCapacity = 10_000
    /// Catalog search (best first); the fallback searches the panel's own groups.
    public var searchProvider: (String) -> [Emoji]
    /// Skin-tone variants of an emoji (empty when it has none).
    public var variantsProvider: (Emoji) -> [Emoji]

    /// Images for the preview's animation (frame durations, loop count); keys need none.
    public var images: ImageLibrary?
    /// The frame cache the preview's player decodes through (share the screen's).
    public var frameCache = FrameCache()
    /// Where the preview and the skin-tone picker may be drawn, in panel coordinates
    /// (see `PreviewPlacement`); nil: the panel's own bounds. A `ChatScreen` sets the
    /// screen's rect, so a preview can rise over the input bar.
    public var previewBounds: Rect?
    /// Plays the previewed emoji while it is animated and known to `images`; only the
    /// preview animates, keys show frame 0.
    public private(set) var previewPlayer: AnimationPlayer?
    private var pageCache = PanelPageCache()
    private var chromeCache = PanelChromeCache()
    /// scrollViewDidScroll calls so far.
    public private(set) var didScrollCount = 0
    /// Tap, long press (the seed's 0.3 s) and pan recognizers of the grid, UIKit's arbitration.
    private let arena: GestureArena
    private var deleteTimer: VirtualClock.TimerID?
    private let link: DisplayLink
    /// What the link, the arena and the timers hold instead of `self` (no weak captures in Embedded Swift).
    private let backref = Backref<EmojiPanel>()
    static let source = "panel"

    public init(groups: [PanelSection], configuration: PanelConfiguration = .standard,
                width: Double, clock: VirtualClock, trace: Trace = Trace(),
                variants: @escaping (Emoji) -> [Emoji] = { _ in [] }) {
        self.clock = clock
        self.trace = trace
        self.variantsProvider = variants
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
        link = DisplayLink(clock: clock, hz: 60)
        arena = GestureArena(clock: clock, trace: nil, source: "panel.gestures")
        arena.add(TapRecognizer(name: "tap"))
        arena.add(LongPressRecognizer(name: "longPress", minimumPressDuration: configuration.minimumPressDuration,
                                      allowableMovement: configuration.allowableMovement))
        arena.add(PanRecognizer(name: "pan", hysteresis: configuration.allowableMovement))
        backref.bind(self)
        link.add { [backref] t in backref.target?.tick(at: t) }
        arena.onUpdate = { [backref] u in backref.target?.gesture(u) }
        state.scroller.configure(policy: configuration.snapPolicy)
        rebuild(anchor: nil)
        updateCurrentPage(announce: false)
    }

    deinit { backref.clear() }

    /// The panel over a catalog: its groups (titled for the configuration's locale),
    /// its ranked search and its skin-tone variants.
    public convenience init(catalog: EmojiCatalog, configuration: PanelConfiguration = .standard,
                            width: Double, clock: VirtualClock, trace: Trace = Trace()) {
        self.init(groups: PanelSection.sections(of: catalog, locale: configuration.locale),
                  configuration: configuration, width: width, clock: clock, trace: trace,
                  variants: { catalog.variants(of: $0) })
        searchProvider = { catalog.search($0, limit: 1000) }
        lookup = { catalog.emoji(forCode: $0) }
    }

    /// Finds an emoji by code (for restoring recents); the catalog's lookup when built
    /// from one, else the panel's own groups.
    public var lookup: (String) -> Emoji?

    /// The recents as plain codes (to save), most recent first.
    public var recentEmojis: RecentEmojis {
        RecentEmojis(capacity: state.configuration.recentsLimit, codes: state.recents.map({ $0.code }))
    }

    /// Restores saved recents; codes the panel does not know are skipped.
    public func restore(_ recents: RecentEmojis) {
        setRecents(recents.codes.compactMap { lookup($0) })
    }

    /// Returns and clears the outbound events.
    public func takeEvents() -> [PanelEvent] {
        defer { events.removeAll() }
        return events
    }

    // MARK: - touches

    /// Delivers one touch sample (panel coordinates). Touches on the grid go through
    /// the gesture arena (tap, long press, pan); the delete key and the category bar
    /// react to raw touches, as UIButtons do.
    public func handle(_ touch: TouchEvent) {
        if touch.timestamp > clock.now { clock.advance(to: touch.timestamp) }
        switch touch.phase {
        case .began:
            began(touch)
        case .moved, .stationary, .ended, .cancelled:
            continued(touch)
        }
    }

    private func touchID(_ mode: TouchMode) -> Int? {
        switch mode {
        case .none: return nil
        case let .pending(id, _, _), let .caught(id, _), let .dragging(id), let .previewing(id),
             let .pickingSkinTone(id), let .deleting(id), let .tab(id, _):
            return id
        }
    }

    private func began(_ t: TouchEvent) {
        guard state.touch == .none else { return } // one finger at a time
        let layout = state.layout
        if let tab = layout.tab(at: t.location) {
            state.touch = .tab(id: t.id, index: tab)
            return
        }
        guard layout.scrollFrame.contains(t.location) else { return }
        if state.scroller.isMoving {
            // UIKit: a touch on a moving scroll view stops it and selects nothing.
            moments(state.scroller.touchDown(at: t.timestamp), at: t.timestamp)
            state.touch = .caught(id: t.id, start: t.location)
            updateCurrentPage(announce: true)
            arena.handle(t)
            return
        }
        let hit = layout.hit(panel: t.location, offset: state.offset)
        if case .delete = hit {
            state.touch = .deleting(id: t.id)
            state.deleteRepeater.press(at: t.timestamp)
            scheduleDeleteTimer()
            return
        }
        state.touch = .pending(id: t.id, start: t.location, hit: hit)
        arena.handle(t)
    }

    private func continued(_ t: TouchEvent) {
        guard let id = touchID(state.touch), id == t.id else { return }
        switch state.touch {
        case .deleting:
            guard t.phase.isFinal else { return }
            state.touch = .none
            cancelDeleteTimer()
            if t.phase == .ended {
                for d in state.deleteRepeater.release(at: t.timestamp) { emitDelete(d) }
            } else {
                state.deleteRepeater.cancel()
            }
        case let .tab(_, index):
            guard t.phase.isFinal else { return }
            state.touch = .none
            if t.phase == .ended, state.layout.tab(at: t.location) == index { scroll(toSection: index, animated: true) }
        default:
            arena.handle(t) // gesture updates arrive in `gesture(_:)`
            if t.phase.isFinal {
                state.touch = .none
                // A touch that caught a moving scroll and never dragged (a plain lift, a
                // long press) leaves it mid-page: settle onto a page.
                if state.scroller.isHeld { settleAfterCatch(at: t.timestamp) }
            }
        }
    }

    /// The arena's transitions: pan drives the scroll, long press the preview, tap selects.
    private func gesture(_ u: GestureUpdate) {
        switch (u.kind, u.state) {
        case (.pan, .began):
            guard let id = touchID(state.touch) else { return }
            state.touch = .dragging(id: id)
            moments(state.scroller.apply(u), at: u.time)
        case (.pan, .changed):
            moments(state.scroller.apply(u), at: u.time)
            updateCurrentPage(announce: true)
        case (.pan, .ended), (.pan, .cancelled):
            moments(state.scroller.apply(u), at: u.time)
            updateCurrentPage(announce: true)
            startLinkIfNeeded()
        case (.longPress, .began):
            longPressBegan(at: u.location, time: u.time)
        case (.longPress, .changed):
            longPressMoved(to: u.location, time: u.time)
        case (.longPress, .ended):
            longPressEnded(at: u.time, cancelled: false)
        case (.longPress, .cancelled):
            longPressEnded(at: u.time, cancelled: true)
        case (.tap, .ended):
            guard case let .pending(_, _, hit) = state.touch else { return } // a caught scroll: no tap
            if case let .emoji(s, _, _, _, i) = hit, let e = state.shown(section: s, index: i) {
                emitSelect(e, at: u.time, via: "tap")
            }
        default:
            break
        }
    }

    /// A scroll stopped by a touch that then lifted without dragging: settle on a page.
    private func settleAfterCatch(at t: SimInstant) {
        let layout = state.layout
        moments(state.scroller.touchUp(at: t, pageWidth: layout.pageWidth, pageCount: layout.pageCount,
                                       snaps: state.configuration.snapPolicy != .none), at: t)
        updateCurrentPage(announce: true)
        startLinkIfNeeded()
    }

    // MARK: - long press

    private func longPressBegan(at p: Point, time t: SimInstant) {
        guard let id = touchID(state.touch) else { return }
        let hit: PanelHit
        if case let .pending(_, _, h) = state.touch { hit = h } else { hit = state.layout.hit(panel: p, offset: state.offset) }
        moments(state.scroller.setScrollEnabled(false, at: t), at: t)
        if case let .emoji(s, _, _, _, i) = hit, state.sections[s].emoji.indices.contains(i) {
            let base = state.sections[s].emoji[i]
            let variants = variantsProvider(base)
            if !variants.isEmpty {
                openSkinPicker(base: base, variants: variants, hit: hit, id: id, at: t)
                return
            }
        }
        state.touch = .previewing(id: id)
        trace.record(t, Self.source, "longPressBegan", ("at", "\(p)"))
        updatePreview(at: p, time: t)
    }

    private func longPressMoved(to p: Point, time t: SimInstant) {
        switch state.touch {
        case .previewing:
            updatePreview(at: p, time: t)
        case .pickingSkinTone:
            guard var picker = state.skinPicker else { return }
            let i = picker.option(atX: p.x)
            if i != picker.selected {
                picker.selected = i
                state.skinPicker = picker
                trace.record(t, Self.source, "skinToneChanged", ("code", picker.options[i].code))
            }
        default:
            break
        }
    }

    private func longPressEnded(at t: SimInstant, cancelled: Bool) {
        moments(state.scroller.setScrollEnabled(true, at: t), at: t)
        // The press may have caught a moving panel (a fling or a bounce past an edge):
        // its finger is gone now, so the caught motion settles as after any catch.
        if state.scroller.isHeld { settleAfterCatch(at: t) }
        if let picker = state.skinPicker {
            state.skinPicker = nil
            guard !cancelled else {
                trace.record(t, Self.source, "skinToneCancelled")
                return
            }
            let chosen = picker.options[picker.selected]
            if chosen.code == picker.base.code { state.skinTones[picker.base.code] = nil }
            else { state.skinTones[picker.base.code] = chosen }
            state.contentGeneration += 1
            trace.record(t, Self.source, "skinToneEnded", ("base", picker.base.code), ("code", chosen.code))
            emitSelect(chosen, at: t, via: "skinTone")
            return
        }
        let p = state.preview
        state.preview = nil
        updatePreviewPlayer(old: p, new: nil, at: t)
        stopLinkIfIdle()
        if cancelled {
            trace.record(t, Self.source, "previewCancelled", ("code", p?.emoji.code ?? "-"))
            return
        }
        let inserts = state.configuration.previewInserts && p != nil
        trace.record(t, Self.source, "previewEnded", ("code", p?.emoji.code ?? "-"),
                     ("inserted", inserts ? "true" : "false"))
        if inserts, let p { emitSelect(p.emoji, at: t, via: "preview") }
    }

    private func updatePreview(at p: Point, time t: SimInstant) {
        let layout = state.layout
        let old = state.preview
        var new: Preview?
        if case let .emoji(s, page, row, col, i) = layout.hit(panel: p, offset: state.offset),
           let e = state.shown(section: s, index: i) {
            let key = panelFrame(layout.cellFrame(page: page, row: row, column: col))
            let size = PreviewPlacement.size(for: state.configuration.preview, key: layout.itemSize)
            let placement = PreviewPlacement(key: key, size: size, lift: state.configuration.previewLift,
                                             bounds: previewArea)
            let since = (old?.emoji.code == e.code && old?.index == i) ? old!.since : t
            new = Preview(emoji: e, section: s, index: i, keyFrame: key, placement: placement, since: since)
        }
        state.preview = new
        updatePreviewPlayer(old: old, new: new, at: t)
        switch (old, new) {
        case (nil, let n?):
            trace.record(t, Self.source, "previewBegan", ("code", n.emoji.code), ("frame", "\(n.placement.frame)"))
        case (let o?, let n?) where o.emoji.code != n.emoji.code || o.index != n.index || o.section != n.section:
            trace.record(t, Self.source, "previewChanged", ("code", n.emoji.code), ("frame", "\(n.placement.frame)"))
        case (let o?, nil):
            trace.record(t, Self.source, "previewHidden", ("code", o.emoji.code))
        default:
            break
        }
    }

    /// Starts a player for a newly previewed animated emoji, stops the previous one.
    private func updatePreviewPlayer(old: Preview?, new: Preview?, at t: SimInstant) {
        guard old?.emoji.code != new?.emoji.code || old?.since != new?.since else { return }
        previewPlayer?.stop(at: t)
        previewPlayer = nil
        guard let n = new, n.emoji.kind == .animatedImage, let name = n.emoji.imageName,
              let image = try? images?.image(named: name), image.isAnimated else { return }
        let player = AnimationPlayer(image: image, cache: frameCache)
        player.start(at: t, mode: .reset)
        previewPlayer = player
        startLinkIfNeeded()
    }

    private func openSkinPicker(base: Emoji, variants: [Emoji], hit: PanelHit, id: Int, at t: SimInstant) {
        guard case let .emoji(_, page, row, col, _) = hit else { return }
        let layout = state.layout
        let key = panelFrame(layout.cellFrame(page: page, row: row, column: col))
        let options = [base] + variants
        let cell = layout.itemSize.width + 4
        let size = Size(width: cell * Double(options.count), height: layout.itemSize.height + 8)
        let place = PreviewPlacement(key: key, size: size, lift: state.configuration.previewLift,
                                     bounds: previewArea)
        let current = state.skinTones[base.code].flatMap { c in options.firstIndex { $0.code == c.code } } ?? 0
        state.skinPicker = SkinTonePicker(base: base, options: options, selected: current,
                                          frame: place.frame, cellWidth: cell)
        state.touch = .pickingSkinTone(id: id)
        trace.record(t, Self.source, "skinToneBegan", ("base", base.code), ("options", String(options.count)))
    }

    private var previewArea: Rect {
        previewBounds ?? Rect(x: 0, y: 0, width: state.width, height: state.configuration.height)
    }

    // MARK: - delete key

    private func scheduleDeleteTimer() {
        cancelDeleteTimer()
        guard let due = state.deleteRepeater.nextFire else { return }
        deleteTimer = clock.schedule(at: due) { [backref] now in
            guard let self = backref.target else { return }
            self.deleteTimer = nil
            for d in self.state.deleteRepeater.fire(at: now) { self.emitDelete(d) }
            self.scheduleDeleteTimer()
        }
    }

    private func cancelDeleteTimer() {
        if let t = deleteTimer { clock.cancel(t) }
        deleteTimer = nil
    }

    private func emitDelete(_ d: DeleteKeyRepeater.Delete) {
        trace.record(d.time, Self.source, "didTapDelete", ("repeat", String(d.repeatCount)))
        emit(.inputClick)
        emit(.didTapDelete(repeatCount: d.repeatCount))
    }

    // MARK: - selection and recents

    /// Picks `emoji` as a tap would: didSelect, input click, recents.
    public func select(_ emoji: Emoji) {
        emitSelect(emoji, at: clock.now, via: "api")
    }

    private func emitSelect(_ e: Emoji, at t: SimInstant, via: String) {
        trace.record(t, Self.source, "didSelect", ("code", e.code), ("via", via),
                     ("group", state.currentGroupName), ("page", String(state.pageInGroup)))
        emit(.inputClick)
        emit(.didSelect(e))
        addRecent(e)
    }

    private func addRecent(_ e: Emoji) {
        var r = state.recents.filter { $0.code != e.code }
        r.insert(e, at: 0)
        if r.count > max(0, state.configuration.recentsLimit) { r.removeLast(r.count - max(0, state.configuration.recentsLimit)) }
        state.recents = r
        guard state.query == nil else { return }
        rebuild(anchor: anchor())
    }

    /// Replaces the recents (e.g. restored from storage), most recent first.
    public func setRecents(_ recents: [Emoji]) {
        var seen = Set<String>()
        state.recents = Array(recents.filter { seen.insert($0.code).inserted }.prefix(max(0, state.configuration.recentsLimit)))
        if state.query == nil { rebuild(anchor: anchor()) }
    }

    private func emit(_ e: PanelEvent) {
        if events.count >= 2 * eventCapacity { events.removeFirst(eventCapacity) }
        events.append(e)
        onEvent?(e)
    }

    // MARK: - scrolling

    /// Scrolls to a section's first page (a category tab tap animates).
    public func scroll(toSection s: Int, animated: Bool) {
        guard state.layout.firstPage.indices.contains(s) else { return }
        scroll(toPage: state.layout.firstPage[s], animated: animated)
    }

    public func scroll(toPage p: Int, animated: Bool) {
        let layout = state.layout
        guard layout.pageCount > 0 else { return }
        let page = min(max(p, 0), layout.pageCount - 1)
        let t = clock.now
        trace.record(t, Self.source, "setContentOffset", ("x", formatPoints(layout.offset(ofPage: page))),
                     ("animated", animated ? "true" : "false"))
        moments(state.scroller.setOffset(layout.offset(ofPage: page), animated: animated, at: t), at: t)
        updateCurrentPage(announce: true)
        startLinkIfNeeded()
    }

    /// One frame: advances the scroll motion to `t`, updates the current page/group.
    /// Idempotent for a repeated `t`.
    public func tick(at t: SimInstant) {
        previewPlayer?.tick(at: t)
        moments(state.scroller.tick(at: t), at: t)
        updateCurrentPage(announce: true)
        stopLinkIfIdle()
    }

    /// Scroll delegate moments into the trace (didScroll is counted, not logged: one a frame).
    private func moments(_ ms: [ScrollEvent], at t: SimInstant) {
        for m in ms {
            switch m {
            case .didScroll:
                didScrollCount += 1
            case .willBeginDragging:
                trace.record(t, Self.source, "willBeginDragging", ("offset", formatPoints(state.offset)))
            case let .willEndDragging(v, _, target):
                trace.record(t, Self.source, "willEndDragging", ("velocity", formatPoints(v.x)), ("target", formatPoints(target.x)))
            case let .didEndDragging(d):
                trace.record(t, Self.source, "didEndDragging", ("decelerate", d ? "true" : "false"))
            case .willBeginDecelerating:
                trace.record(t, Self.source, "willBeginDecelerating")
            case .didEndDecelerating:
                trace.record(t, Self.source, "didEndDecelerating", ("offset", formatPoints(state.offset)))
            case .didEndScrollingAnimation:
                trace.record(t, Self.source, "didEndScrollingAnimation", ("offset", formatPoints(state.offset)))
            }
        }
    }

    /// Updates the current page and group from the offset. Announcements compare what
    /// the user sees (group name and kind, page within it), so a relayout that only
    /// renumbers pages (recents appearing, a resize) announces nothing.
    private func updateCurrentPage(announce: Bool) {
        let layout = state.layout
        guard layout.pageCount > 0 else { state.currentPage = 0; state.currentSection = 0; return }
        let page = layout.nearestPage(offset: state.offset)
        let section = layout.pageSection[page]
        state.currentPage = page
        state.currentSection = section
        let sec = state.sections[section]
        let shown = State.Shown(group: sec.name, kind: sec.kind, page: state.pageInGroup)
        let before = state.announced
        state.announced = shown
        // The first page shown is the initial state, not a change.
        guard announce, let before, shown != before else { return }
        if shown.group != before.group || shown.kind != before.kind {
            trace.record(clock.now, Self.source, "didChangeGroup", ("group", state.currentGroupName), ("index", String(section)))
        }
        trace.record(clock.now, Self.source, "didChangePage", ("group", state.currentGroupName),
                     ("page", String(state.pageInGroup)), ("of", String(state.pagesInGroup)), ("global", String(page)))
    }

    /// Frames are needed while the scroll moves or the preview's player plays.
    private var needsFrames: Bool { state.scroller.isMoving || (previewPlayer.map { !$0.isFinished } ?? false) }

    private func startLinkIfNeeded() {
        if needsFrames && !link.isRunning { link.start() }
    }

    private func stopLinkIfIdle() {
        if !needsFrames && link.isRunning { link.stop() }
    }

    // MARK: - search, resize, configuration

    /// Shows the catalog's matches for `query` on their own pages (best first); an
    /// empty query clears the search.
    public func search(_ query: String) {
        if query.isEmpty { clearSearch(); return }
        if state.query == nil {
            state.pageBeforeSearch = anchor().map { PageAnchor(name: $0.0, kind: $0.1, index: $0.2, code: $0.3) }
        }
        state.query = query
        let results = searchProvider(query)
        trace.record(clock.now, Self.source, "search", ("query", query), ("results", String(results.count)))
        rebuild(anchor: nil)
        scroll(toPage: 0, animated: false)
    }

    /// Leaves search mode and returns to the page and group shown before the search
    /// (UISearchBar cancel restoring the collection view's position). The page is
    /// found by what it showed (group, first emoji), not by its offset: recents picked
    /// during the search put a Recents page in front, and a search typed while the
    /// panel bounced past an edge must not bring back an out-of-bounds offset.
    public func clearSearch() {
        guard state.query != nil else { return }
        state.query = nil
        let back = state.pageBeforeSearch
        state.pageBeforeSearch = nil
        trace.record(clock.now, Self.source, "searchCleared")
        rebuild(anchor: back.map { ($0.name, $0.kind, $0.index, $0.code) })
    }

    /// A new panel width (rotation, split view): the page showing the same first
    /// emoji stays in view.
    public func resize(width: Double) {
        let a = anchor()
        state.width = width.isFinite ? max(0, width) : 0
        trace.record(clock.now, Self.source, "resize", ("width", formatPoints(width)))
        rebuild(anchor: a)
    }

    /// A new configuration (layout, timings, policy); keeps the same first emoji in view.
    public func configure(_ c: PanelConfiguration) {
        let a = anchor()
        state.configuration = c
        state.scroller.configure(policy: c.snapPolicy)
        state.deleteRepeater.delay = c.deleteRepeatDelay
        state.deleteRepeater.interval = c.deleteRepeatInterval
        arena.modify("longPress", as: LongPressRecognizer.self) {
            $0.minimumPressDuration = c.minimumPressDuration
            $0.allowableMovement = c.allowableMovement
        }
        rebuild(anchor: a)
    }

    /// (section name, kind, code of the first emoji) of the page in view.
    private func anchor() -> (String, PanelSection.Kind, Int, String)? {
        let s = state.currentSection
        guard state.sections.indices.contains(s) else { return nil }
        let range = state.layout.emojiRange(ofPage: state.currentPage)
        guard let first = range.first else { return nil }
        let sec = state.sections[s]
        return (sec.name, sec.kind, first, sec.emoji[first].code)
    }

    private func rebuild(anchor: (String, PanelSection.Kind, Int, String)?) {
        var sections: [PanelSection] = []
        if let q = state.query {
            sections = [PanelSection(name: "Search: \(q)", emoji: searchProvider(q), kind: .searchResults)]
        } else {
            if !state.recents.isEmpty {
                sections.append(PanelSection(name: "Recents", emoji: state.recents, kind: .recents))
            }
            sections += state.groups.filter { !$0.emoji.isEmpty }
        }
        state.sections = sections
        state.layout = PanelLayout(configuration: state.configuration, width: state.width,
                                   sectionCounts: sections.map({ $0.emoji.count }))
        state.contentGeneration += 1
        let layout = state.layout
        let t = clock.now
        _ = state.scroller.setGeometry(viewport: layout.scrollFrame.size, content: layout.contentSize, at: t)
        var page = min(state.currentPage, max(0, layout.pageCount - 1))
        if let (name, kind, index, code) = anchor,
           let s = sections.firstIndex(where: { $0.name == name && $0.kind == kind }) {
            let emoji = sections[s].emoji
            let i = (emoji.indices.contains(index) && emoji[index].code == code)
                ? index : (emoji.firstIndex { $0.code == code } ?? 0)
            page = layout.page(section: s, index: i) ?? layout.firstPage[s]
        }
        _ = state.scroller.setOffset(layout.offset(ofPage: page), animated: false, at: t)
        updateCurrentPage(announce: true)
    }

    // MARK: - drawing

    /// The panel at the clock's current instant, in panel coordinates. Only pages that
    /// intersect the visible bounds are drawn, each from the page cache.
    public func displayList() -> DisplayList {
        displayList(overlays: true)
    }

    /// The panel without (`overlays: false`) or with its preview and skin-tone picker:
    /// a screen draws the panel clipped to the keyboard, then `overlayList()` on top,
    /// unclipped, since a preview may extend above the panel.
    public func displayList(overlays: Bool) -> DisplayList {
        let s = state
        let key = PanelChromeCache.Key(generation: s.contentGeneration, section: s.currentSection,
                                       pageInGroup: s.pageInGroup, pagesInGroup: s.pagesInGroup)
        previewPlayer?.tick(at: clock.now)
        return PanelRenderer.panel(s, previewFrame: previewPlayer?.frameIndex, overlays: overlays, pageList: { p in
            pageCache.list(page: p, generation: s.contentGeneration) { PanelRenderer.page(s, page: p) }
        }, chrome: {
            chromeCache.list(for: key) { PanelRenderer.chrome(s) }
        })
    }

    /// Appends the panel to `list` with its top-left at `origin` (the ChatScreen puts
    /// it where the emoji keyboard is).
    public func draw(into list: inout DisplayList, at origin: Point = .zero, overlays: Bool = true) {
        list.append(contentsOf: displayList(overlays: overlays), at: origin)
    }

    /// Appends only the preview and the skin-tone picker (nothing when neither shows),
    /// with the panel's top-left at `origin`.
    public func drawOverlays(into list: inout DisplayList, at origin: Point = .zero) {
        guard state.preview != nil || state.skinPicker != nil else { return }
        previewPlayer?.tick(at: clock.now)
        var l = DisplayList(width: state.width, height: state.configuration.height)
        PanelRenderer.overlays(state, previewFrame: previewPlayer?.frameIndex, into: &l)
        list.append(contentsOf: l, at: origin)
    }

    /// Page display lists drawn so far (cache misses) and served from the cache.
    public var pageDrawCount: Int { pageCache.builds }
    public var pageCacheHits: Int { pageCache.hits }

    // MARK: - geometry helpers for drivers and scripts

    /// Content rect -> panel coordinates at the current offset.
    public func panelFrame(_ content: Rect) -> Rect {
        content.offsetBy(dx: -state.offset, dy: state.layout.scrollFrame.minY)
    }

    /// Centre of cell (row, column) of the current page, in panel coordinates.
    public func location(row: Int, column: Int) -> Point {
        panelFrame(state.layout.cellFrame(page: state.currentPage, row: row, column: column)).center
    }

    /// Centre of the current page's delete key.
    public var deleteKeyLocation: Point? {
        state.layout.deleteFrame(page: state.currentPage).map { panelFrame($0).center }
    }

    /// Centre of the key showing `code` on the current page, nil when not on it.
    public func location(ofEmoji code: String) -> Point? {
        let s = state.currentSection
        for i in state.layout.emojiRange(ofPage: state.currentPage) {
            let e = state.sections[s].emoji[i]
            if e.code == code || state.shown(section: s, index: i)?.code == code {
                return state.layout.itemFrame(section: s, index: i).map { panelFrame($0).center }
            }
        }
        return nil
    }

    /// Centre of a category tab.
    public func location(ofTab i: Int) -> Point { state.layout.tabFrame(i).center }

    /// The tab of the section named or titled `name`.
    public func tabIndex(named name: String) -> Int? {
        state.sections.firstIndex { $0.name == name || $0.title == name }
    }
}
