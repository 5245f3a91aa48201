/// The heights of all rows and their prefix sums, in a Fenwick (binary indexed) tree.
///
/// Rows start at an estimated height and get their real height when they are first
/// laid out, so opening a conversation of 100,000 messages lays out only the rows it
/// shows. Every operation the list needs per frame is O(log n):
/// - `offset(ofRow:)` the sum of the heights above a row (its top),
/// - `row(containing:)` the binary search (a Fenwick descent) from a y to a row,
/// - `setHeight` when a row is measured or re-measured.
///
/// Heights are whole points in practice (the bitmap font's metrics are integers), so
/// the Double sums are exact; nothing here relies on that for correctness beyond
/// display stability.
public struct RowHeights: Sendable {
    private var tree: [Double]      // 1-based Fenwick array; tree[0] unused
    private var heights: [Double]
    private var measuredFlags: [Bool]
    public let estimatedHeight: Double
    /// Rows whose height came from a measurement rather than the estimate.
    public private(set) var measuredCount = 0
    /// Sum of all heights, kept up to date by every update. O(1).
    public private(set) var total: Double = 0

    public init(count: Int, estimatedHeight: Double) {
        precondition(count >= 0 && estimatedHeight > 0)
        self.estimatedHeight = estimatedHeight
        heights = [Double](repeating: estimatedHeight, count: count)
        measuredFlags = [Bool](repeating: false, count: count)
        tree = []
        rebuild()
    }

    public var count: Int { heights.count }

    public func height(ofRow row: Int) -> Double { heights[row] }
    public func isMeasured(_ row: Int) -> Bool { measuredFlags[row] }

    /// Sum of the heights of rows `0..<row`. O(log n).
    public func offset(ofRow row: Int) -> Double {
        precondition(row >= 0 && row <= count)
        var i = row, s = 0.0
        while i > 0 { s += tree[i]; i &= i - 1 }
        return s
    }

    /// Sets a row's height and marks it measured; returns the change. O(log n).
    @discardableResult
    public mutating func setHeight(_ h: Double, ofRow row: Int) -> Double {
        precondition(h >= 0)
        if !measuredFlags[row] { measuredFlags[row] = true; measuredCount += 1 }
        let delta = h - heights[row]
        guard delta != 0 else { return 0 }
        heights[row] = h
        total += delta
        var i = row + 1
        while i < tree.count { tree[i] += delta; i += i & -i }
        return delta
    }

    /// Appends a row at the estimated height (or a known one). Amortised O(log n).
    public mutating func append(height: Double? = nil) {
        let h = height ?? estimatedHeight
        heights.append(h)
        total += h
        measuredFlags.append(height != nil)
        if height != nil { measuredCount += 1 }
        let i = heights.count            // its 1-based index
        // tree[i] covers rows (i - lowbit(i), i]: sum the covered children plus h.
        var s = h
        var j = i - 1
        let low = i - (i & -i)
        while j > low { s += tree[j]; j &= j - 1 }
        tree.append(s)
    }

    /// Forgets every measurement (e.g. after a width change) and restarts from
    /// `known(row)` where a cached height exists, else the estimate. O(n).
    public mutating func reset(_ known: (Int) -> Double?) {
        measuredCount = 0
        for r in 0..<heights.count {
            if let h = known(r) { heights[r] = h; measuredFlags[r] = true; measuredCount += 1 }
            else { heights[r] = estimatedHeight; measuredFlags[r] = false }
        }
        rebuild()
    }

    /// The row whose span [top, top + height) contains `y`, found by descending the
    /// Fenwick tree (a binary search over the prefix sums). Clamped to the first and
    /// last rows; nil when there are no rows. O(log n).
    public func row(containing y: Double) -> Int? {
        guard count > 0 else { return nil }
        if y < 0 { return 0 }
        var pos = 0, remaining = y
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = pos + step
            if next <= count && tree[next] <= remaining {
                pos = next
                remaining -= tree[next]
            }
            step /= 2
        }
        // `pos` rows have a total height <= y, so y lies in row `pos` (0-based).
        return min(pos, count - 1)
    }

    private mutating func rebuild() {
        total = heights.reduce(0, +)
        tree = [Double](repeating: 0, count: heights.count + 1)
        for i in 1...max(1, heights.count) where i <= heights.count {
            tree[i] += heights[i - 1]
            let parent = i + (i & -i)
            if parent <= heights.count { tree[parent] += tree[i] }
        }
    }
}
