import Testing
import SimCore
import EmojiText
import Raster
@testable import ChatUI

/// Seeded random sessions: whatever the touches, once everything settles the panel
/// rests on a page inside the content, shows no preview, holds no timer, and its
/// current page/group agree with the offset.
@Suite struct PanelPropertyTests {
    @Test(arguments: PanelSnapPolicy.allCases)
    func randomSessionsSettleCleanly(_ policy: PanelSnapPolicy) {
        var rng = SeededRandom(seed: 0xE4 &+ UInt64(PanelSnapPolicy.allCases.firstIndex(of: policy)!))
        var c = PanelConfiguration.standard
        c.snapPolicy = policy
        let (panel, d) = makePanel(configuration: c)
        var selects = 0, deletes = 0
        for step in 0..<200 {
            let x = rng.double(in: 0...374), y = rng.double(in: 0...215)
            switch rng.int(in: 0...5) {
            case 0: d.tap(Point(x: x, y: y))
            case 1:
                d.down(Point(x: x, y: y))
                d.wait(.milliseconds(rng.int(in: 50...900)))
                if rng.bool() { d.slide(from: Point(x: x, y: y), to: Point(x: rng.double(in: 0...374), y: y), over: .milliseconds(150)) }
                if rng.bool(probability: 0.2) { d.cancel(Point(x: x, y: y)) } else { d.up(Point(x: x, y: y)) }
            case 2: d.fling(at: Point(x: 187, y: 60), dx: rng.double(in: -300...300), over: .milliseconds(rng.int(in: 50...400)), settle: false)
            case 3: d.dragAndHold(at: Point(x: 187, y: 60), dx: rng.double(in: -300...300), over: .milliseconds(200))
            case 4:
                if let k = panel.deleteKeyLocation { d.press(k, for: .milliseconds(rng.int(in: 50...1200))) }
            default: d.tap(panel.location(ofTab: rng.int(in: 0..<panel.state.sections.count)))
            }
            // Half the time the next action lands on a panel still in motion.
            if rng.bool() { d.wait(.milliseconds(rng.int(in: 0...120))); continue }
            d.settle()
            for e in d.delegateCalls() {
                if case .didSelect = e { selects += 1 }
                if case .didTapDelete = e { deletes += 1 }
            }
            let s = panel.state
            let w = s.layout.pageWidth
            let settled = s.isSettled
            #expect(settled, "step \(step)")
            #expect(s.offset >= 0 && s.offset <= s.layout.maxOffset, "step \(step): offset \(s.offset)")
            if policy != .none {
                #expect(s.offset.truncatingRemainder(dividingBy: w) == 0, "step \(step): offset \(s.offset)")
            }
            #expect(s.preview == nil && s.skinPicker == nil)
            #expect(panel.clock.pendingTimerCount == 0, "step \(step)")
            #expect(s.currentPage == s.layout.nearestPage(offset: s.offset))
            #expect(s.currentSection == s.layout.pageSection[s.currentPage])
        }
        #expect(selects > 0 && deletes > 0) // the sessions did exercise the keys
    }
}

@Suite struct PanelDegenerateInputTests {
    @Test func anEmptyCatalogDrawsAMessageAndIgnoresTouches() {
        let (panel, d) = makePanel([])
        #expect(panel.state.layout.pageCount == 0 && panel.state.isPageControlHidden)
        d.tap(Point(x: 100, y: 60))
        d.fling(at: Point(x: 300, y: 60), dx: -200, over: .milliseconds(100))
        d.press(Point(x: 100, y: 60), for: .seconds(1))
        #expect(d.delegateCalls().isEmpty && panel.state.offset == 0)
        #expect(CharGrid(panel.displayList()).text.contains("No emoji"))
    }

    @Test func zeroAndNonFiniteWidthsAndTinyHeightsDoNotTrap() {
        let (panel, d) = makePanel()
        for w in [0.0, -10, .nan, .infinity, 1, 375] {
            panel.resize(width: w)
            _ = panel.displayList()
            d.tap(Point(x: 10, y: 30))
        }
        #expect(panel.state.width == 375 && panel.state.layout.pageCount == 8)
        var c = PanelConfiguration.standard
        c.height = 10; c.columns = 0; c.rows = -2
        c.itemSize = Size(width: -5, height: 1000)
        panel.configure(c)
        _ = panel.displayList()
        d.fling(at: Point(x: 300, y: 5), dx: -200, over: .milliseconds(100))
        #expect(panel.state.layout.columns == 1 && panel.state.layout.rows == 1)
        #expect(!panel.state.layout.hasDeleteKey && panel.state.layout.perPage == 1) // one cell: an emoji, not the delete key
    }
}
