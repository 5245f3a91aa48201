import Testing
import SimCore
import EmojiText
import Raster
import Tester
import ChatHarness
@testable import ChatUI

/// `displayList()` is pure: called twice it gives the same list and changes nothing,
/// even between frames while the keyboard moves (where drawing used to resize the list).
@Suite struct DrawingPurityTests {
    /// What drawing could have changed on a screen.
    struct Observed: Equatable {
        var now: SimInstant
        var traceCount: Int
        var viewport: Double
        var rows: Range<Int>
        var panel: EmojiPanel.State
        var inputBar: InputBar.State
        init(_ s: Host<ChatScreen>) {
            now = s.clock.now; traceCount = s.trace.totalCount; viewport = s.list.viewportHeight
            rows = s.list.displayedRows; panel = s.panel; inputBar = s.inputBar
        }
    }

    @Test func theScreensDisplayListTwiceIsTheSameAndChangesNothing() throws {
        let screen = makeDemoScreen()
        let tester = Tester(screen)
        try tester.tap(.input)
        try tester.tap(.toggle) // system -> emoji: the keyboard moves
        tester.pump(.milliseconds(37)) // between two frames, mid-animation
        #expect(screen.inputBar.keyboard.isAnimating)
        let before = Observed(screen)
        let a = screen.displayList()
        let b = screen.displayList()
        #expect(a == b)
        #expect(Observed(screen) == before)
        // The layout pass is explicit: it is what changes the list's height.
        screen.layoutIfNeeded()
        #expect(screen.list.viewportHeight == screen.listFrame().height)
    }

    @Test func theScreensEmojiKeyboardWithAPreviewDrawsPurely() throws {
        let screen = makeDemoScreen()
        let tester = Tester(screen)
        try tester.tap(.toggle)
        try tester.press(.emoji(screen.panel.sections[0].emoji[0].code))
        #expect(screen.shownKeyboard == .emoji)
        tester.pump(.milliseconds(400)) // the long press previews
        #expect(screen.panelPreview != nil)
        let before = Observed(screen)
        #expect(screen.displayList() == screen.displayList())
        #expect(Observed(screen) == before)
    }

    @Test func thePanelHostsDisplayListTwiceIsTheSame() {
        let (panel, d) = makePanel()
        d.down(panel.location(row: 0, column: 0))
        d.wait(.milliseconds(350))
        let state = panel.state
        #expect(panel.displayList() == panel.displayList())
        #expect(panel.state == state)
    }
}
