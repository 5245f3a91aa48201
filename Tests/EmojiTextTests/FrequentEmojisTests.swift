import Testing
@testable import EmojiText

/// The Frequently Used ranking (issue 44 item 2): count weighted by recency, zoxide's
/// aging, eviction of the lowest-ranked, and a plain value that round-trips.
@Suite struct FrequentEmojisTests {
    func record(_ f: inout FrequentEmojis, _ codes: String...) { for c in codes { f.record(code: c) } }

    @Test func moreUsesRankFirstAndTiesGoToTheMoreRecent() {
        var f = FrequentEmojis()
        record(&f, "a", "b", "a", "c", "a")
        #expect(f.codes == ["a", "c", "b"])
        #expect(f.counts == [3, 1, 1])
        #expect(f.lastUses == [5, 4, 2] && f.uses == 5)
        #expect(f.byRecency == ["a", "c", "b"])
        record(&f, "b", "b", "b")
        #expect(f.codes == ["b", "a", "c"])
        #expect(f.byRecency == ["b", "a", "c"])
    }

    @Test func anOldHabitFadesBehindANewPick() {
        var f = FrequentEmojis(capacity: 100)
        record(&f, "old", "old")
        // 250 uses of other emoji: "old" was last used 250 uses ago (weight x1/2).
        for i in 0..<250 { f.record(code: "n\(i % 50)") }
        record(&f, "new")
        let old = f.codes.firstIndex(of: "old")!, new = f.codes.firstIndex(of: "new")!
        // Counting alone would put "old" (2 uses) before "new" (1 use).
        #expect(new < old)
        #expect(f.score(at: old) == 2 * 2 && f.score(at: new) == 1 * 16)
    }

    @Test func countsAgeWhenTheyAddUpPastTenPerKeptEmoji() {
        var f = FrequentEmojis(capacity: 2)
        for _ in 0..<15 { f.record(code: "a") }
        for _ in 0..<5 { f.record(code: "b") }
        #expect(f.counts == [15, 5])
        f.record(code: "b") // the counts add up to 20 = 2 x 10: aged first (13, 4), then b + 1
        #expect(f.codes == ["a", "b"] && f.counts == [13, 5])
    }

    @Test func aNewEmojiEvictsTheLowestRanked() {
        var f = FrequentEmojis(capacity: 2)
        record(&f, "a", "a", "b", "c")
        #expect(f.codes == ["a", "c"])
        var none = FrequentEmojis(capacity: 0)
        none.record(code: "a")
        #expect(none.codes.isEmpty && none.uses == 0)
    }

    @Test func aSavedValueRoundTripsAndBadOnesAreRepaired() {
        var f = FrequentEmojis(capacity: 5)
        record(&f, "a", "b", "a", "c", "d", "d", "d")
        let restored = FrequentEmojis(capacity: 5, codes: f.codes, counts: f.counts, lastUses: f.lastUses, uses: f.uses)
        #expect(restored == f)
        // Lengths differ (cut to the shortest), a duplicate, a count of 0, a last use past the clock.
        let repaired = FrequentEmojis(capacity: 2, codes: ["x", "x", "y", "z"], counts: [0, 5, 2], lastUses: [9, 1, 1], uses: 3)
        #expect(repaired.codes == ["y", "x"])
        #expect(repaired.counts == [2, 1] && repaired.lastUses == [1, 3])
    }
}
