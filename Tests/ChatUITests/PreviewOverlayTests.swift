import Testing
import SimCore
import Raster
import Tester
import ChatHarness
@testable import ChatUI

/// The long-press preview in a whole screen: above the finger for every row (over the
/// input bar for the top row), drawn on top of everything, unclipped by the panel,
/// in the display list and therefore in both rasterizers.
@Suite struct PreviewOverlayTests {
    func screenWithPanel() throws -> Tester<Host<ChatScreen>> {
        let tester = Tester(makeDemoScreen(profile: .iphone8))
        try tester.tap(.toggle)
        try tester.pumpUntilIdle()
        return tester
    }

    @Test(arguments: [(0, 0), (0, 7), (2, 0), (2, 6)])
    func previewRisesAboveTheFingerAndIsDrawnLast(row: Int, column: Int) throws {
        let tester = try screenWithPanel()
        let screen = tester.subject
        let kb = screen.keyboardFrame()
        try tester.press(.cell(row: row, column: column))
        tester.pump(.milliseconds(500))
        let p = try #require(screen.panel.preview)
        let bubble = p.placement.frame.offsetBy(dx: kb.minX, dy: kb.minY)
        let keyOnScreen = p.keyFrame.offsetBy(dx: kb.minX, dy: kb.minY)
        #expect(bubble.maxY == keyOnScreen.minY - screen.panel.configuration.previewLift)
        #expect(screen.bounds.union(bubble) == screen.bounds)
        #expect(bubble.minX <= keyOnScreen.midX && bubble.maxX >= keyOnScreen.midX)
        if row == 0 { #expect(bubble.minY < kb.minY) } // over the input bar
        // The preview's items come after the panel's clip closes: nothing clips them.
        let list = screen.displayList()
        let items = list.items
        let first = try #require(items.firstIndex { $0.viewName == "EmojiPanel.preview" })
        var depth = 0
        for item in items[..<first] {
            if case .pushClip = item.command { depth += 1 }
            if case .popClip = item.command { depth -= 1 }
        }
        #expect(depth == 0)
        #expect(items[first...].allSatisfy { $0.viewName?.hasPrefix("EmojiPanel.preview") ?? false })
        // The grid shows the bubble at the same place: its top-left corner cell.
        let grid = CharGrid(list)
        let c = Int((bubble.minX / CharGrid.cellWidth).rounded(.up)), r = Int((bubble.minY / CharGrid.cellHeight).rounded(.up))
        #expect(grid[c, r] == "╭")
        try tester.release()
    }
}
