import Testing
import SimCore
import Interaction
@testable import ChatUI

/// UIKit details of the emoji panel a port relies on (docs/PORTING.md).
@Suite struct PanelFidelityTests {
    /// Clearing a search (UISearchBar cancel) returns to the page and group shown before
    /// it, even when an emoji picked from the results put a Recents page in front: the
    /// page is found by what it showed, not by its old offset.
    @Test func clearingASearchReturnsToThePageAndGroupShownBeforeIt() {
        let (panel, d) = makePanel()
        panel.scroll(toPage: 3, animated: false)   // Animals, its second page
        #expect(panel.state.currentGroupName == "Animals" && panel.state.pageInGroup == 1)
        let firstShown = panel.state.layout.emojiRange(ofPage: 3).first.map { panel.state.sections[1].emoji[$0].code }
        panel.search("faces 1")
        d.tap(panel.location(row: 0, column: 0))    // picks a result: the first recent
        #expect(d.delegateCalls().contains { if case .didSelect = $0 { return true } else { return false } })
        panel.clearSearch()
        #expect(panel.state.sections.map(\.name) == ["Recents", "Faces", "Animals", "Food"])
        #expect(panel.state.currentGroupName == "Animals" && panel.state.pageInGroup == 1)
        let range = panel.state.layout.emojiRange(ofPage: panel.state.currentPage)
        #expect(range.first.map { panel.state.sections[panel.state.currentSection].emoji[$0].code } == firstShown)
        #expect(panel.state.offset == Double(panel.state.currentPage) * 375)
        // One announcement of the way back, after the searchCleared moment.
        let names = panel.trace.names()
        let cleared = names.lastIndex(of: "searchCleared")
        #expect(cleared != nil)
        if let cleared { #expect(Array(names[(cleared + 1)...]) == ["didChangeGroup", "didChangePage"]) }
    }

    /// Rapid flicks under paging (the default policy): a flick during the page
    /// animation of the previous one goes one page further, as UIKit keeps the paging
    /// direction, instead of stalling on the page already targeted.
    @Test func rapidFlicksDuringAPageAnimationAdvanceOnePageEach() {
        let (panel, d) = makePanel()
        #expect(panel.state.configuration.snapPolicy == .paging)
        let p = Point(x: 300, y: 60)
        d.fling(at: p, dx: -60, over: .milliseconds(100), settle: false)
        d.wait(.milliseconds(50))
        #expect(panel.state.scrollState == .decelerating)
        d.fling(at: p, dx: -60, over: .milliseconds(100), settle: false)
        d.wait(.milliseconds(50))
        d.fling(at: p, dx: -60, over: .milliseconds(100))
        #expect(panel.state.offset == 3 * 375)
        #expect(panel.state.currentPage == 3)
        let targets = panel.trace.retained.filter { $0.name == "willEndDragging" }.compactMap { e in
            e.fields.first { $0.key == "target" }?.value
        }
        #expect(targets == ["375", "750", "1125"])
    }

    /// A touch that catches the moving panel and lifts without dragging: the panel
    /// settles onto a page with no willBeginDecelerating (UIKit sends it only after a drag).
    @Test func liftingAFingerThatCaughtTheMovingPanelSendsNoWillBeginDecelerating() {
        let (panel, d) = makePanel()
        d.fling(at: Point(x: 300, y: 60), dx: -60, over: .milliseconds(100), settle: false)
        d.wait(.milliseconds(50))
        let before = panel.trace.retained.count
        d.press(Point(x: 200, y: 60), for: .milliseconds(50))
        d.settle()
        let after = panel.trace.retained[before...].map(\.name)
        #expect(!after.contains("willBeginDecelerating"))
        #expect(!after.contains("didSelect"))
        #expect(panel.state.isSettled && panel.state.offset.truncatingRemainder(dividingBy: 375) == 0)
    }
}
