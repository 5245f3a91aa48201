import Testing
import SimCore
import Tester
import ChatHarness
@testable import ChatUI

/// UITableView details of the bubble list a port relies on (docs/PORTING.md).
@Suite struct BubbleListFidelityTests {
    /// Every fake player the host made, in order.
    final class Made { var players: [FakePlayer] = [] }

    /// Twenty rows with one animated emoji each ("*" in the fake layout), and the
    /// players the host makes for them.
    func animatedList() -> (Host<BubbleList>, Made) {
        let messages = (0..<20).map { i in
            Message(id: .init(i), sender: i % 2 == 0 ? .me : .other, serverText: "row \(i) *")
        }
        let made = Made()
        let players = BubbleListPlayers(factory: { _ in let p = FakePlayer(); made.players.append(p); return p })
        return (Host(list: BubbleList(layout: fakeLayout, players: players), messages: messages, width: 375, viewportHeight: 300),
                made)
    }

    /// UITableView calls prepareForReuse "just before returning the object from
    /// dequeueReusableCell": once per reuse, never when the cell enters the pool, so a
    /// pooled cell keeps its last row (with stopped players) until it is dequeued.
    @Test func prepareForReuseRunsOnlyWhenACellIsDequeued() {
        let list = makeFakeList(400)
        for step in 1...30 { list.send(.setContentOffset(list.state.contentOffset - Double(step) * 40, animated: false)) }
        #expect(list.state.pool.reusedCount > 0 && list.state.pool.pooledCount > 0)
        var cells = list.state.displayedCells
        for id in CellReuseIdentifier.allCases { cells += list.state.pool.pooled(id) }
        for c in cells {
            #expect(c.prepareForReuseCount == c.configureCount - 1, "cell \(c.serial)")
        }
        for id in CellReuseIdentifier.allCases {
            for c in list.state.pool.pooled(id) {
                #expect(c.messageID != nil && c.row != nil)        // last content kept...
                #expect(c.playerItems.indices.allSatisfy { list.playerFrame(c.playerKey($0)) == nil }) // ...but nothing runs
            }
        }
        #expect(list.invariantViolations().isEmpty)
    }

    /// `reloadRows(at:with: .none)`: cellForRow (a new cell: the old one is still on
    /// screen), willDisplay for it, then didEndDisplaying for the old cell.
    @Test func reloadingARowDequeuesThenWillDisplayNewThenDidEndDisplayingOld() {
        let (list, _) = animatedList()
        let row = list.state.count - 1
        guard let old = list.state.cell(forRow: row) else { Issue.record("row \(row) not displayed"); return }
        let events = list.send(.reload(Message(id: .init(row), sender: .other, serverText: "edited *")))
        guard let new = list.state.cell(forRow: row) else { Issue.record("row \(row) not displayed"); return }
        #expect(new.serial != old.serial)
        let id = Message.ID(row)
        let created: BubbleListEvent = list.state.pool.reusedCount > 0
            ? .cellReused(new.reuseIdentifier, serial: new.serial, row: row)
            : .cellCreated(new.reuseIdentifier, serial: new.serial, row: row)
        #expect(events == [created, .willDisplay(row: row, message: id),
                           .playerStarted(row: row, code: "g0", cell: new.serial, slot: 0, item: new.playerItems[0]),
                           .playerStopped(row: row, code: "g0", cell: old.serial, slot: 0, item: old.playerItems[0]),
                           .didEndDisplaying(row: row, message: id)])
        #expect(new.messageID == id && new.layout?.accessibilityLabel == "edited *")
        #expect(list.state.pool.pooled(old.reuseIdentifier).contains { $0.serial == old.serial })
        #expect(list.invariantViolations().isEmpty)
        // A row out of view only gets its height again: no cell moments.
        let outOfView = list.send(.reload(Message(id: .init(0), sender: .me, serverText: String(repeating: "b", count: 200))))
        #expect(outOfView.allSatisfy { if case .scroll = $0 { return true } else { return false } })
        #expect(!list.reload(Message(id: .init(999), sender: .me, serverText: "unknown")))
        #expect(list.invariantViolations().isEmpty)
    }

    /// GIF players belong to cells: on a reload the new cell's player starts before the
    /// old cell's stops, and stopping the old one leaves the new one playing (a port
    /// keying players by row or message would stop the GIF it just started).
    @Test func gifPlayersAreKeyedByCellSoStoppingTheOldCellNeverStopsTheNewOne() {
        let (list, made) = animatedList()
        let row = list.state.count - 2
        guard let old = list.state.cell(forRow: row) else { Issue.record("row not displayed"); return }
        #expect(list.playerFrame(old.playerKey(0)) != nil)
        let madeBefore = made.players.count
        list.reload(Message(id: .init(row), sender: .me, serverText: "row again *"))
        guard let new = list.state.cell(forRow: row) else { Issue.record("row not displayed"); return }
        // One player made, for the new cell; the old cell's one stopped, once.
        #expect(made.players.count == madeBefore + 1)
        let newPlayer = made.players[madeBefore]
        #expect(newPlayer.isAnimating && newPlayer.starts == 1 && newPlayer.stops == 0)
        #expect(made.players.filter { $0.stops == 1 && !$0.isAnimating }.count == 1)
        #expect(list.playerFrame(old.playerKey(0)) == nil && list.playerFrame(new.playerKey(0)) != nil)
        #expect(list.animatingPlayerCount == list.state.displayedRows.count)
        #expect(list.invariantViolations().isEmpty)
    }

    /// A width change is UIKit's relayout of the visible cells (bounds change with
    /// self-sizing rows), not a reloadData: rows that stay on screen keep their cells,
    /// get no second willDisplay, and their GIF players run on without restarting; only
    /// rows that enter or leave because heights changed get willDisplay/didEndDisplaying.
    @Test func aWidthChangeRelaysOutVisibleRowsWithoutWillDisplayAndPlayersRunOn() {
        let (list, made) = animatedList()
        let tester = Tester(list, timing: .manual)
        for _ in 1...5 { tester.pumpToNextFrame() }
        let before = Dictionary(uniqueKeysWithValues: list.state.displayedRows.map { ($0, list.state.cell(forRow: $0)!) })
        let events = list.send(.setWidth(320))
        #expect(events.contains(.widthChanged(anchorRow: list.state.count - 1)))
        for row in list.state.displayedRows where before[row] != nil {
            let cell = list.state.cell(forRow: row)!
            #expect(cell.serial == before[row]!.serial, "row \(row) got another cell")
            #expect(!events.contains(.willDisplay(row: row, message: .init(row))), "row \(row) displayed again")
            // Five frames in: a restarted player would be back at frame 0.
            #expect(list.playerFrame(cell.playerKey(0)) == 5)
        }
        // Rows that came into view with the new heights were displayed once each.
        for row in list.state.displayedRows where before[row] == nil {
            #expect(events.filter { $0 == .willDisplay(row: row, message: .init(row)) }.count == 1)
        }
        #expect(made.players.allSatisfy { $0.starts == 1 })
        #expect(list.invariantViolations().isEmpty)
    }

    /// A reload never moves what is on screen when the row is out of view (above or
    /// below), and any mix of reloads and scrolls keeps every list invariant.
    @Test func reloadsKeepTheViewStillAndTheInvariants() {
        let list = makeFakeList(300)
        list.send(.setContentOffset(list.state.contentOffset - 2000, animated: false))
        let shown = list.state.displayedRows
        let anchor = shown.lowerBound
        let frame = list.state.rowFrameInViewport(anchor)
        // Rows just below and just above the visible ones grow a lot.
        for row in [shown.upperBound + 1, shown.lowerBound - 2] {
            list.reload(Message(id: .init(row), sender: .other, serverText: String(repeating: "z", count: 300)))
            #expect(list.state.rowFrameInViewport(anchor) == frame, "reloading row \(row) moved the view")
            #expect(list.state.displayedRows == shown)
        }
        var rng = SeededRandom(seed: 15)
        for _ in 0..<300 {
            if rng.bool(probability: 0.3) {
                list.send(.setContentOffset(list.state.contentOffset + rng.double(in: -600...600), animated: false))
            } else {
                let near = rng.bool(probability: 0.7)
                let row = near && !list.state.displayedRows.isEmpty
                    ? rng.int(in: list.state.displayedRows.lowerBound..<list.state.displayedRows.upperBound)
                    : rng.int(in: 0..<list.state.count)
                let text = String(repeating: "y", count: rng.int(in: 1...150)) + (rng.bool() ? "*" : "")
                list.reload(Message(id: .init(row), sender: rng.bool() ? .me : .other, serverText: rng.bool(probability: 0.1) ? "!" : text))
            }
            #expect(list.invariantViolations().isEmpty, "\(list.invariantViolations())")
            #expect(list.animatingPlayerCount == list.state.displayedCells.reduce(0) { $0 + $1.playerItems.count })
        }
    }
}
