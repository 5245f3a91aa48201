import Testing
import SimCore
import EmojiText
@testable import ChatUI
import ChatHarness

/// The skin-tone picker as a callout (issue 43 item 4): right above the pressed key,
/// joined to it by a stem, clamped to the screen at both edges, and never over the
/// other keys of the pressed key's row.
@Suite struct SkinToneCalloutTests {
    /// A panel whose every key has five variants, with room above it as in a chat
    /// screen (the preview bounds reach 400 points above the panel).
    func tonedPanel() -> (Host<EmojiPanel>, PanelDriver) {
        let (panel, d) = makePanel(variants: { e in
            (1...5).map { Emoji(code: e.code + "-\($0)", kind: .staticImage, imageName: e.code + "-\($0).png", group: e.group) }
        })
        panel.send(.setPreviewBounds(Rect(x: 0, y: -400, width: 375, height: 616)))
        return (panel, d)
    }

    func keyFrame(_ panel: Host<EmojiPanel>, row: Int, column: Int) -> Rect {
        let s = panel.state
        return s.panelFrame(s.layout.cellFrame(page: s.currentPage, row: row, column: column))
    }

    func open(_ panel: Host<EmojiPanel>, _ d: PanelDriver, row: Int, column: Int) throws -> EmojiPanel.SkinTonePicker {
        d.down(panel.location(row: row, column: column))
        d.wait(.milliseconds(300))
        return try #require(panel.state.skinPicker)
    }

    @Test(arguments: [0, 3, 7]) func theCalloutSitsRightAboveTheKeyClampedToTheScreen(column: Int) throws {
        let (panel, d) = tonedPanel()
        let row = 1 // row 2's column 7 is the delete key
        let key = keyFrame(panel, row: row, column: column)
        let picker = try open(panel, d, row: row, column: column)
        #expect(picker.keyFrame == key)
        #expect(picker.frame.maxY == key.minY)
        #expect(picker.frame.minX >= 0 && picker.frame.maxX <= 375)
        if picker.frame.minX > 0 && picker.frame.maxX < 375 { #expect(picker.frame.midX == key.midX) }
        if column == 0 { #expect(picker.frame.minX == 0) }
        if column == 7 { #expect(picker.frame.maxX == 375) } // 240 points wide: pushed in from the right edge
        // The stem joins the bubble to the key and covers only the key.
        #expect(picker.stemFrame.minY <= picker.frame.maxY && picker.stemFrame.maxY >= key.maxY)
        // No key of the same row is covered (the strip beside the key covered five).
        for c in 0..<8 where c != column {
            let other = keyFrame(panel, row: row, column: c)
            #expect(!picker.frame.intersects(other) && !picker.stemFrame.intersects(other.insetBy(dx: 2, dy: 2)), "column \(c)")
        }
    }

    @Test func aLonePanelsTopRowGetsTheCalloutBelowNotBeside() throws {
        let (panel, d) = makePanel(variants: { e in
            (1...5).map { Emoji(code: e.code + "-\($0)", kind: .staticImage, imageName: e.code + "-\($0).png", group: e.group) }
        })
        let key = keyFrame(panel, row: 0, column: 2)
        let picker = try open(panel, d, row: 0, column: 2)
        #expect(picker.frame.minY == key.maxY)
        for c in 0..<8 where c != 2 { #expect(!picker.frame.intersects(keyFrame(panel, row: 0, column: c))) }
    }

    @Test func theStemIsDrawnWithTheBubble() throws {
        let (panel, d) = tonedPanel()
        let picker = try open(panel, d, row: 1, column: 3)
        let list = panel.state.displayList(at: panel.clock.now)
        let rects = list.items.filter { $0.viewName == "EmojiPanel.skinTones" }.compactMap { item -> Rect? in
            if case .roundedRect(let r, _, _) = item.command { return r } else { return nil }
        }
        #expect(rects.contains(picker.stemFrame) && rects.contains(picker.frame))
    }
}
