import Testing
import SimCore
import EmojiText
import Interaction
import EmojiSimTesting
@testable import ChatUI

/// What the panel shows of its state, as settable fields for the TestStore: what a
/// user sees (page, group, preview, picker, recents, search) and what its host reads
/// (the next deadline, whether it needs frames).
struct PanelObservation: Equatable {
    var page: Int
    var group: String
    var pageInGroup: Int
    var touch: EmojiPanel.TouchMode
    var preview: String?
    var skinTone: Int?
    var recents: [String]
    var query: String?
    var offset: Double
    var scrollState: ScrollState
    var isScrollEnabled: Bool
    var nextDeadline: SimInstant?
    var needsFrames: Bool

    init(_ p: EmojiPanel) {
        let s = p.state
        page = s.currentPage; group = s.currentGroupName; pageInGroup = s.pageInGroup; touch = s.touch
        preview = s.preview?.emoji.code; skinTone = s.skinPicker?.selected; recents = s.recents.map(\.code)
        query = s.query; offset = s.offset; scrollState = s.scrollState; isScrollEnabled = s.isScrollEnabled
        nextDeadline = p.nextDeadline; needsFrames = p.needsFrames
    }
}

/// One action at its instant.
struct PanelStep {
    var action: EmojiPanel.Action
    var now: SimInstant
    init(_ action: EmojiPanel.Action, at now: SimInstant) { self.action = action; self.now = now }
    static func touch(_ phase: TouchEvent.Phase, _ p: Point, at t: SimInstant, id: Int = 1) -> PanelStep {
        PanelStep(.touch(TouchEvent(id: id, phase: phase, location: p, timestamp: t)), at: t)
    }
}

typealias PanelStore = ObservingTestStore<EmojiPanel, PanelStep, PanelObservation, PanelEvent, Never>

func panelStore(_ panel: EmojiPanel) -> PanelStore {
    PanelStore(panel, observe: PanelObservation.init, reduce: { $0.send($1.action, at: $1.now) },
               report: recordTestStoreIssue)
}

/// A `panel` trace line, as the panel returns it.
func line(_ t: SimInstant, _ name: String, _ fields: (String, String)...) -> PanelEvent {
    .trace(TraceEvent(time: t, source: "panel", name: name, fields: fields.map { .init($0.0, $0.1) }))
}

@Suite struct PanelStoreTests {
    let t0 = SimInstant.zero + .seconds(1)
    func ms(_ n: Int) -> SimInstant { t0 + .milliseconds(n) }
    var panel: EmojiPanel { EmojiPanel(groups: PanelFixtures.groups, width: 375) }

    @Test func aTapSelectsClicksAndAddsARecentWithoutMovingThePage() {
        var store = panelStore(panel)
        let p = store.model.location(row: 0, column: 1)
        let e = PanelFixtures.groups[0].emoji[1]
        let hit = store.model.state.layout.hit(panel: p, offset: 0)
        store.send(.touch(.began, p, at: t0)) {
            $0.touch = .pending(id: 1, start: p, hit: hit)
            $0.nextDeadline = self.ms(300) // the long press
        }
        store.send(.touch(.ended, p, at: ms(80)), [
            line(ms(80), "didSelect", ("code", e.code), ("via", "tap"), ("group", "Faces"), ("page", "0")),
            .inputClick, .didSelect(e),
        ]) {
            $0.touch = .none
            $0.recents = [e.code]
            $0.page = 1 // a Recents page in front; Faces page 0 stays in view
            $0.offset = 375
            $0.nextDeadline = nil
        }
    }

    @Test func aLongPressPreviewsAtItsDeadlineAndDisablesScrolling() {
        var store = panelStore(panel)
        let p = store.model.location(row: 0, column: 2)
        let e = PanelFixtures.groups[0].emoji[2]
        let frame = "[143.5,0 120x120]" // 120 x 120, kept inside the panel (no room above it)
        store.skip(.touch(.began, p, at: t0))
        // The host calls back at the deadline it was given.
        store.send(PanelStep(.deadline, at: ms(300)), [
            line(ms(300), "longPressBegan", ("at", "\(p)")),
            line(ms(300), "previewBegan", ("code", e.code), ("frame", frame)),
        ]) {
            $0.touch = .previewing(id: 1)
            $0.preview = e.code
            $0.isScrollEnabled = false
            $0.nextDeadline = nil
        }
        store.send(.touch(.ended, p, at: ms(500)), [
            line(ms(500), "previewEnded", ("code", e.code), ("inserted", "false")),
        ]) {
            $0.touch = .none
            $0.preview = nil
            $0.isScrollEnabled = true
        }
    }

    @Test func theDeleteKeyRepeatsAtItsDeadlinesAndNotAgainOnRelease() {
        var store = panelStore(panel)
        let d = store.model.deleteKeyLocation!
        store.send(.touch(.began, d, at: t0)) {
            $0.touch = .deleting(id: 1)
            $0.nextDeadline = self.ms(500)
        }
        store.send(PanelStep(.deadline, at: ms(500)), [
            line(ms(500), "didTapDelete", ("repeat", "1")), .inputClick, .didTapDelete(repeatCount: 1),
        ]) { $0.nextDeadline = self.ms(600) }
        store.send(PanelStep(.deadline, at: ms(600)), [
            line(ms(600), "didTapDelete", ("repeat", "2")), .inputClick, .didTapDelete(repeatCount: 2),
        ]) { $0.nextDeadline = self.ms(700) }
        store.send(.touch(.ended, d, at: ms(650))) {
            $0.touch = .none
            $0.nextDeadline = nil
        }
    }

    @Test func aQuickDeleteTapDeletesOnceOnRelease() {
        var store = panelStore(panel)
        let d = store.model.deleteKeyLocation!
        store.skip(.touch(.began, d, at: t0))
        store.send(.touch(.ended, d, at: ms(90)), [
            line(ms(90), "didTapDelete", ("repeat", "0")), .inputClick, .didTapDelete(repeatCount: 0),
        ]) {
            $0.touch = .none
            $0.nextDeadline = nil
        }
    }

    @Test func anAnimatedTabScrollNeedsFramesUntilItArrives() {
        var store = panelStore(panel)
        store.send(PanelStep(.scrollToSection(1, animated: true), at: t0), [
            line(t0, "setContentOffset", ("x", "750"), ("animated", "true")),
        ]) {
            $0.scrollState = .animating
            $0.needsFrames = true
        }
        var t = t0
        var events: [PanelEvent] = []
        while store.model.needsFrames {
            t = t + .frames(1, at: 60)
            events += store.skip(PanelStep(.tick, at: t))
        }
        #expect(events.contains(line(t, "didEndScrollingAnimation", ("offset", "750"))))
        #expect(store.state.group == "Animals" && store.state.pageInGroup == 0 && store.state.offset == 750)
    }

    @Test func searchAndClearReturnToThePageShownBefore() {
        var store = panelStore(panel)
        store.skip(PanelStep(.scrollToPage(3, animated: false), at: t0)) // Animals, its second page
        let results = PanelSearch.search("food", in: PanelFixtures.groups).count
        store.send(PanelStep(.search("food"), at: ms(10)), [
            line(ms(10), "search", ("query", "food"), ("results", String(results))),
            line(ms(10), "didChangeGroup", ("group", "Search: food"), ("index", "0")),
            line(ms(10), "didChangePage", ("group", "Search: food"), ("page", "0"), ("of", "1"), ("global", "0")),
            line(ms(10), "setContentOffset", ("x", "0"), ("animated", "false")),
        ]) {
            $0.query = "food"
            $0.group = "Search: food"
            $0.page = 0
            $0.pageInGroup = 0
            $0.offset = 0
        }
        store.send(PanelStep(.clearSearch, at: ms(20)), [
            line(ms(20), "searchCleared"),
            line(ms(20), "didChangeGroup", ("group", "Animals"), ("index", "1")),
            line(ms(20), "didChangePage", ("group", "Animals"), ("page", "1"), ("of", "5"), ("global", "3")),
        ]) {
            $0.query = nil
            $0.group = "Animals"
            $0.page = 3
            $0.pageInGroup = 1
            $0.offset = 3 * 375
        }
    }

    @Test func drawingIsPureTwiceTheSameListAndTheSameState() {
        var p = panel
        _ = p.send(.touch(TouchEvent(id: 1, phase: .began, location: p.location(row: 0, column: 0), timestamp: t0)), at: t0)
        _ = p.send(.deadline, at: ms(300)) // a preview shows
        let before = PanelObservation(p)
        let state = p.state
        let a = p.displayList(at: ms(400))
        let b = p.displayList(at: ms(400))
        #expect(a == b)
        #expect(p.state == state && PanelObservation(p) == before)
        // A copy that diverges never reads the original's cached pages.
        var q = p
        _ = q.send(.scrollToPage(2, animated: false), at: ms(410))
        #expect(p.displayList(at: ms(400)) == a)
        #expect(q.displayList(at: ms(400)) != a)
    }
}
