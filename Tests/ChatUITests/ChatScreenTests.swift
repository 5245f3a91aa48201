import Testing
import SimCore
import EmojiText
import Raster
import Tester
import ChatHarness
import EmojiSimTesting
@testable import ChatUI

func makeDemoScreen(profile: DeviceProfile = .iphone14, messages: [Message] = DemoConversation.messages(),
                    locale: String = "en") -> Host<ChatScreen> {
    var config = ChatScreen.Configuration()
    config.locale = locale
    return Host<ChatScreen>(profile: profile, catalog: .demo, messages: messages,
                            images: SyntheticEmojiImages.library(for: .demo), configuration: config)
}

/// Frame by frame, calling `check` after each, until nothing moves (at most `limit`
/// frames): every frame of an animation is looked at, none skipped.
func framesUntilIdle(_ tester: Tester<Host<ChatScreen>>, limit: Int = 240, _ check: () -> Void) {
    for _ in 0..<limit where !tester.subject.isSettled {
        tester.pumpToNextFrame()
        check()
    }
    #expect(tester.subject.isSettled, "still moving after \(limit) frames: \(tester.subject.motion)")
}

/// Player starts minus stops in the trace: the players running right now.
func runningPlayersFromTrace(_ trace: Trace) -> Int {
    var n = 0
    for e in trace.retained where e.source == "list" {
        if e.name == "playerStart" { n += 1 } else if e.name == "playerStop" { n -= 1 }
    }
    return n
}

@Suite struct ChatScreenTests {
    @Test func opensAtTheBottomWithTheDemoConversation() {
        let screen = makeDemoScreen()
        #expect(screen.messageCount == DemoConversation.script.count)
        #expect(screen.visibleRows.upperBound == screen.messageCount)
        #expect(screen.list.isAtBottom && screen.isSettled)
        #expect(screen.listModel.invariantViolations(screen.list).isEmpty)
        #expect(screen.listFrame().maxY == screen.inputBarFrame().minY)
        #expect(screen.listFrame().minY == screen.navigationBarFrame.maxY)
    }

    @Test func typingAndSendingScrollsToTheBottomAnimated() throws {
        let screen = makeDemoScreen(messages: DemoConversation.generated(count: 300, seed: 2))
        let tester = Tester(screen)
        try tester.tap(.input)
        #expect(screen.keyboard == .system)
        try screen.type("hello [微笑]")
        #expect(screen.isSendEnabled && screen.inputServerText == "hello [微笑]")
        // Scroll up first so the send has somewhere to go.
        try tester.pumpUntilIdle()
        screen.sendList(.setDistanceFromBottom(1_500, animated: false))
        try tester.tap(.send)
        #expect(screen.lastMessageText == "hello [微笑]" && screen.inputServerText.isEmpty && !screen.isSendEnabled)
        #expect(screen.list.scroll.state == .animating)
        try tester.pumpUntilIdle()
        #expect(screen.list.isAtBottom && screen.visibleRows.upperBound == screen.messageCount)
        #expect(screen.trace.lines.contains { $0.contains("screen send message=m300") })
        #expect(screen.trace.lines.contains { $0.contains("list didEndScrollingAnimation") })
    }

    @Test func aReceiveOffTheBottomShowsTheMarkerAndItsTapScrollsDown() throws {
        let screen = makeDemoScreen(messages: DemoConversation.generated(count: 300, seed: 4))
        let tester = Tester(screen)
        screen.sendList(.setDistanceFromBottom(2_000, animated: false))
        let rows = screen.visibleRows
        let top = screen.list.rowFrameInViewport(rows.lowerBound)
        screen.receive("新消息 [哈哈]")
        #expect(screen.newMessagesCount == 1)
        #expect(screen.visibleRows == rows && screen.list.rowFrameInViewport(rows.lowerBound) == top, "the view must not move")
        #expect(tester.isVisible(.view("list.marker")))
        try tester.tap(.view("list.marker"))
        try tester.pumpUntilIdle()
        #expect(screen.newMessagesCount == 0 && screen.list.isAtBottom)
        #expect(!tester.exists(.view("list.marker")))
        // At the bottom a receive scrolls along.
        screen.receive("again")
        #expect(screen.newMessagesCount == 0)
        try tester.pumpUntilIdle()
        #expect(screen.list.isAtBottom)
    }

    @Test func theLastMessageStaysInViewAtEveryKeyboardFrame() throws {
        let screen = makeDemoScreen()
        func checkFrame() {
            let list = screen.list   // a value: read after the frame
            #expect(screen.listFrame().maxY == screen.inputBarFrame().minY)
            #expect(list.viewportHeight == screen.listFrame().height)
            let last = list.rowFrameInViewport(list.count - 1)
            #expect(last.maxY <= list.viewportHeight + 0.001 && list.displayedRows.contains(list.count - 1))
            #expect(screen.listModel.invariantViolations(list).isEmpty)
        }
        let tester = Tester(screen)
        try tester.tap(.input)                                    // show: system
        framesUntilIdle(tester, checkFrame)
        try tester.tap(.toggle)                                   // switch: emoji
        #expect(screen.keyboard == .emoji)
        framesUntilIdle(tester, checkFrame)
        try tester.tap(.outside)                                  // hide
        #expect(screen.keyboard == .none)
        framesUntilIdle(tester, checkFrame)
    }

    @Test func panelSelectionsGoIntoTheInputBar() throws {
        let screen = makeDemoScreen()
        let tester = Tester(screen)
        try tester.tap(.toggle)
        try tester.synchronize()
        #expect(screen.keyboard == .emoji && screen.panelGroup.isEmpty == false)
        try tester.tap(.emoji("微笑"))
        try tester.tap(.emoji("微笑"))
        #expect(screen.inputServerText == "[微笑][微笑]")
        try tester.tap(.delete)
        #expect(screen.inputServerText == "[微笑]")
        #expect(throws: ChatScreenError.self) { try screen.type("x") }
        // The bar's own message already names it: said once, not "input bar: input bar: …".
        do { try screen.type("x") } catch {
            #expect(error.description == "input bar: cannot type: the system keyboard is not up (keyboard: emoji)")
        }
        #expect(throws: TesterError.self) { try tester.tap(.label("nowhere")) }
        do { try tester.tap(.label("nowhere")) } catch {
            #expect(error.description == #"tap label "nowhere": nothing drawn has the accessibility label "nowhere""#)
        }
    }

    @Test func gifsAnimateExactlyWhileVisibleThroughFlingsAndMemoryWarnings() throws {
        let screen = makeDemoScreen(messages: DemoConversation.generated(count: 400, seed: 9, animatedEvery: 3))
        func check() {
            #expect(screen.listModel.invariantViolations(screen.list).isEmpty)
            #expect(runningPlayersFromTrace(screen.trace) == screen.animatingPlayerCount)
        }
        let tester = Tester(screen)
        check()
        #expect(screen.animatingPlayerCount > 0)
        try tester.swipe(.list, .down, by: 300, at: 3_000)
        for _ in 0..<90 { tester.pumpToNextFrame(); check() }
        #expect(screen.list.distanceFromBottom > 500, "a downward fling goes back in history")
        let decodes = screen.frameCache.statistics.decodes
        screen.simulateMemoryWarning()
        #expect(screen.frameCache.statistics.bytesHeld == 0)
        tester.pumpToNextFrame()
        check()
        #expect(screen.animatingPlayerCount > 0 && screen.frameCache.statistics.bytesHeld > 0)
        #expect(screen.frameCache.statistics.decodes > decodes, "visible players decode again on demand")
        #expect(screen.trace.lines.contains { $0.contains("list memoryWarning purgedBytes=") })
        try tester.swipe(.list, .up, by: 300, at: 4_000)
        framesUntilIdle(tester, limit: 600, check)
    }
}

extension ChatScreenTests {
    /// The same script gives the same trace and the same frame, byte for byte.
    @Test func aScriptReplaysIdentically() throws {
        func run() throws -> (String, String) {
            let screen = makeDemoScreen(messages: DemoConversation.generated(count: 500, seed: 5, animatedEvery: 4))
            let tester = Tester(screen)
            try tester.tap(.input)
            try screen.type("replay [哈哈] 你好")
            try tester.tap(.send)
            try tester.swipe(.list, .down, by: 250, at: 2_500)
            tester.pump(.milliseconds(400))
            screen.receive("[f058]")
            try tester.tap(.toggle)
            try tester.pumpUntilIdle()
            return (screen.trace.text, CharGrid(screen.displayList()).text)
        }
        let a = try run(), b = try run()
        #expect(a.0 == b.0 && a.1 == b.1)
        #expect(a.0.contains("list willBeginDecelerating") && a.0.contains("screen send message=m500")
                && a.0.contains("screen receive message=m501"))
    }
}

extension ChatScreenTests {
    /// A message received during a fling neither stops it nor moves what is on screen.
    @Test func aReceiveDuringAFlingKeepsTheFlingGoing() throws {
        let screen = makeDemoScreen(messages: DemoConversation.generated(count: 600, seed: 6))
        let tester = Tester(screen)
        try tester.swipe(.list, .down, by: 300, at: 3_000)
        for _ in 0..<5 { tester.pumpToNextFrame() }
        #expect(screen.list.scroll.state == .decelerating)
        let row = screen.list.displayedRows.lowerBound + 1
        let before = screen.list.rowFrameInViewport(row)
        let d = screen.list.distanceFromBottom
        screen.receive("新消息")
        #expect(screen.list.scroll.state == .decelerating, "the fling goes on")
        #expect(screen.list.rowFrameInViewport(row) == before && screen.list.distanceFromBottom == d + screen.list.rowHeights.height(ofRow: screen.list.count - 1))
        #expect(screen.list.pendingBottom > 0 && screen.newMessagesCount == 1 && screen.listModel.invariantViolations(screen.list).isEmpty)
        tester.pumpToNextFrame()
        #expect(screen.list.distanceFromBottom > d, "still moving into the history")
        try tester.pumpUntilIdle()
        #expect(screen.list.pendingBottom == 0 && screen.listModel.invariantViolations(screen.list).isEmpty && screen.newMessagesCount == 1)
        try tester.tap(.view("list.marker"))
        try tester.pumpUntilIdle()
        #expect(screen.list.isAtBottom && screen.list.displayedRows.upperBound == screen.list.count)
    }
}

@Suite struct ChatScreenSnapshotTests {
    @Test func systemKeyboard() throws {
        let screen = makeDemoScreen()
        let tester = Tester(screen)
        try tester.tap(.input)
        try screen.type("你好 hello [微笑]")
        try tester.pumpUntilIdle()
        assertSnapshot(of: screen, as: .ascii, named: "ascii")
        assertSnapshot(of: screen, as: .asciiStyled, named: "styled")
    }

    @Test func emojiKeyboard() throws {
        let screen = makeDemoScreen()
        let tester = Tester(screen)
        try tester.tap(.toggle)
        try tester.pumpUntilIdle()
        assertSnapshot(of: screen, as: .ascii, named: "ascii")
        assertSnapshot(of: screen, as: .png(pngConfig()), named: "png")
    }

    @Test func noKeyboardOnIPhone8() {
        let screen = makeDemoScreen(profile: .iphone8)
        assertSnapshot(of: screen, as: .ascii, named: "ascii")
    }

    @Test func midKeyboardAnimation() throws {
        let screen = makeDemoScreen()
        let tester = Tester(screen)
        try tester.tap(.input)
        try tester.tap(.toggle)
        try tester.pumpUntilIdle()
        #expect(screen.keyboard == .emoji)
        try tester.tap(.toggle)            // emoji -> system: the keyboard grows
        #expect(screen.keyboard == .system)
        for _ in 0..<3 { tester.pumpToNextFrame() }
        #expect(screen.inputBar.keyboard.isAnimating)
        assertSnapshot(of: screen, as: .ascii, named: "ascii")
        assertSnapshot(of: screen, as: .asciiStyled, named: "styled")
        assertSnapshot(of: screen, as: .png(pngConfig()), named: "png")
    }

    @Test func darkThemeScreen() throws {
        let screen = makeDemoScreen()
        let tester = Tester(screen)
        try tester.tap(.toggle)
        try tester.pumpUntilIdle()
        // Colours are roles resolved at raster time: the dark pixels are in
        // BubbleListSnapshotTests/darkTheme; here the semantic tree of the whole screen.
        assertSnapshot(of: screen, as: .tree, named: "tree")
    }
}
