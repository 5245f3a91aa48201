import SimCore
import EmojiText
@testable import ChatUI
import Testing

/// The Recents page does not reorder while it is the page in view (docs/PORTING.md,
/// "Recents"): picks are recorded at once, shown once the panel rests elsewhere.
@Suite struct PanelRecentsTests {
    /// Picks f000 then f001 on Faces, so Recents is [f001, f000], and shows Recents.
    func panelOnRecents() throws -> (Host<EmojiPanel>, PanelDriver) {
        let (panel, d) = makePanel()
        d.tap(try #require(panel.location(ofEmoji: "f000")))
        d.tap(try #require(panel.location(ofEmoji: "f001")))
        #expect(panel.state.sections.first?.kind == .recents)
        #expect(panel.state.currentGroupName == "Faces") // the first pick did not move the view
        panel.scroll(toSection: 0, animated: false)
        d.settle()
        #expect(panel.state.currentGroupName == "Recents")
        _ = d.delegateCalls()
        return (panel, d)
    }

    func picked(_ d: PanelDriver) -> [String] {
        d.delegateCalls().compactMap { e in
            if case .didSelect(let emoji) = e { return emoji.code }
            return nil
        }
    }

    @Test func tappingTheSameRecentKeyTwiceInsertsTheSameEmojiTwice() throws {
        let (panel, d) = try panelOnRecents()
        let key = panel.location(row: 0, column: 1) // f000, second most recent
        d.tap(key)
        d.tap(key)
        #expect(picked(d) == ["f000", "f000"])
        // Recorded at once (what an app saves), not shown yet.
        #expect(panel.recentEmojis.codes == ["f000", "f001"])
        #expect(panel.state.shownRecents.map { $0.code } == ["f001", "f000"])
        #expect(panel.state.sections[0].emoji.map { $0.code } == ["f001", "f000"])
    }

    @Test func theNewOrderShowsOnceThePanelRestsOnAnotherPage() throws {
        let (panel, d) = try panelOnRecents()
        d.tap(panel.location(row: 0, column: 1))
        // A swipe to the next page: the order changes only after the scroll has ended.
        d.fling(at: Point(x: 300, y: 80), dx: -200, over: .milliseconds(150), settle: false)
        #expect(panel.state.sections[0].emoji.map { $0.code } == ["f001", "f000"])
        d.settle()
        #expect(panel.state.currentGroupName == "Faces")
        #expect(panel.state.sections[0].emoji.map { $0.code } == ["f000", "f001"])
        // The view did not move: the relayout kept the page in view.
        #expect(panel.state.pageInGroup == 0)
        #expect(!panel.trace.names().contains("didChangeGroup") || panel.trace.retained.last { $0.name == "didChangeGroup" }?.fields.first?.value == "Faces")
    }

    @Test func picksOnOtherPagesShowAtOnce() throws {
        let (panel, d) = makePanel()
        d.tap(try #require(panel.location(ofEmoji: "f000")))
        d.tap(try #require(panel.location(ofEmoji: "f001")))
        #expect(panel.state.sections[0].emoji.map { $0.code } == ["f001", "f000"])
    }
}
