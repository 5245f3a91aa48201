import Testing
import SimCore
import EmojiText
import Interaction
import EmojiSimTesting
@testable import ChatUI

/// A store over a panel's real `State`: events exhaustive, the state checked on the
/// fields each assertion writes (the scroll view's motion, the gesture arena's
/// recognizers and the page cache are machinery a test does not spell out); computed
/// views (group, offset, deadlines) are checked with `#expect`. Failures are Swift
/// Testing issues at the assertion.
func panelStore(_ panel: EmojiPanel, width: Double = 375) -> TestStore<EmojiPanel> {
    let store = TestStore(panel, state: panel.initialState(width: width), report: recordTestStoreIssue)
    store.exhaustivity = .events
    return store
}

/// A touch action at its instant.
func touch(_ phase: TouchEvent.Phase, _ p: Point, at t: SimInstant, id: Int = 1) -> EmojiPanel.Action {
    .touch(TouchEvent(id: id, phase: phase, location: p, timestamp: t))
}

/// A delegate moment, as the panel returns it (its line is `EmojiPanel.trace`'s).
func line(_ t: SimInstant, _ name: String, _ fields: (String, String)...) -> PanelEvent {
    .moment(name: name, fields: fields.map { .init($0.0, $0.1) }, at: t)
}

@Suite struct PanelStoreTests {
    let t0 = SimInstant.zero + .seconds(1)
    func ms(_ n: Int) -> SimInstant { t0 + .milliseconds(n) }
    var panel: EmojiPanel { EmojiPanel(groups: PanelFixtures.groups) }

    @Test func aTapSelectsClicksAndAddsARecentWithoutMovingThePage() {
        let store = panelStore(panel)
        let p = store.state.location(row: 0, column: 1)
        let e = PanelFixtures.groups[0].emoji[1]
        let hit = store.state.layout.hit(panel: p, offset: 0)
        store.send(touch(.began, p, at: t0), at: t0) {
            $0.touch = .pending(id: 1, start: p, hit: hit)
        }
        #expect(panel.nextDeadline(store.state) == ms(300)) // the long press
        store.send(touch(.ended, p, at: ms(80)), at: ms(80), [
            line(ms(80), "didSelect", ("code", e.code), ("via", "tap"), ("group", "Faces"), ("page", "0")),
            .inputClick, .didSelect(e),
        ]) {
            $0.touch = .none
            $0.recents = [e]
            $0.currentPage = 1 // a Recents page in front; Faces page 0 stays in view
        }
        #expect(store.state.offset == 375 && panel.nextDeadline(store.state) == nil)
    }

    @Test func aLongPressPreviewsAtItsDeadlineAndDisablesScrolling() {
        let store = panelStore(panel)
        let p = store.state.location(row: 0, column: 2)
        let e = PanelFixtures.groups[0].emoji[2]
        let frame = "[143.5,0 120x120]" // 120 x 120, kept inside the panel (no room above it)
        store.skip(touch(.began, p, at: t0), at: t0)
        // The host calls back at the deadline it was given.
        store.send(.deadline, at: ms(300), [
            line(ms(300), "longPressBegan", ("at", "\(p)")),
            line(ms(300), "previewBegan", ("code", e.code), ("frame", frame)),
        ]) {
            $0.touch = .previewing(id: 1)
        }
        #expect(store.state.preview?.emoji == e && !store.state.isScrollEnabled && panel.nextDeadline(store.state) == nil)
        store.send(touch(.ended, p, at: ms(500)), at: ms(500), [
            line(ms(500), "previewEnded", ("code", e.code), ("inserted", "false")),
        ]) {
            $0.touch = .none
            $0.preview = nil
        }
        #expect(store.state.isScrollEnabled)
    }

    @Test func theDeleteKeyRepeatsAtItsDeadlinesAndNotAgainOnRelease() {
        let store = panelStore(panel)
        let d = store.state.deleteKeyLocation!
        store.send(touch(.began, d, at: t0), at: t0) { $0.touch = .deleting(id: 1) }
        #expect(panel.nextDeadline(store.state) == ms(500))
        store.send(.deadline, at: ms(500), [
            line(ms(500), "didTapDelete", ("repeat", "1")), .inputClick, .didTapDelete(repeatCount: 1),
        ])
        #expect(panel.nextDeadline(store.state) == ms(600))
        store.send(.deadline, at: ms(600), [
            line(ms(600), "didTapDelete", ("repeat", "2")), .inputClick, .didTapDelete(repeatCount: 2),
        ])
        #expect(panel.nextDeadline(store.state) == ms(700))
        store.send(touch(.ended, d, at: ms(650)), at: ms(650)) { $0.touch = .none }
        #expect(panel.nextDeadline(store.state) == nil)
    }

    @Test func aQuickDeleteTapDeletesOnceOnRelease() {
        let store = panelStore(panel)
        let d = store.state.deleteKeyLocation!
        store.skip(touch(.began, d, at: t0), at: t0)
        store.send(touch(.ended, d, at: ms(90)), at: ms(90), [
            line(ms(90), "didTapDelete", ("repeat", "0")), .inputClick, .didTapDelete(repeatCount: 0),
        ]) { $0.touch = .none }
        #expect(panel.nextDeadline(store.state) == nil)
    }

    @Test func anAnimatedTabScrollNeedsFramesUntilItArrives() {
        let store = panelStore(panel)
        store.send(.scrollToSection(1, animated: true), at: t0, [
            line(t0, "setContentOffset", ("x", "750"), ("animated", "true")),
        ])
        #expect(store.state.scrollState == .animating && panel.needsFrames(store.state, at: t0))
        var t = t0
        var events: [PanelEvent] = []
        while panel.needsFrames(store.state, at: t) {
            t = t + .frames(1, at: 60)
            events += store.skip(.tick, at: t)
        }
        #expect(events.contains(line(t, "didEndScrollingAnimation", ("offset", "750"))))
        #expect(store.state.currentGroupName == "Animals" && store.state.pageInGroup == 0 && store.state.offset == 750)
    }

    @Test func searchAndClearReturnToThePageShownBefore() {
        let store = panelStore(panel)
        store.skip(.scrollToPage(3, animated: false), at: t0) // Animals, its second page
        let results = PanelSearch.search("food", in: PanelFixtures.groups).count
        store.send(.search("food"), at: ms(10), [
            line(ms(10), "search", ("query", "food"), ("results", String(results))),
            line(ms(10), "didChangeGroup", ("group", "Search: food"), ("index", "0")),
            line(ms(10), "didChangePage", ("group", "Search: food"), ("page", "0"), ("of", "1"), ("global", "0")),
            line(ms(10), "setContentOffset", ("x", "0"), ("animated", "false")),
        ]) {
            $0.query = "food"
            $0.currentPage = 0
        }
        #expect(store.state.currentGroupName == "Search: food" && store.state.pageInGroup == 0 && store.state.offset == 0)
        store.send(.clearSearch, at: ms(20), [
            line(ms(20), "searchCleared"),
            line(ms(20), "didChangeGroup", ("group", "Animals"), ("index", "1")),
            line(ms(20), "didChangePage", ("group", "Animals"), ("page", "1"), ("of", "5"), ("global", "3")),
        ]) {
            $0.query = nil
            $0.currentPage = 3
        }
        #expect(store.state.currentGroupName == "Animals" && store.state.pageInGroup == 1 && store.state.offset == 3 * 375)
    }

    @Test func drawingIsPureTwiceTheSameListAndTheSameState() {
        let panel = self.panel
        var p = panel.initialState(width: 375)
        _ = panel.reduce(into: &p, .touch(TouchEvent(id: 1, phase: .began, location: p.location(row: 0, column: 0), timestamp: t0)), at: t0)
        _ = panel.reduce(into: &p, .deadline, at: ms(300)) // a preview shows
        let state = p
        let a = p.displayList(at: ms(400))
        let b = p.displayList(at: ms(400))
        #expect(a == b)
        #expect(p == state)
        // A copy that diverges never reads the original's cached pages.
        var q = p
        _ = panel.reduce(into: &q, .scrollToPage(2, animated: false), at: ms(410))
        #expect(p.displayList(at: ms(400)) == a)
        #expect(q.displayList(at: ms(400)) != a)
    }
}
