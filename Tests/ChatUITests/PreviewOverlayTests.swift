import Testing
import SimCore
import Raster
@testable import ChatUI

/// The long-press preview in a whole screen: above the finger for every row (over the
/// input bar for the top row), drawn on top of everything, unclipped by the panel,
/// in the display list and therefore in both rasterizers.
@Suite struct PreviewOverlayTests {
    func screenWithPanel() throws -> ChatScreen {
        let screen = makeDemoScreen(profile: .iphone8)
        try screen.tap(target: "toggle")
        _ = screen.settle()
        return screen
    }

    @Test(arguments: [(0, 0), (0, 7), (2, 0), (2, 6)])
    func previewRisesAboveTheFingerAndIsDrawnLast(row: Int, column: Int) throws {
        let screen = try screenWithPanel()
        let kb = screen.keyboardFrame()
        let key = screen.panel.location(row: row, column: column)
        try screen.touchDown(at: Point(x: kb.minX + key.x, y: kb.minY + key.y))
        screen.advance(by: .milliseconds(500))
        let p = try #require(screen.panel.state.preview)
        let bubble = p.placement.frame.offsetBy(dx: kb.minX, dy: kb.minY)
        let keyOnScreen = p.keyFrame.offsetBy(dx: kb.minX, dy: kb.minY)
        #expect(bubble.maxY == keyOnScreen.minY - screen.panel.state.configuration.previewLift)
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
        screen.touchUp(at: Point(x: kb.minX + key.x, y: kb.minY + key.y))
    }
}
