import Testing
import SimCore
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
            list.setViewportHeight(500 - Double(step) * 16)
            let last = list.list.rowFrame(list.count - 1)
            #expect(last.maxY <= list.list.contentOffset + list.list.viewportHeight && last.minY >= list.list.contentOffset)
            #expect(list.invariantViolations().isEmpty)
        }
    }

    @Test func receivedMessageOffBottomShowsMarkerInsteadOfScrolling() {
        let list = makeFakeList(300)
        list.setContentOffset(list.list.contentOffset - 800, animated: false)
        let offset = list.list.contentOffset
        let scroll = list.append(Message(id: .init(10_000), sender: .other, serverText: "hi"))
        #expect(!scroll && list.list.contentOffset == offset && list.newMessagesCount == 1)
        list.append(Message(id: .init(10_001), sender: .other, serverText: "again"))
        #expect(list.newMessagesCount == 2)
        // Sending always asks for the bottom.
        #expect(list.append(Message(id: .init(10_002), sender: .me, serverText: "me")))
        list.scrollToBottom(animated: false)
        #expect(list.newMessagesCount == 0 && list.displayedRows.upperBound == list.count)
        // At the bottom a received message asks to scroll too.
        #expect(list.append(Message(id: .init(10_003), sender: .other, serverText: "x")))
        #expect(list.invariantViolations().isEmpty)
    }

    @Test func shortConversationDisplaysNewRowsWithoutScrolling() {
        let list = makeFakeList(2, height: 600)
        // A short conversation sits at the bottom, above the input bar.
        #expect(list.displayedRows == 0..<2 && list.list.contentOffset < 0 && list.list.isAtBottom)
        list.append(Message(id: .init(99), sender: .other, serverText: "hello"))
        #expect(list.displayedRows == 0..<3)
        #expect(list.invariantViolations().isEmpty)
    }

    @Test func eventsGoToTheTrace() {
        let list = makeFakeList(50)
        #expect(list.trace.lines.contains { $0.contains("list willDisplay row=49") })
        #expect(list.trace.lines.contains { $0.contains("list cellCreate id=") })
    }
}
