import Testing
import SimCore
import Tester
import ChatHarness
import ChatUI
import EmojiText
import Raster
import EmojiSimTesting

/// What a newcomer writes from README, ARCHITECTURE and PORTING alone: a chat screen on
/// `Host<ChatScreen>`, driven by finders, checked with expectations and a snapshot.
@Suite struct ChatScreenGuideTests {
    @Test(.snapshots()) func pickDeleteAndSendFromThePanel() throws {
        let screen = Host<ChatScreen>(profile: .iphone8, catalog: .demo, messages: [],
                                      images: SyntheticEmojiImages.library(for: .demo))
        let tester = Tester(screen)
        try tester.expect(.send, .disabled)
        try tester.expect(.emoji("笑哭"), .absent)
        try tester.tap(.input)
        try tester.tap(.toggle)
        try tester.expect(.emoji("笑哭"), .visible)
        try tester.tap(.emoji("笑哭"))
        try tester.tap(.emoji("微笑"))
        try tester.expect(.input, .text("[笑哭][微笑]"))
        try tester.expect(.send, .enabled)
        try tester.tap(.delete)
        try tester.expect(.input, .text("[笑哭]"))
        try tester.tap(.send)
        try tester.expect(.input, .text(""))
        try tester.expect(.send, .disabled)
        try tester.expect(.row(0), .visible)
        try tester.expect(.row(1), .absent)
        #expect(screen.messageCount == 1)
        #expect(screen.lastMessageText == "[笑哭]")
        assertSnapshot(of: screen, as: .ascii)
    }
}

/// The screen's wiring as a newcomer asserts it from PORTING's "ChatScreen -> the view
/// controller" tables: a `TestStore` over `ChatScreen` (no `@testable`), checking only
/// what it names (`exhaustivity = .off`): the pick's fed-back insert, the send's
/// fed-back append.
@Suite struct ChatScreenGuideStoreTests {
    let chat = ChatScreen(profile: .iphone8, catalog: .demo)
    let t0 = SimInstant.zero + .seconds(1)

    @Test func aPickIsFedBackAsAnInsertAndASendAppendsToTheList() throws {
        let store = TestStore(chat, state: chat.initialState().state, report: recordTestStoreIssue)
        store.exhaustivity = .off
        let laughing = try #require(EmojiCatalog.demo.emoji(forCode: "笑哭"))

        store.send(.inputBar(.tapToggle), at: t0)                       // the emoji keyboard comes up
        store.send(.frame, at: t0 + .milliseconds(250))                 // and settles
        #expect(store.state.inputBar.keyboard.kind == .emoji)

        store.send(.panel(.select(laughing)), at: t0 + .seconds(1), [.panel(.didSelect(laughing))])
        store.receive(.inputBar(.insertEmoji(laughing)))                // the panel's delegate call
        #expect(store.state.inputBar.text == "[笑哭]")
        #expect(store.state.inputBar.isSendEnabled)

        let sent = store.state.inputBar.serverText
        store.send(.inputBar(.tapSend), at: t0 + .seconds(2), [.outgoing(sent)])
        store.receive(.send(sent), [.sent(Message.ID(0))]) {            // post it, append it
            $0.nextMessageID = 1
        }
        #expect(store.state.list.count == 1 && store.state.list.lastMessage?.serverText == sent)
        #expect(store.state.inputBar.text.isEmpty && !store.state.inputBar.isSendEnabled)
        store.finish()
    }
}

/// A component drawn as a ratatui widget is tested: into an area, then the grid compared
/// with a literal. The input bar lays out to its device's width, so one bar state per
/// width.
@Suite struct InputBarGuideGridTests {
    /// The bar of `profile`, focused, the keyboard settled, "你好" and an emoji typed.
    func bar(_ profile: DeviceProfile) throws -> InputBar.Drawing {
        var state = InputBar.State(profile: profile, catalog: .demo)
        let bar = InputBar()
        _ = try bar.reduce(into: &state, .tapTextView(), at: .zero)
        let settled = SimInstant.zero + .milliseconds(600)
        _ = try bar.reduce(into: &state, .tick, at: settled)
        _ = try bar.reduce(into: &state, .type("你好"), at: settled)
        _ = try bar.reduce(into: &state, .tapToggle, at: settled)
        _ = try bar.reduce(into: &state, .insertEmoji(try #require(EmojiCatalog.demo.emoji(forCode: "笑哭"))), at: settled)
        return state.drawing(at: settled)
    }

    @Test func theBarAtTwoWidths() throws {
        // 375 pt (iPhone 8): the hairline, the keyboard toggle (the emoji keyboard is up),
        // the text with its emoji as a legend code and the caret, the enabled send button
        // at the right edge.
        let wide = try bar(.iphone8)
        #expect(wide.size == Size(width: 375, height: 48))
        #expect(CharGrid(wide.displayList(size: wide.size, in: Rect(origin: .zero, size: wide.size))).text ==
        """
        ───────────────────────────────────────────────
           ⌨   你好i7▏                          ➤Send

        legend: i7=笑哭

        """)
        // 240 pt: the same bar laid out to the narrower device, the send button moved in.
        let narrow = try bar(.custom(width: 240, height: 400, scale: 1))
        #expect(narrow.size == Size(width: 240, height: 48))
        #expect(CharGrid(narrow.displayList(size: narrow.size, in: Rect(origin: .zero, size: narrow.size))).text ==
        """
        ──────────────────────────────
           ⌨   你好i7▏         ➤Send

        legend: i7=笑哭

        """)
    }
}
