import Testing
import SimCore
import Tester
import ChatHarness
@testable import ChatUI

/// One visibility answer: `FinderResult.isVisible`, `Tester.isVisible`, `expect T
/// visible` and `expect T hidden` agree on every target, covered, off screen or
/// clipped, because the expectation reads the result's definition.
@Suite struct FinderVisibilityTests {
    /// Every way of asking, for one finder, at the same instant.
    func answers(_ tester: Tester<Host<ChatScreen>>, _ f: Finder) -> [Bool] {
        [tester.subject.resolve(f).isVisible, tester.isVisible(f),
         tester.check(f, .visible).passed, !tester.check(f, .hidden).passed]
    }

    @Test func aKeyUnderThePreviewIsHiddenEveryWay() throws {
        let screen = makeDemoScreen()
        let tester = Tester(screen)
        try tester.tap(.toggle)
        try tester.press(.cell(row: 1, column: 3))
        tester.pump(.milliseconds(500))
        #expect(screen.panelPreview != nil)
        let c = screen.panel.configuration
        let covered = (0..<c.rows).flatMap { r in (0..<c.columns).map { Finder.cell(row: r, column: $0) } }
            .filter { if case .covered = screen.resolve($0) { return true } else { return false } }
        #expect(!covered.isEmpty, "the preview covers a key")
        for f in covered {
            #expect(answers(tester, f) == [false, false, false, false], "\(f)")
            #expect(tester.check(f, .visible).found == "hidden (covered by the preview)")
            // Covered is still there: found, existing, enabled (Playwright's covered
            // element is attached and enabled, not visible to a touch).
            #expect(screen.resolve(f).found != nil && tester.exists(f) && tester.isEnabled(f))
        }
        #expect(answers(tester, .cell(row: 1, column: 3)) == [true, true, true, true])
        try tester.release()
    }

    @Test func offScreenTargetsAreHiddenEveryWay() throws {
        let screen = makeDemoScreen()
        let tester = Tester(screen)
        try tester.tap(.toggle)
        // A message scrolled off the top, an emoji on another page of the group.
        #expect(screen.visibleRows.lowerBound > 0)
        for f in [Finder.row(0), .emoji("小丑")] {
            guard case .offScreen = screen.resolve(f) else { Issue.record("\(f) is \(screen.resolve(f))"); continue }
            #expect(answers(tester, f) == [false, false, false, false], "\(f)")
            #expect(tester.exists(f) && !tester.isEnabled(f))
        }
        let last = Finder.row(screen.visibleRows.upperBound - 1)
        #expect(answers(tester, last) == [true, true, true, true])
    }

    /// A row half under the navigation bar is found by the part inside the list's
    /// viewport only (where it is drawn; the list clips it), and aimed at that part's
    /// centre, which is visible.
    @Test func aRowIsClippedByTheList() throws {
        let screen = makeDemoScreen()
        let tester = Tester(screen)
        let list = screen.listFrame()
        var clipped = 0
        for r in screen.visibleRows {
            let res = screen.resolve(.row(r))
            #expect(res.isVisible == tester.check(.row(r), .visible).passed && res.isVisible != tester.check(.row(r), .hidden).passed)
            let h = try #require(res.found, "row \(r) is \(res)")
            #expect(h.frame.minY >= list.minY && h.frame.maxY <= list.maxY, "row \(r) at \(h.frame), list at \(list)")
            let whole = screen.list.rowFrameInViewport(r).offsetBy(dx: 0, dy: list.minY)
            if whole.minY < list.minY || whole.maxY > list.maxY { clipped += 1; #expect(res.isHit, "row \(r): \(res)") }
        }
        #expect(clipped > 0, "the demo list shows a row across its edge")
    }

    /// Mid-scroll (manual timing, no idle wait) keys straddle the screen's edge: the
    /// answers still agree, and each key is found by the part inside the panel's pages.
    @Test func aKeyIsClippedByThePanelsPages() throws {
        let screen = makeDemoScreen()
        let tester = Tester(screen)
        try tester.tap(.toggle)
        try tester.pumpUntilIdle()
        let manual = Tester(screen, timing: .manual)
        try manual.press(at: Point(x: 300, y: screen.keyboardFrame().minY + 60))
        try manual.move(to: Point(x: 100, y: screen.keyboardFrame().minY + 60), over: .milliseconds(200))
        let kb = screen.keyboardFrame()
        let pages = screen.panel.layout.scrollFrame.offsetBy(dx: kb.minX, dy: kb.minY)
        let c = screen.panel.configuration
        var clipped = 0
        for r in 0..<c.rows {
            for col in 0..<c.columns {
                let f = Finder.cell(row: r, column: col)
                let res = screen.resolve(f)
                #expect(res.isVisible == manual.check(f, .visible).passed && res.isVisible != manual.check(f, .hidden).passed)
                if let h = res.found {
                    #expect(h.frame.minX >= pages.minX && h.frame.maxX <= pages.maxX && h.frame.minY >= pages.minY && h.frame.maxY <= pages.maxY, "\(f) at \(h.frame)")
                    if h.frame.width < screen.panel.layout.cellFrame(page: 0, row: 0, column: 0).width { clipped += 1 }
                }
            }
        }
        #expect(clipped > 0, "the scroll leaves keys across the edge")
        try manual.release()
    }
}
