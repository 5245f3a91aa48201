import Testing
import SimCore
@testable import ChatUI

/// UITableView details of the bubble list a port relies on (docs/PORTING.md).
@Suite struct BubbleListFidelityTests {
    /// Twenty rows with one animated emoji each ("*" in the fake layout).
    func animatedList() -> BubbleListHost<FakePlayer> {
        let messages = (0..<20).map { i in
            Message(id: .init(i), sender: i % 2 == 0 ? .me : .other, serverText: "row \(i) *")
        }
        return BubbleListHost(messages: messages, width: 375, viewportHeight: 300, clock: VirtualClock(), trace: Trace(),
                          layout: fakeLayout, players: { _ in FakePlayer() })
    }

    /// The host's players of a cell's slots (the list itself runs none).
    func fakePlayers(_ cell: BubbleCell, _ list: BubbleListHost<FakePlayer>) -> [FakePlayer] {
        cell.playerItems.indices.compactMap { list.players.player(cell.playerKey($0)) }
    }

    /// UITableView calls prepareForReuse "just before returning the object from
    /// dequeueReusableCell": once per reuse, never when the cell enters the pool, so a
    /// pooled cell keeps its last row (with stopped players) until it is dequeued.
    @Test func prepareForReuseRunsOnlyWhenACellIsDequeued() {
        let list = makeFakeList(400)
        for step in 1...30 { list.setContentOffset(list.list.contentOffset - Double(step) * 40, animated: false) }
        #expect(list.list.pool.reusedCount > 0 && list.list.pool.pooledCount > 0)
        var cells = list.displayedCells
        for id in CellReuseIdentifier.allCases { cells += list.list.pool.pooled(id) }
        for c in cells {
            #expect(c.prepareForReuseCount == c.configureCount - 1, "cell \(c.serial)")
        }
        for id in CellReuseIdentifier.allCases {
            for c in list.list.pool.pooled(id) {
                #expect(c.messageID != nil && c.row != nil)        // last content kept...
                #expect(c.playerItems.indices.allSatisfy { list.players.player(c.playerKey($0)) == nil }) // ...but nothing runs
            }
        }
        #expect(list.invariantViolations().isEmpty)
    }

    /// `reloadRows(at:with: .none)`: cellForRow (a new cell: the old one is still on
    /// screen), willDisplay for it, then didEndDisplaying for the old cell.
    @Test func reloadingARowDequeuesThenWillDisplayNewThenDidEndDisplayingOld() {
        let list = animatedList()
        let row = list.count - 1
        guard let old = list.cell(forRow: row) else { Issue.record("row \(row) not displayed"); return }
        let events = list.send(.reload(Message(id: .init(row), sender: .other, serverText: "edited *")))
        guard let new = list.cell(forRow: row) else { Issue.record("row \(row) not displayed"); return }
        #expect(new.serial != old.serial)
        let id = Message.ID(row)
        let created: BubbleListEvent = list.list.pool.reusedCount > 0
            ? .cellReused(new.reuseIdentifier, serial: new.serial, row: row)
            : .cellCreated(new.reuseIdentifier, serial: new.serial, row: row)
        #expect(events == [created, .willDisplay(row: row, message: id),
                           .playerStarted(row: row, code: "g0", cell: new.serial, slot: 0, item: new.playerItems[0]),
                           .playerStopped(row: row, code: "g0", cell: old.serial, slot: 0, item: old.playerItems[0]),
                           .didEndDisplaying(row: row, message: id)])
        #expect(new.messageID == id && new.layout?.accessibilityLabel == "edited *")
        #expect(list.list.pool.pooled(old.reuseIdentifier).contains { $0.serial == old.serial })
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
        let list = animatedList()
        let row = list.count - 2
        guard let old = list.cell(forRow: row) else { Issue.record("row not displayed"); return }
        let oldPlayers = fakePlayers(old, list)
        list.reload(Message(id: .init(row), sender: .me, serverText: "row again *"))
        guard let new = list.cell(forRow: row) else { Issue.record("row not displayed"); return }
        let newPlayers = fakePlayers(new, list)
        #expect(oldPlayers.count == 1 && newPlayers.count == 1)
        #expect(oldPlayers.allSatisfy { !$0.isAnimating && $0.stops == 1 })
        #expect(newPlayers.allSatisfy { $0.isAnimating && $0.starts == 1 && $0.stops == 0 })
        #expect(list.animatingPlayerCount == list.displayedRows.count)
        #expect(list.invariantViolations().isEmpty)
    }

    /// A width change is UIKit's relayout of the visible cells (bounds change with
    /// self-sizing rows), not a reloadData: rows that stay on screen keep their cells,
    /// get no second willDisplay, and their GIF players run on without restarting; only
    /// rows that enter or leave because heights changed get willDisplay/didEndDisplaying.
    @Test func aWidthChangeRelaysOutVisibleRowsWithoutWillDisplayAndPlayersRunOn() {
        let list = animatedList()
        for k in 1...5 { list.tick(at: SimInstant.zero + .frames(k, at: 60)) }
        let before = Dictionary(uniqueKeysWithValues: list.displayedRows.map { ($0, list.cell(forRow: $0)!) })
        let events = list.send(.setWidth(320))
        #expect(events.contains(.widthChanged(anchorRow: list.count - 1)))
        for row in list.displayedRows where before[row] != nil {
            let cell = list.cell(forRow: row)!
            #expect(cell.serial == before[row]!.serial, "row \(row) got another cell")
            #expect(!events.contains(.willDisplay(row: row, message: .init(row))), "row \(row) displayed again")
            for p in fakePlayers(cell, list) { #expect(p.isAnimating && p.starts == 1 && p.frameIndex == 5) }
        }
        // Rows that came into view with the new heights were displayed once each.
        for row in list.displayedRows where before[row] == nil {
            #expect(events.filter { $0 == .willDisplay(row: row, message: .init(row)) }.count == 1)
        }
        #expect(list.invariantViolations().isEmpty)
    }

    /// A reload never moves what is on screen when the row is out of view (above or
    /// below), and any mix of reloads and scrolls keeps every list invariant.
    @Test func reloadsKeepTheViewStillAndTheInvariants() {
        let list = makeFakeList(300)
        list.setContentOffset(list.list.contentOffset - 2000, animated: false)
        let shown = list.displayedRows
        let anchor = shown.lowerBound
        let frame = list.rowFrameInViewport(anchor)
        // Rows just below and just above the visible ones grow a lot.
        for row in [shown.upperBound + 1, shown.lowerBound - 2] {
            list.reload(Message(id: .init(row), sender: .other, serverText: String(repeating: "z", count: 300)))
            #expect(list.rowFrameInViewport(anchor) == frame, "reloading row \(row) moved the view")
            #expect(list.displayedRows == shown)
        }
        var rng = SeededRandom(seed: 15)
        for _ in 0..<300 {
            if rng.bool(probability: 0.3) {
                list.setContentOffset(list.list.contentOffset + rng.double(in: -600...600), animated: false)
            } else {
                let near = rng.bool(probability: 0.7)
                let row = near && !list.displayedRows.isEmpty
                    ? rng.int(in: list.displayedRows.lowerBound..<list.displayedRows.upperBound)
                    : rng.int(in: 0..<list.count)
                let text = String(repeating: "y", count: rng.int(in: 1...150)) + (rng.bool() ? "*" : "")
                list.reload(Message(id: .init(row), sender: rng.bool() ? .me : .other, serverText: rng.bool(probability: 0.1) ? "!" : text))
            }
            #expect(list.invariantViolations().isEmpty, "\(list.invariantViolations())")
            #expect(list.animatingPlayerCount == list.displayedCells.reduce(0) { $0 + $1.playerItems.count })
        }
    }
}
