import Testing
import SimCore
import Tester
import ChatHarness
@testable import ChatUI

@Suite struct BubbleListBehaviourTests {
    @Test func keyboardAvoidanceKeepsTheBottomEdgeOnTheSameContent() {
        #expect(KeyboardAvoidance.offset(current: 1000, oldHeight: 600, newHeight: 340, contentHeight: 2000) == 1260)
        // Short content: clamped so the last message stays in view.
        #expect(KeyboardAvoidance.offset(current: 0, oldHeight: 600, newHeight: 300, contentHeight: 500) == 200)
        #expect(KeyboardAvoidance.offset(current: 0, oldHeight: 600, newHeight: 300, contentHeight: 250) == 0)
        // Hiding: the offset goes back, never below zero.
        #expect(KeyboardAvoidance.offset(current: 100, oldHeight: 300, newHeight: 600, contentHeight: 2000) == 0)
        // The bottom-distance form agrees with the top-based one.
        for (d, newH) in [(0.0, 340.0), (300, 340), (1700, 340), (100, 600)] {
            let content = 2000.0, oldH = 500.0
            let top = content - oldH - d
            let newD = KeyboardAvoidance.distanceFromBottom(current: d, newHeight: newH, contentHeight: content)
            #expect(content - newH - newD == KeyboardAvoidance.offset(current: top, oldHeight: oldH, newHeight: newH, contentHeight: content))
        }
        #expect(KeyboardAvoidance.visibleHeight(screenHeight: 667, listTop: 64, inputBarHeight: 50,
                                                keyboardOverlap: 260, safeAreaBottom: 0) == 293)
        #expect(KeyboardAvoidance.visibleHeight(screenHeight: 844, listTop: 91, inputBarHeight: 50,
                                                keyboardOverlap: 0, safeAreaBottom: 34) == 669)
    }

    @Test func aShrinkingViewportKeepsTheLastMessageInViewEveryFrame() {
        let list = makeFakeList(300)
        for step in 0...15 {   // a keyboard sliding up over 16 frames
            list.send(.setViewportHeight(500 - Double(step) * 16))
            let last = list.state.rowFrame(list.state.count - 1)
            #expect(last.maxY <= list.state.contentOffset + list.state.viewportHeight && last.minY >= list.state.contentOffset)
            #expect(list.invariantViolations().isEmpty)
        }
    }

    @Test func receivedMessageOffBottomShowsMarkerInsteadOfScrolling() {
        let list = makeFakeList(300)
        list.send(.setContentOffset(list.state.contentOffset - 800, animated: false))
        let offset = list.state.contentOffset
        let scroll = list.append(Message(id: .init(10_000), sender: .other, serverText: "hi"))
        #expect(!scroll && list.state.contentOffset == offset && list.state.newMessagesCount == 1)
        list.append(Message(id: .init(10_001), sender: .other, serverText: "again"))
        #expect(list.state.newMessagesCount == 2)
        // Sending always asks for the bottom.
        #expect(list.append(Message(id: .init(10_002), sender: .me, serverText: "me")))
        list.send(.scrollToBottom(animated: false))
        #expect(list.state.newMessagesCount == 0 && list.state.displayedRows.upperBound == list.state.count)
        // At the bottom a received message asks to scroll too.
        #expect(list.append(Message(id: .init(10_003), sender: .other, serverText: "x")))
        #expect(list.invariantViolations().isEmpty)
    }

    @Test func shortConversationDisplaysNewRowsWithoutScrolling() {
        let list = makeFakeList(2, height: 600)
        // A short conversation sits at the bottom, above the input bar.
        #expect(list.state.displayedRows == 0..<2 && list.state.contentOffset < 0 && list.state.isAtBottom)
        list.append(Message(id: .init(99), sender: .other, serverText: "hello"))
        #expect(list.state.displayedRows == 0..<3)
        #expect(list.invariantViolations().isEmpty)
    }

    @Test func eventsGoToTheTrace() {
        let list = makeFakeList(50)
        #expect(list.trace.lines.contains { $0.contains("list willDisplay row=49") })
        #expect(list.trace.lines.contains { $0.contains("list cellCreate id=") })
    }
}
