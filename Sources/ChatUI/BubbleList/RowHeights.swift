/// The heights of all rows and their prefix sums, in a Fenwick (binary indexed) tree.
///
/// Rows start at an estimated height and get their real height when they are first
/// laid out, so opening a conversation of 100,000 messages lays out only the rows it
/// shows. Every operation the list needs per frame is logarithmic:
/// - `offset(ofRow:)` the sum of the heights above a row (its top),
/// - `row(containing:)` the binary search (a Fenwick descent) from a y to a row,
/// - `setHeight` when a row is measured or re-measured.
///
/// Heights are whole points in practice (the bitmap font's metrics are integers), so
/// the Double sums are exact; nothing here relies on that for correctness beyond
/// display stability.
public struct RowHeights: Equatable, Sendable {
    private var tree: [Double]      // 1-based Fenwick array; tree[0] unused
    private var heights: [Double]
    private var measuredFlags: [Bool]
    /// The height a row has until it is measured.
    public let estimatedHeight: Double
    /// Rows whose height came from a measurement rather than the estimate.
    public private(set) var measuredCount = 0
    /// Sum of all heights, kept up to date by every update.
    public private(set) var total: Double = 0

    /// `count` rows, all at the estimate and unmeasured.
    ///
    /// - Parameters:
    ///   - count: The number of rows, 0 or more.
    ///   - estimatedHeight: The estimate, more than 0.
    /// - Complexity: O(*n*) in `count`.
    public init(count: Int, estimatedHeight: Double) {
        precondition(count >= 0 && estimatedHeight > 0)
        self.estimatedHeight = estimatedHeight
        heights = [Double](repeating: estimatedHeight, count: count)
        measuredFlags = [Bool](repeating: false, count: count)
        tree = []
        rebuild()
    }

    /// The number of rows.
    public var count: Int { heights.count }

    /// A row's height: measured, or the estimate.
    ///
    /// - Parameter row: A row in `0..<count`.
    /// - Returns: The height in points.
    public func height(ofRow row: Int) -> Double { heights[row] }
    /// Whether a row's height was measured (rather than estimated).
    ///
    /// - Parameter row: A row in `0..<count`.
    /// - Returns: `true` once ``setHeight(_:ofRow:)`` (or a known height) set it.
    public func isMeasured(_ row: Int) -> Bool { measuredFlags[row] }

    /// Sum of the heights of rows `0..<row`: the row's top.
    ///
    /// - Parameter row: A row in `0...count` (`count` gives ``total``).
    /// - Returns: The offset in points.
    /// - Complexity: O(log *n*).
    public func offset(ofRow row: Int) -> Double {
        precondition(row >= 0 && row <= count)
        var i = row, s = 0.0
        while i > 0 { s += tree[i]; i &= i - 1 }
        return s
    }

    /// Sets a row's height and marks it measured.
    ///
    /// - Parameters:
    ///   - h: The measured height, 0 or more.
    ///   - row: A row in `0..<count`.
    /// - Returns: The change in height (new minus old); 0 when it was already `h`.
    /// - Complexity: O(log *n*).
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

    /// Appends a row at the estimated height (or a known one, which marks it measured).
    ///
    /// - Parameter height: The row's known height, or `nil` for the estimate.
    /// - Complexity: Amortized O(log *n*).
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
    /// `known(row)` where a cached height exists, else the estimate.
    ///
    /// - Parameter known: A cached height for a row, or `nil`.
    /// - Complexity: O(*n*), plus a call of `known` per row.
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
    /// last rows; nil when there are no rows.
    ///
    /// - Parameter y: An offset from the top of the first row.
    /// - Returns: The row, or `nil` when there are none.
    /// - Complexity: O(log *n*).
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
