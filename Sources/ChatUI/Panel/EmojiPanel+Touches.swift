import SimCore
import EmojiText
import Interaction

// Touches: the grid's go through the gesture arena (tap, long press, pan); the delete
// key, the category bar and the page control react to raw touches, as UIControls do.
extension PanelMachine {
    mutating func handle(_ touch: TouchEvent) {
        switch touch.phase {
        case .began:
            began(touch)
        case .moved, .stationary, .ended, .cancelled:
            continued(touch)
        }
    }

    func touchID(_ mode: TouchMode) -> Int? {
        switch mode {
        case .none: return nil
        case let .pending(id, _, _), let .caught(id, _), let .dragging(id), let .previewing(id),
             let .pickingSkinTone(id), let .deleting(id), let .tab(id, _), let .pageControl(id):
            return id
        }
    }

    private mutating func began(_ t: TouchEvent) {
        guard state.touch == .none else { return } // one finger at a time
        let layout = state.layout
        if let tab = layout.tab(at: t.location) {
            state.touch = .tab(id: t.id, index: tab)
            return
        }
        if PageDots(state) != nil, layout.pageControlFrame.contains(t.location) {
            state.touch = .pageControl(id: t.id)
            return
        }
        guard layout.scrollFrame.contains(t.location) else { return }
        if state.scroller.isMoving {
            // UIKit: a touch on a moving scroll view stops it and selects nothing.
            moments(state.scroller.touchDown(at: t.timestamp), at: t.timestamp)
            state.touch = .caught(id: t.id, start: t.location)
            updateCurrentPage(announce: true, at: t.timestamp)
            processGestures(GestureArena().reduce(into: &state.arena, .touch(t), at: t.timestamp))
            return
        }
        let hit = layout.hit(panel: t.location, offset: state.offset)
        if case .delete = hit {
            state.touch = .deleting(id: t.id)
            state.deleteRepeater.press(at: t.timestamp)
            return
        }
        state.touch = .pending(id: t.id, start: t.location, hit: hit)
        processGestures(GestureArena().reduce(into: &state.arena, .touch(t), at: t.timestamp))
    }

    private mutating func continued(_ t: TouchEvent) {
        guard let id = touchID(state.touch), id == t.id else { return }
        switch state.touch {
        case .deleting:
            guard t.phase.isFinal else { return }
            state.touch = .none
            if t.phase == .ended {
                for d in state.deleteRepeater.release(at: t.timestamp) { emitDelete(d) }
            } else {
                state.deleteRepeater.cancel()
            }
        case let .tab(_, index):
            guard t.phase.isFinal else { return }
            state.touch = .none
            if t.phase == .ended, state.layout.tab(at: t.location) == index {
                scroll(toSection: index, animated: true, at: t.timestamp)
            }
        case .pageControl:
            guard t.phase.isFinal else { return }
            state.touch = .none
            if t.phase == .ended, state.layout.pageControlFrame.contains(t.location) {
                pageControlTapped(atX: t.location.x, at: t.timestamp)
            }
        default:
            processGestures(GestureArena().reduce(into: &state.arena, .touch(t), at: t.timestamp))
            if t.phase.isFinal {
                state.touch = .none
                // A touch that caught a moving scroll and never dragged (a plain lift, a
                // long press) leaves it mid-page: settle onto a page.
                if state.scroller.isHeld { settleAfterCatch(at: t.timestamp) }
            }
        }
    }

    /// The arena's transitions, in order (the panel's arena is not traced).
    mutating func processGestures(_ events: [GestureArena.Event]) {
        for e in events { if let u = e.update { gesture(u) } }
    }

    /// The arena's transitions: pan drives the scroll, long press the preview, tap selects.
    private mutating func gesture(_ u: GestureUpdate) {
        switch (u.kind, u.state) {
        case (.pan, .began):
            guard let id = touchID(state.touch) else { return }
            state.touch = .dragging(id: id)
            moments(state.scroller.apply(u, at: u.time), at: u.time)
        case (.pan, .changed):
            moments(state.scroller.apply(u, at: u.time), at: u.time)
            updateCurrentPage(announce: true, at: u.time)
        case (.pan, .ended), (.pan, .cancelled):
            moments(state.scroller.apply(u, at: u.time), at: u.time)
            updateCurrentPage(announce: true, at: u.time)
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

    /// UIPageControl's tap: to the right of the current page's dot one page forward, to
    /// the left one page back, whichever dot was aimed at ("the page control advances
    /// only one page in either direction"), pinned to the group's pages; the page then
    /// scrolls into view animated, as a programmatic `scrollToPage` does.
    mutating func pageControlTapped(atX x: Double, at t: SimInstant) {
        guard let dots = PageDots(state), let current = dots.frame(ofPage: dots.current),
              state.layout.firstPage.indices.contains(state.currentSection) else { return }
        let step = x > current.midX ? 1 : x < current.midX ? -1 : 0
        let page = dots.current + step
        // On the current dot, or past either end: currentPage does not change, so
        // UIPageControl sends no valueChanged and nothing scrolls.
        guard step != 0, page >= 0, page < dots.pages else { return }
        scroll(toPage: state.layout.firstPage[state.currentSection] + page, animated: true, at: t)
    }

    /// A scroll stopped by a touch that then lifted without dragging: settle on a page.
    mutating func settleAfterCatch(at t: SimInstant) {
        let layout = state.layout
        moments(state.scroller.touchUp(at: t, pageWidth: layout.pageWidth, pageCount: layout.pageCount,
                                       snaps: state.configuration.snapPolicy != .none), at: t)
        updateCurrentPage(announce: true, at: t)
    }

    // MARK: - delete key

    mutating func emitDelete(_ d: DeleteKeyRepeater.Delete) {
        record(d.time, "didTapDelete", ("repeat", String(d.repeatCount)))
        emit(.inputClick)
        emit(.didTapDelete(repeatCount: d.repeatCount))
    }

    // MARK: - selection and recents

    mutating func emitSelect(_ e: Emoji, at t: SimInstant, via: String) {
        record(t, "didSelect", ("code", e.code), ("via", via),
               ("group", state.currentGroupName), ("page", String(state.pageInGroup)))
        emit(.inputClick)
        emit(.didSelect(e))
        addRecent(e, at: t)
    }

    private mutating func addRecent(_ e: Emoji, at t: SimInstant) {
        state.frequentEmojis.record(e)
        if state.configuration.recentsOrder == .frequent {
            state.recents = frequentRanking(picked: e)
        } else {
            var r = state.recents.filter { $0.code != e.code }
            r.insert(e, at: 0)
            let limit = max(0, state.configuration.recentsLimit)
            if r.count > limit { r.removeLast(r.count - limit) }
            state.recents = r
        }
        showRecents(at: t)
    }

    /// The first `recentsLimit` codes of the frequency ranking as emoji: the one just
    /// picked, else one already listed, else the catalog's (codes nobody knows are
    /// skipped, as restored recents are).
    func frequentRanking(picked: Emoji? = nil) -> [Emoji] {
        var listed: [String: Emoji] = [:]
        for r in state.recents { listed[r.code] = r }
        if let picked { listed[picked.code] = picked }
        var out: [Emoji] = []
        let limit = max(0, state.configuration.recentsLimit)
        for code in state.frequentEmojis.codes where out.count < limit {
            if let e = listed[code] ?? panel.lookup(code) { out.append(e) }
        }
        return out
    }

    mutating func setFrequentEmojis(_ f: FrequentEmojis, at t: SimInstant) {
        state.frequentEmojis = f
        if state.configuration.recentsOrder == .frequent {
            state.recents = frequentRanking()
            showRecents(at: t)
        }
    }

    mutating func setRecents(_ recents: [Emoji], at t: SimInstant) {
        var seen = Set<String>()
        state.recents = Array(recents.filter { seen.insert($0.code).inserted }.prefix(max(0, state.configuration.recentsLimit)))
        showRecents(at: t)
    }

    /// True while the page in view is a Recents page.
    var isShowingRecents: Bool {
        state.sections.indices.contains(state.currentSection) && state.sections[state.currentSection].kind == .recents
    }

    /// Puts `recents` on the Recents page, unless that page is in view (or a search
    /// shows instead of the pages): then it keeps what it shows until `send` finds the
    /// panel at rest elsewhere. So nothing moves under a finger that taps a recent key.
    mutating func showRecents(at t: SimInstant) {
        guard state.query == nil, !isShowingRecents, state.shownRecents != state.recents else { return }
        state.shownRecents = state.recents
        rebuild(anchor: anchor(), at: t)
    }
}
