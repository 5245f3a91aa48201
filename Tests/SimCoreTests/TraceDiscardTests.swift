import SimCore
import Testing

/// The monkey kept every trace line of its run (341 MB at 100,000 steps) although it
/// reads only the lines after its last `expect trace`: `discard(before:)` forgets the
/// rest, numbering unchanged.
@Suite struct TraceDiscardTests {
    func trace(_ n: Int) -> Trace {
        let t = Trace()
        for i in 0..<n { t.record(SimInstant(ticks: Int64(i)), "t", "e\(i)") }
        return t
    }

    @Test func forgetsTheLinesBeforeANumberAndKeepsTheNumbering() {
        let t = trace(10)
        t.discard(before: 4)
        #expect(t.retained.count == 6 && t.droppedCount == 4 && t.totalCount == 10)
        #expect(t.retained.first?.name == "e4")
        t.discard(before: 2)
        #expect(t.retained.count == 6)
        t.record(SimInstant(ticks: 10), "t", "e10")
        #expect(t.totalCount == 11 && t.retained.last?.name == "e10")
        t.discard(before: 100)
        #expect(t.retained.isEmpty && t.totalCount == 11 && t.droppedCount == 11)
    }

    @Test func theForgottenPartIsFreed() {
        let t = trace(10_000)
        t.discard(before: 9_000)
        #expect(t.events.count == 1_000 && t.retained.first?.name == "e9000")
    }
}
