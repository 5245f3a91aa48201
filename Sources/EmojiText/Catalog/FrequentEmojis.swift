/// Frequently used emoji, ranked by how often and how lately each was used, as the
/// first row of the iOS emoji keyboard is (docs/PORTING.md, "Frequently Used").
///
/// The ranking (`rank`): a use adds 1 to the emoji's count; its score is the count
/// weighted by how many uses ago it was last used — x4 within the last 10 uses, x2
/// within 50, x1 within 200, x1/2 after that — and ties go to the more recent. This is
/// zoxide's frecency table (score x4 within the hour, x2 within the day, /2 within the
/// week, /4 after) with uses for time, since the core reads no clock and a keyboard
/// that is not used should not forget. Aging, also zoxide's: when the counts add up to
/// more than ten per kept emoji, every count is cut to 9/10 (rounded down) and the
/// emoji left at 0 are dropped, so an old habit fades. A new emoji entering a full
/// list evicts the lowest-ranked one.
///
/// A plain value to save and restore: `codes`, `counts`, `lastUses` and `uses` (arrays
/// of strings and integers a porter puts in UserDefaults), read back by
/// `init(capacity:codes:counts:lastUses:uses:)`.
public struct FrequentEmojis: Hashable, Sendable {
    /// The capacity when none is given: 60 codes (more than a Frequently Used page
    /// shows, so an emoji dropping off the page keeps its count).
    public static let defaultCapacity = 60

    /// The most codes kept (0: nothing is kept).
    public let capacity: Int
    /// The codes, best ranked first. Invariant: unique, count <= capacity.
    public private(set) var codes: [String] = []
    /// Each code's use count (at least 1), in the order of `codes`.
    public private(set) var counts: [Int] = []
    /// Each code's last use, as the value `uses` had right after it, in the order of `codes`.
    public private(set) var lastUses: [Int] = []
    /// Uses recorded so far: the clock that `lastUses` and the recency weights count in.
    public private(set) var uses = 0

    /// Restores a saved value. Arrays of different lengths are cut to the shortest;
    /// duplicate codes after the first, counts below 1 and last uses outside
    /// `0...uses` are dropped or clamped, then the list is ranked and cut to `capacity`.
    ///
    /// - Parameters:
    ///   - capacity: The most codes kept; negative means 0.
    ///   - codes: Saved codes.
    ///   - counts: Their use counts.
    ///   - lastUses: Their last uses.
    ///   - uses: The saved use clock (negative means 0).
    /// - Complexity: O(n log n).
    public init(capacity: Int = FrequentEmojis.defaultCapacity, codes: [String] = [], counts: [Int] = [],
                lastUses: [Int] = [], uses: Int = 0) {
        self.capacity = max(0, capacity)
        self.uses = max(0, uses)
        var seen: Set<String> = []
        for k in 0..<min(codes.count, counts.count, lastUses.count) where seen.insert(codes[k]).inserted {
            self.codes.append(codes[k])
            self.counts.append(max(1, counts[k]))
            self.lastUses.append(min(max(0, lastUses[k]), self.uses))
        }
        rank()
        cut(to: self.capacity)
    }

    /// The score `rank` orders by: the count times the recency weight, in quarters
    /// (x4 is 16, x2 is 8, x1 is 4, x1/2 is 2), so it stays an integer.
    ///
    /// - Parameter i: An index into `codes`.
    /// - Returns: The score.
    public func score(at i: Int) -> Int {
        let since = uses - lastUses[i]
        let weight = since < 10 ? 16 : since < 50 ? 8 : since < 200 ? 4 : 2
        return counts[i] &* weight
    }

    /// Records a use of `code`: ages the counts when they add up past ten per kept
    /// emoji, adds 1 to the code's count (evicting the lowest-ranked code when a new one
    /// finds the list full), then ranks.
    ///
    /// - Parameter code: The emoji's code (a skin-tone variant keeps its own).
    /// - Complexity: O(capacity log capacity).
    public mutating func record(code: String) {
        guard capacity > 0 else { return }
        if counts.reduce(0, &+) >= capacity * 10 { age() }
        uses &+= 1
        if let i = codes.firstIndex(of: code) {
            counts[i] &+= 1
            lastUses[i] = uses
        } else {
            cut(to: capacity - 1)
            codes.append(code)
            counts.append(1)
            lastUses.append(uses)
        }
        rank()
    }

    /// Records an emoji the user inserted (its code).
    ///
    /// - Parameter emoji: The emoji.
    /// - Complexity: O(capacity log capacity).
    public mutating func record(_ emoji: Emoji) { record(code: emoji.code) }

    /// The codes most recently used first (what plain Recents shows).
    public var byRecency: [String] {
        codes.indices.sorted { lastUses[$0] > lastUses[$1] }.map { codes[$0] }
    }

    /// Every count to 9/10, rounded down; codes left at 0 go.
    private mutating func age() {
        var k = 0
        for i in codes.indices {
            let c = counts[i] * 9 / 10
            guard c > 0 else { continue }
            codes[k] = codes[i]; counts[k] = c; lastUses[k] = lastUses[i]
            k += 1
        }
        cut(to: k)
    }

    /// Orders by score, then by last use (the more recent first), then by code, so
    /// equal values rank alike however they were built.
    private mutating func rank() {
        let order = codes.indices.sorted { a, b in
            let sa = score(at: a), sb = score(at: b)
            if sa != sb { return sa > sb }
            if lastUses[a] != lastUses[b] { return lastUses[a] > lastUses[b] }
            return codes[a] < codes[b]
        }
        codes = order.map { codes[$0] }
        counts = order.map { counts[$0] }
        lastUses = order.map { lastUses[$0] }
    }

    private mutating func cut(to n: Int) {
        let n = max(0, n)
        guard codes.count > n else { return }
        codes.removeLast(codes.count - n)
        counts.removeLast(counts.count - n)
        lastUses.removeLast(lastUses.count - n)
    }
}
