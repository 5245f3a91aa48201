// EmojiSimTesting's DocC landing page (Sources/EmojiSimTesting/EmojiSimTesting.docc).
// snippet: docc-testing-overview
import Testing
import ChatUI
import EmojiSimTesting

@Test(.snapshots()) func emojiPanelFirstPage() {
    let panel = EmojiPanel(catalog: .demo, configuration: .device(.iphone8)).initialState(width: 375)
    assertSnapshot(of: panel.displayList(at: .zero), as: .ascii, named: "first-page")
}
// end snippet
