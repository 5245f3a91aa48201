import Testing
import SimCore
import Raster
import Tester
import ChatHarness
@testable import ChatUI

/// A view is found by one name (issue 46): the keyboard slot showing the emoji panel was
/// `emojiPanel` and the panel in it `EmojiPanel`, so `expect view emojiPanel visible`
/// failed `found hidden (covered by EmojiPanel)`, the slot covered by its own content.
@Suite struct ViewNameTests {
    /// The screen with the emoji panel up, settled.
    func panelUp() throws -> (Host<ChatScreen>, Tester<Host<ChatScreen>>) {
        let screen = makeDemoScreen()
        let tester = Tester(screen)
        try tester.tap(.input)
        try tester.tap(.toggle)
        try tester.pumpUntilIdle()
        return (screen, tester)
    }

    @Test func theEmojiPanelIsVisibleUnderItsOneName() throws {
        let (_, tester) = try panelUp()
        try tester.expect(.view(ChatScreen.emojiPanelView), .visible)
        #expect(!tester.exists(.view("emojiPanel")))
    }

    @Test func noTwoViewsDifferOnlyByCase() throws {
        let (screen, _) = try panelUp()
        var byFold: [String: Set<String>] = [:]
        for name in screen.displayList().items.compactMap(\.viewName) { byFold[name.lowercased(), default: []].insert(name) }
        #expect(byFold.count > 10)
        #expect(byFold.values.filter { $0.count > 1 }.map { $0.sorted() } == [])
    }
}
