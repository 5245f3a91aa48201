import Testing
import SimCore
import Interaction
import EmojiSimTesting
@testable import ChatUI

/// A store over a list opened with `messages`: events exhaustive, state checked on the
/// fields each assertion writes (the scroll view's motion curves, the layout cache and
/// the cells' internals are machinery a test does not spell out). Failures are Swift
/// Testing issues at the assertion.
func bubbleListStore(_ list: BubbleList, _ state: BubbleList.State) -> TestStore<BubbleList> {
    let store = TestStore(list, state: state, report: recordTestStoreIssue)
    store.exhaustivity = .events
    return store
}

private func ms(_ n: Int) -> SimInstant { SimInstant.zero + .milliseconds(n) }

/// Three short rows in a tall viewport (the content is shorter than it, so the list sits
/// at the bottom with nothing to scroll), fake layouts: 16 pt lines, rows 16 pt apart.
private func shortList(playable: @escaping BubbleList.Playable = { _ in true })
    -> (list: BubbleList, opened: (state: BubbleList.State, events: [BubbleListEvent])) {
    let messages = (0..<3).map { Message(id: .init($0), sender: $0 % 2 == 0 ? .me : .other, serverText: "hi \($0)") }
    let list = BubbleList(layout: fakeLayout, playable: playable)
    return (list, list.open(messages: messages, width: 375, viewportHeight: 600))
}

/// The player slots of the displayed cells, top to bottom.
private func playerSlots(_ s: BubbleList.State) -> [BubblePlayerKey] {
    s.displayedCells.flatMap { c in c.playerItems.indices.map { c.playerKey($0) } }
}

/// Behaviour of the bubble list as exact transitions (`TestStore` over `BubbleList.State`):
/// each event (cellForRow, willDisplay, players, scroll moments) and the fields that
/// matter are asserted.
@Suite struct BubbleListStoreTests {
    @Test func openingDisplaysTheVisibleRowsAndReportsTheirCells() {
        let (_, opened) = shortList()
        // Nothing was displayed: the rows come in ascending, as after a jump.
        #expect(opened.events == [
            .cellCreated(.outgoing, serial: 0, row: 0), .willDisplay(row: 0, message: .init(0)),
            .cellCreated(.incoming, serial: 1, row: 1), .willDisplay(row: 1, message: .init(1)),
            .cellCreated(.outgoing, serial: 2, row: 2), .willDisplay(row: 2, message: .init(2)),
        ])
        #expect(opened.state.displayedRows == 0..<3 && opened.state.layoutCount == 3)
    }

    @Test func appendingAtTheBottomDisplaysTheRowAndStartsItsPlayer() {
        let (list, opened) = shortList()
        let store = bubbleListStore(list, opened.state)
        let m = Message(id: .init(3), sender: .other, serverText: "yo *")
        let layout = fakeLayout(m, 375)
        let item = layout.animatedItems[0]
        store.send(.append(m), at: ms(0), [.cellCreated(.incoming, serial: 3, row: 3), .willDisplay(row: 3, message: .init(3)),
                                         .playerStarted(row: 3, code: "g0", cell: 3, slot: 0, item: item)]) {
            $0.messages = opened.state.messages + [m]
            $0.displayedRows = 0..<4
            $0.layoutCount = 4
            $0.appearanceCount = 4
            $0.peakDisplayed[.incoming] = 2
        }
        #expect(store.state.contentHeight == opened.state.contentHeight + layout.rowHeight)
        #expect(store.state.displayedCells.map(\.serial) == [0, 1, 2, 3])
        #expect(playerSlots(store.state) == [BubblePlayerKey(cell: 3, slot: 0)])
        #expect(store.state.pool.createdCount == 4)
        // Nothing moves without input: frames change nothing.
        store.send(.tick, at: ms(16))
        // GIFs play: the host must keep sending frames; nothing scrolls, so no motion.
        #expect(list.needsFrames(store.state, at: ms(16)) && list.motion(store.state, at: ms(16)).isEmpty)
    }

    @Test func anUnplayableEmojiGetsNoPlayerSlot() {
        let (list, opened) = shortList(playable: { _ in false })
        let store = bubbleListStore(list, opened.state)
        let m = Message(id: .init(3), sender: .me, serverText: "no image *")
        store.skip(.append(m), at: ms(0))
        #expect(playerSlots(store.state).isEmpty && store.state.displayedRows == 0..<4)
        #expect(!list.needsFrames(store.state, at: ms(0)))
    }

    @Test func aReceiveWhileScrolledUpCountsOnTheMarkerAndKeepsTheView() {
        let list = BubbleList(layout: fakeLayout)
        var state = list.open(messages: fakeConversation(200), width: 375, viewportHeight: 500).state
        _ = list.reduce(into: &state, .setDistanceFromBottom(3_000, animated: false), at: ms(0))
        let store = bubbleListStore(list, state)
        let before = store.state
        let m = Message(id: .init(200), sender: .other, serverText: "new")
        let h = fakeLayout(m, 375).rowHeight
        let received = store.skip(.append(m), at: ms(10))
        // The marker counts it; the rows on screen stay (the distance grows by the row).
        #expect(received.last == .newMessagesMarker(count: 1))
        #expect(!received.contains { if case .willDisplay = $0 { return true } else { return false } })
        #expect(store.state.displayedRows == before.displayedRows && store.state.displayedCells == before.displayedCells)
        #expect(store.state.distanceFromBottom == before.distanceFromBottom + h)
        #expect(store.state.newMessagesCount == 1 && store.state.count == 201)
        store.send(.clearMarker, at: ms(20), [.newMessagesMarker(count: 0)]) { $0.newMessagesCount = 0 }
        store.send(.clearMarker, at: ms(30))
        store.send(.memoryWarning(purgedBytes: 4096), at: ms(40), [.memoryWarning(purgedBytes: 4096)])
    }

    @Test func reloadingADisplayedRowIsCellForRowWillDisplayThenDidEndDisplaying() {
        let (list, opened) = shortList()
        let store = bubbleListStore(list, opened.state)
        let old = store.state.cell(forRow: 1)!
        let (top, bottom) = (store.state.cell(forRow: 0)!.serial, store.state.cell(forRow: 2)!.serial)
        let m = Message(id: .init(1), sender: .other, serverText: "hi 1 *")
        let item = fakeLayout(m, 375).animatedItems[0]
        store.send(.reload(m), at: ms(0), [.cellCreated(.incoming, serial: 3, row: 1), .willDisplay(row: 1, message: .init(1)),
                                         .playerStarted(row: 1, code: "g0", cell: 3, slot: 0, item: item),
                                         .didEndDisplaying(row: 1, message: .init(1))]) {
            $0.messages[1] = m
            $0.layoutCount = 4
            $0.appearanceCount = 4
            $0.peakDisplayed[.incoming] = 2
        }
        #expect(store.state.displayedCells.map(\.serial) == [top, 3, bottom])
        #expect(playerSlots(store.state) == [BubblePlayerKey(cell: 3, slot: 0)])
        #expect(store.state.pool.createdCount == 4 && store.state.pool.pooledCount == 1)
        #expect(store.state.pool.pooled(.incoming).map(\.serial) == [old.serial])
    }

    /// The list is a value: a copy is a snapshot, and the same action on equal copies
    /// gives equal states and events.
    @Test func reduceIsAFunctionOfTheStateTheActionAndTheInstant() {
        let list = BubbleList(layout: fakeLayout)
        var a = list.open(messages: fakeConversation(300), width: 375, viewportHeight: 500).state
        var b = a
        let snapshot = a
        let actions: [BubbleList.Action] = [.setDistanceFromBottom(900, animated: true), .tick, .tick,
                                            .append(Message(id: .init(300), sender: .other, serverText: "x *")),
                                            .setViewportHeight(300), .setWidth(320), .scrollToBottom(animated: false)]
        for (i, action) in actions.enumerated() {
            let t = ms(16 * i)
            #expect(list.reduce(into: &a, action, at: t) == list.reduce(into: &b, action, at: t))
            #expect(a == b)
        }
        #expect(a != snapshot)
    }
}
