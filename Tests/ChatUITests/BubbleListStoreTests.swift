import Testing
import SimCore
import Interaction
import EmojiSimTesting
@testable import ChatUI

typealias BubbleListStore = ObservingTestStore<BubbleList, (BubbleList.Action, SimInstant), BubbleList.Observation, BubbleListEvent, Never>

/// A store over a list value; failures are Swift Testing issues at the assertion.
func bubbleListStore(_ list: BubbleList) -> BubbleListStore {
    BubbleListStore(list, observe: BubbleList.Observation.init, reduce: { $0.send($1.0, at: $1.1) },
                    report: recordTestStoreIssue)
}

private func ms(_ n: Int) -> SimInstant { SimInstant.zero + .milliseconds(n) }

/// Three short rows in a tall viewport (the content is shorter than it, so the list sits
/// at the bottom with nothing to scroll), fake layouts: 16 pt lines, rows 16 pt apart.
private func shortList(playable: @escaping BubbleList.Playable = { _ in true }) -> BubbleList {
    let messages = (0..<3).map { Message(id: .init($0), sender: $0 % 2 == 0 ? .me : .other, serverText: "hi \($0)") }
    return BubbleList(messages: messages, width: 375, viewportHeight: 600, layout: fakeLayout, playable: playable)
}

/// Behaviour of the bubble list as exact transitions (`TestStore`): each changed field
/// and each event (cellForRow, willDisplay, players, scroll moments) is asserted.
@Suite struct BubbleListStoreTests {
    @Test func openingDisplaysTheVisibleRowsAndReportsTheirCells() {
        let list = shortList()
        // Nothing was displayed: the rows come in ascending, as after a jump.
        #expect(list.openingEvents == [
            .cellCreated(.outgoing, serial: 0, row: 0), .willDisplay(row: 0, message: .init(0)),
            .cellCreated(.incoming, serial: 1, row: 1), .willDisplay(row: 1, message: .init(1)),
            .cellCreated(.outgoing, serial: 2, row: 2), .willDisplay(row: 2, message: .init(2)),
        ])
        #expect(list.displayedRows == 0..<3 && list.layoutCount == 3)
    }

    @Test func appendingAtTheBottomDisplaysTheRowAndStartsItsPlayer() {
        let rowHeight = fakeLayout(Message(id: .init(3), sender: .other, serverText: "yo *"), 375).rowHeight
        var store = bubbleListStore(shortList())
        let before = store.state
        let m = Message(id: .init(3), sender: .other, serverText: "yo *")
        let item = fakeLayout(m, 375).animatedItems[0]
        store.send((.append(m), ms(0)), [.cellCreated(.incoming, serial: 3, row: 3), .willDisplay(row: 3, message: .init(3)),
                                         .playerStarted(row: 3, code: "g0", cell: 3, slot: 0, item: item)]) {
            $0.messageCount = 4
            $0.contentHeight = before.contentHeight + rowHeight
            $0.displayedRows = 0..<4
            $0.displayedCells += [3]
            $0.playerSlots = [BubblePlayerKey(cell: 3, slot: 0)]
            $0.layoutCount = 4
            $0.appearanceCount = 4
            $0.cellsCreated = 4
        }
        // Nothing moves without input: frames change nothing.
        store.send((.tick, ms(16)))
    }

    @Test func anUnplayableEmojiGetsNoPlayerSlot() {
        var store = bubbleListStore(shortList(playable: { _ in false }))
        let m = Message(id: .init(3), sender: .me, serverText: "no image *")
        store.skip((.append(m), ms(0)))
        #expect(store.state.playerSlots.isEmpty && store.state.displayedRows == 0..<4)
    }

    @Test func aReceiveWhileScrolledUpCountsOnTheMarkerAndKeepsTheView() {
        var list = BubbleList(messages: fakeConversation(200), width: 375, viewportHeight: 500, layout: fakeLayout)
        _ = list.send(.setDistanceFromBottom(3_000, animated: false), at: ms(0))
        var store = bubbleListStore(list)
        let before = store.state
        let m = Message(id: .init(200), sender: .other, serverText: "new")
        let h = fakeLayout(m, 375).rowHeight
        let received = store.skip((.append(m), ms(10)))
        // The marker counts it; the rows on screen stay (the distance grows by the row).
        #expect(received.last == .newMessagesMarker(count: 1))
        #expect(!received.contains { if case .willDisplay = $0 { return true } else { return false } })
        #expect(store.state.displayedRows == before.displayedRows && store.state.displayedCells == before.displayedCells)
        #expect(store.state.distanceFromBottom == before.distanceFromBottom + h)
        #expect(store.state.newMessagesCount == 1 && store.state.messageCount == 201)
        store.send((.clearMarker, ms(20)), [.newMessagesMarker(count: 0)]) { $0.newMessagesCount = 0 }
        store.send((.clearMarker, ms(30)))
        store.send((.memoryWarning(purgedBytes: 4096), ms(40)), [.memoryWarning(purgedBytes: 4096)])
    }

    @Test func reloadingADisplayedRowIsCellForRowWillDisplayThenDidEndDisplaying() {
        var store = bubbleListStore(shortList())
        let old = store.model.cell(forRow: 1)!
        let (top, bottom) = (store.model.cell(forRow: 0)!.serial, store.model.cell(forRow: 2)!.serial)
        let m = Message(id: .init(1), sender: .other, serverText: "hi 1 *")
        let item = fakeLayout(m, 375).animatedItems[0]
        store.send((.reload(m), ms(0)), [.cellCreated(.incoming, serial: 3, row: 1), .willDisplay(row: 1, message: .init(1)),
                                         .playerStarted(row: 1, code: "g0", cell: 3, slot: 0, item: item),
                                         .didEndDisplaying(row: 1, message: .init(1))]) {
            $0.displayedCells = [top, 3, bottom]
            $0.playerSlots = [BubblePlayerKey(cell: 3, slot: 0)]
            $0.layoutCount = 4
            $0.appearanceCount = 4
            $0.cellsCreated = 4
            $0.cellsPooled = 1
        }
        #expect(store.model.pool.pooled(.incoming).map(\.serial) == [old.serial])
    }

    /// The list is a value: a copy is a snapshot, and the same action on equal copies
    /// gives equal results.
    @Test func sendIsAFunctionOfTheListTheActionAndTheInstant() {
        var a = BubbleList(messages: fakeConversation(300), width: 375, viewportHeight: 500, layout: fakeLayout)
        var b = a
        let snapshot = BubbleList.Observation(a)
        let actions: [BubbleList.Action] = [.setDistanceFromBottom(900, animated: true), .tick, .tick,
                                            .append(Message(id: .init(300), sender: .other, serverText: "x *")),
                                            .setViewportHeight(300), .setWidth(320), .scrollToBottom(animated: false)]
        for (i, action) in actions.enumerated() {
            let t = ms(16 * i)
            #expect(a.send(action, at: t) == b.send(action, at: t))
            #expect(BubbleList.Observation(a) == BubbleList.Observation(b))
        }
        #expect(BubbleList.Observation(a) != snapshot)
    }
}
