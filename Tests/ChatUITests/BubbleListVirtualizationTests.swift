import Testing
import SimCore
import Tester
import ChatHarness
@testable import ChatUI

@Suite struct RowHeightsTests {
    @Test func prefixSumsAndSearchMatchALinearScan() {
        var rng = SeededRandom(seed: 7)
        var h = RowHeights(count: 0, estimatedHeight: 30)
        var plain: [Double] = []
        for _ in 0..<300 {
            let known: Double? = rng.bool() ? Double(rng.int(in: 0...80)) : nil
            h.append(height: known); plain.append(known ?? 30)
        }
        for _ in 0..<200 {
            let r = rng.int(in: 0..<plain.count), v = Double(rng.int(in: 0...90))
            h.setHeight(v, ofRow: r); plain[r] = v
        }
        var acc = 0.0
        for r in 0..<plain.count {
            #expect(h.offset(ofRow: r) == acc)
            acc += plain[r]
        }
        #expect(h.total == acc)
        for _ in 0..<500 {
            let y = Double(rng.int(in: 0..<Int(acc)))
            var expected = 0, s = 0.0
            while expected < plain.count - 1 && s + plain[expected] <= y { s += plain[expected]; expected += 1 }
            #expect(h.row(containing: y) == expected)
        }
    }

    @Test func resetKeepsKnownHeights() {
        var h = RowHeights(count: 5, estimatedHeight: 10)
        h.setHeight(50, ofRow: 2)
        #expect(h.measuredCount == 1 && h.total == 90)
        h.reset { $0 == 4 ? 1 : nil }
        #expect(h.measuredCount == 1 && h.total == 41 && !h.isMeasured(2) && h.isMeasured(4))
    }
}

@Suite struct BubbleListVirtualizationTests {
    @Test func opensAtTheBottomLayingOutOnlyVisibleRows() throws {
        // 100,000 messages, cheap to build in a debug test.
        let messages = (0..<100_000).map { Message(id: .init($0), sender: $0 % 3 == 0 ? .me : .other,
                                                   serverText: $0 % 7 == 0 ? "a long message that wraps over more than one line, *" : "hi") }
        let list = Host(list: BubbleList(layout: fakeLayout, players: BubbleListPlayers(factory: { _ in FakePlayer() })),
                        messages: messages, width: 375, viewportHeight: 500)
        #expect(list.state.isAtBottom)
        #expect(list.state.displayedRows.upperBound == 100_000)
        #expect(list.state.layoutCount == list.state.rowHeights.measuredCount)
        #expect(list.state.layoutCount <= list.state.displayedRows.count, "laid out \(list.state.layoutCount) for \(list.state.displayedRows.count) rows")
        #expect(list.invariantViolations().isEmpty)
        // The last row's bottom sits at the viewport's bottom (minus the content inset).
        let last = list.state.rowFrame(list.state.count - 1)
        #expect(last.maxY + list.state.configuration.contentInsets.bottom == list.state.contentOffset + list.state.viewportHeight)
    }

    @Test func rowsMeasuredAboveTheViewportDoNotMoveWhatIsOnScreen() {
        let list = makeFakeList(2_000)
        let anchorRow = list.state.displayedRows.lowerBound + 1
        let before = list.state.rowFrameInViewport(anchorRow).minY
        let laidOut = list.state.layoutCount
        list.send(.setDistanceFromBottom(list.state.distanceFromBottom + 300, animated: false))
        // New rows came in above and got their real heights; the old rows moved by the
        // scroll and nothing else.
        #expect(list.state.layoutCount > laidOut)
        #expect(list.state.rowFrameInViewport(anchorRow).minY == before + 300)
        #expect(list.invariantViolations().isEmpty)
    }

    @Test func cellsAreReusedAndResetAcrossAScroll() {
        let list = makeFakeList(500)
        var d = list.state.distanceFromBottom
        while d < list.state.maxDistanceFromBottom {
            d += 37
            list.send(.setDistanceFromBottom(min(d, list.state.maxDistanceFromBottom), animated: false))
            #expect(list.invariantViolations().isEmpty)
        }
        #expect(list.state.displayedRows.lowerBound == 0)
        #expect(list.state.pool.reusedCount > 100)
        let bound = list.state.peakDisplayed.values.reduce(0, +)
        #expect(list.state.pool.createdCount <= bound)
        // Every displayed cell shows its own row's message, never a previous one.
        for row in list.state.displayedRows {
            #expect(list.state.cell(forRow: row)?.messageID == list.state.messages[row].id)
        }
    }

    @Test func willDisplayAndDidEndAlternateInUIKitOrder() {
        let list = makeFakeList(300)
        // The host recorded the opening pass; the same pass, run again, gives its events.
        var all = BubbleList(layout: fakeLayout).open(messages: fakeConversation(300), width: 375, viewportHeight: 500).events
        let first = list.send(.setContentOffset(list.state.contentOffset - 120, animated: false))   // rows enter above
        all += first
        let entering = first.compactMap { e -> Int? in
            if case let .willDisplay(row, _) = e { return row } else { return nil }
        }
        #expect(entering == entering.sorted(by: >), "rows above come in nearest first: \(entering)")
        // Jump far: everything leaves (ascending) before anything enters (ascending).
        let tail = list.send(.setContentOffset(100, animated: false))
        all += tail
        let ends = tail.compactMap { e -> Int? in if case let .didEndDisplaying(r, _) = e { return r } else { return nil } }
        let wills = tail.compactMap { e -> Int? in if case let .willDisplay(r, _) = e { return r } else { return nil } }
        #expect(ends == ends.sorted() && wills == wills.sorted() && !ends.isEmpty && !wills.isEmpty)
        let lastEnd = tail.lastIndex { if case .didEndDisplaying = $0 { return true } else { return false } }!
        let firstWill = tail.firstIndex { if case .willDisplay = $0 { return true } else { return false } }!
        #expect(lastEnd < firstWill)
        // A cell is created or reused right before its willDisplay.
        if case .cellReused = tail[firstWill - 1] {} else { Issue.record("expected a reuse before willDisplay, got \(tail[firstWill - 1])") }
        // Per row: willDisplay and didEndDisplaying alternate, starting with willDisplay.
        var shown = Set<Int>()
        for e in all {
            switch e {
            case let .willDisplay(r, _): #expect(shown.insert(r).inserted)
            case let .didEndDisplaying(r, _): #expect(shown.remove(r) != nil)
            default: break
            }
        }
        #expect(shown == Set(list.state.displayedRows))
    }

    @Test func playersRunExactlyWhileTheirRowIsDisplayedAndRestartOnReturn() {
        var made: [FakePlayer] = []
        let list = makeFakeList(400, players: { _ in let p = FakePlayer(); made.append(p); return p })
        #expect(list.animatingPlayerCount == made.filter(\.isAnimating).count)
        let firstBatch = made
        list.send(.setDistanceFromBottom(5_000, animated: false))
        #expect(firstBatch.allSatisfy { !$0.isAnimating }, "players of rows that left must stop")
        list.send(.setDistanceFromBottom(0, animated: false))
        let restarted = made.suffix(from: firstBatch.count).filter(\.isAnimating).count
        #expect(restarted == list.animatingPlayerCount && restarted > 0)
        #expect(made.filter(\.isAnimating).count == list.animatingPlayerCount)
    }

    @Test func widthChangeKeepsTheTopVisibleMessageAnchored() {
        let list = makeFakeList(1_000)
        list.send(.setContentOffset(list.state.contentOffset - 2_000, animated: false))
        let top = list.state.displayedRows.lowerBound
        let id = list.state.messages[top].id
        let frac = (list.state.contentOffset - list.state.rowTop(top)) / list.state.rowHeights.height(ofRow: top)
        list.send(.setWidth(667))
        let row = list.state.row(of: id)!
        #expect(list.state.displayedRows.lowerBound == row)
        let newFrac = (list.state.contentOffset - list.state.rowTop(row)) / list.state.rowHeights.height(ofRow: row)
        #expect(abs(newFrac - frac) < 1e-9)
        #expect(list.invariantViolations().isEmpty)
        // Back to the first width: heights come from the per-width cache.
        let laidOut = list.state.layoutCount
        list.send(.setWidth(375))
        #expect(list.state.displayedRows.contains(row))
        #expect(list.state.layoutCount == laidOut || list.state.layoutCount < laidOut + list.state.displayedRows.count)
    }

    @Test func atTheBottomAWidthChangeStaysAtTheBottom() {
        let list = makeFakeList(200)
        list.send(.setWidth(320))
        #expect(list.state.isAtBottom && list.state.displayedRows.upperBound == 200)
        #expect(list.invariantViolations().isEmpty)
    }
}
