import SimCore
import Interaction
import EmojiText

// Scrolling: programmatic page changes, frames, the scroll delegate moments and the
// page control's current page and group.
extension PanelMachine {
    mutating func scroll(toSection s: Int, animated: Bool, at t: SimInstant) {
        guard state.layout.firstPage.indices.contains(s) else { return }
        scroll(toPage: state.layout.firstPage[s], animated: animated, at: t)
    }

    mutating func scroll(toPage p: Int, animated: Bool, at t: SimInstant) {
        let layout = state.layout
        guard layout.pageCount > 0 else { return }
        let page = min(max(p, 0), layout.pageCount - 1)
        record(t, "setContentOffset", ("x", formatPoints(layout.offset(ofPage: page))),
               ("animated", animated ? "true" : "false"))
        moments(state.scroller.setOffset(layout.offset(ofPage: page), animated: animated, at: t), at: t)
        updateCurrentPage(announce: true, at: t)
    }

    /// One frame: due timers first (a timer due on the frame's instant fires before it),
    /// then the scroll motion and the preview's animation advance to `t`, and the
    /// current page and group follow. Idempotent for a repeated `t`.
    mutating func tick(at t: SimInstant) {
        fireDeadlines(at: t)
        state.previewPlayback?.tick(at: t)
        moments(state.scroller.tick(at: t), at: t)
        updateCurrentPage(announce: true, at: t)
    }

    /// Scroll delegate moments (didScroll is counted, not logged: one a frame).
    mutating func moments(_ ms: [ScrollEvent], at t: SimInstant) {
        for m in ms {
            switch m {
            case .didScroll:
                state.didScrollCount += 1
            case .willBeginDragging:
                record(t, "willBeginDragging", ("offset", formatPoints(state.offset)))
            case let .willEndDragging(v, _, target):
                record(t, "willEndDragging", ("velocity", formatPoints(v.x)), ("target", formatPoints(target.x)))
            case let .didEndDragging(d):
                record(t, "didEndDragging", ("decelerate", d ? "true" : "false"))
            case .willBeginDecelerating:
                record(t, "willBeginDecelerating")
            case .didEndDecelerating:
                record(t, "didEndDecelerating", ("offset", formatPoints(state.offset)))
            case .didEndScrollingAnimation:
                record(t, "didEndScrollingAnimation", ("offset", formatPoints(state.offset)))
            }
        }
    }

    /// Updates the current page and group from the offset. Announcements compare what
    /// the user sees (group name and kind, page within it), so a relayout that only
    /// renumbers pages (recents appearing, a resize) announces nothing.
    mutating func updateCurrentPage(announce: Bool, at t: SimInstant) {
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
            record(t, "didChangeGroup", ("group", state.currentGroupName), ("index", String(section)))
        }
        record(t, "didChangePage", ("group", state.currentGroupName),
               ("page", String(state.pageInGroup)), ("of", String(state.pagesInGroup)), ("global", String(page)))
    }
}

extension EmojiPanel.State {
    /// The recents as plain codes (to save), most recent first.
    public var recentEmojis: RecentEmojis {
        RecentEmojis(capacity: configuration.recentsLimit, codes: recents.map({ $0.code }))
    }

    /// What moves, for a host's `motion` (a finger's drag does not count).
    public var motion: [String] {
        switch scrollState {
        case .idle, .dragging: return []
        case .decelerating: return ["the panel decelerates"]
        case .bouncing: return ["the panel bounces back"]
        case .animating: return ["the panel scrolls to a page"]
        }
    }

    /// The offset lies within the pages at rest.
    public func invariantViolations() -> [String] {
        let offset = offset, maxOffset = layout.maxOffset
        if !isScrolling && (offset < -0.5 || offset > maxOffset + 0.5) {
            return ["panel offset \(formatPoints(offset)) outside 0...\(formatPoints(maxOffset)) at rest"]
        }
        return []
    }
}
