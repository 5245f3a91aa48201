import Testing
import SimCore
import Tester
import ChatHarness
@testable import ChatUI

/// The chat screen's finders, through `resolve` and the Tester's gestures.
@Suite struct ChatScreenFinderTests {
    @Test func anEmojiOnThePanelIsTappedByItsCode() throws {
        let screen = makeDemoScreen()
        let t = Tester(screen)
        try t.tap(.toggle)
        #expect(screen.keyboard == .emoji)
        // Resolution reads the screen as it is: while the panel slides in its keys are
        // still below the screen, so settle first (the gestures do it themselves).
        #expect(screen.resolve(.emoji("微笑")).isHit == false)
        try t.synchronize()
        let r = screen.resolve(.emoji("微笑"))
        #expect(r.isHit, "\(r)")
        #expect(r.found?.count == 1)
        try t.tap(.emoji("微笑"))
        try t.tap(.emoji("微笑"))
        #expect(screen.inputServerText == "[微笑][微笑]")
        try t.tap(.delete)
        #expect(screen.inputServerText == "[微笑]")
    }

    @Test func panelFindersAreMissingWithoutTheEmojiKeyboard() {
        let screen = makeDemoScreen()
        #expect(screen.resolve(.emoji("微笑")) == .missing("the emoji keyboard is not shown (keyboard: none)"))
        do {
            try Tester(screen).tap(.panel)
            Issue.record("tapped a panel that is not shown")
        } catch {
            #expect(error.description == "tap panel: the emoji keyboard is not shown (keyboard: none)")
        }
    }

    @Test func unknownCodesAndWireFormsSayWhatToWrite() throws {
        let screen = makeDemoScreen()
        try Tester(screen).tap(.toggle)
        #expect(screen.resolve(.emoji("nope")) == .notInCatalog("nope"))
        #expect(screen.resolve(.emoji("[微笑]")).description
                == "no emoji with code '[微笑]'; codes are written without the brackets: panel.emoji 微笑")
    }

    @Test func sendIsDisabledWithItsReasonUntilThereIsText() throws {
        let screen = makeDemoScreen()
        guard case .disabled(let why, let h) = screen.resolve(.send) else {
            Issue.record("send is not disabled: \(screen.resolve(.send))"); return
        }
        #expect(why == "the input is empty")
        #expect(h.frame.width > 0)
        #expect(throws: TesterError.notActionable(action: "tap send", .send, screen.resolve(.send))) {
            try Tester(screen).tap(.send)
        }
    }

    @Test func aRowScrolledOffIsOffScreenWithTheDisplayedRows() {
        let screen = makeDemoScreen()
        let shown = screen.visibleRows
        #expect(shown.lowerBound > 0)
        let r = screen.resolve(.row(0))
        guard case .offScreen(let why, _) = r else { Issue.record("row 0 is \(r)"); return }
        #expect(why == "row 0 is scrolled off (rows \(shown.lowerBound) to \(shown.upperBound - 1) are displayed)")
        #expect(r.exists && !r.isVisible)
        #expect(screen.resolve(.row(shown.upperBound - 1)).isHit)
        #expect(screen.resolve(.row(9999)).exists == false)
    }

    @Test func theSkinTonePickerNeedsALongPress() throws {
        let screen = makeDemoScreen()
        try Tester(screen).tap(.toggle)
        #expect(screen.resolve(.skinTone(0)) == .missing("no skin-tone picker is open (long-press an emoji with skin tones)"))
    }
}
