import Raster

/// The bubble list's layouts, bounded by cost, beside every height it measured.
///
/// A layout holds a row's glyph runs (a `TextLayout`: every character and emoji with its
/// frame), so it is some hundred bytes per character of the message: a 10,000-character
/// message lays out into megabytes. UITableView keeps only the cells on screen and, with
/// estimated heights, a row's measured height as a number; the list does the same:
/// - `height(_:)`: every height measured, per (message, width), kept as a number for
///   good (width changes restore them, as before the cache was bounded);
/// - `layout(_:)`: whole layouts, kept while their total cost stays within `budget`;
///   past it, `trim` drops the layouts farthest from the displayed rows (layouts at
///   other widths first), never a displayed row's. A row laid out again gets the same
///   layout (the provider is pure), so eviction changes cost only, never output.
///
/// Cost is counted in laid-out elements (`cost(of:)`), about what a layout occupies.
/// Invariant: `totalCost` is the sum of the entries' costs. Lookups and inserts are
/// O(1); `trim` is O(c log c) for c cached layouts when over budget (it frees at least a
/// quarter of the budget, so O(log c) amortised per layout), O(1) otherwise.
struct BubbleLayoutCache: Equatable {
    struct Key: Hashable { var id: Message.ID; var width: Double }
    struct Entry: Equatable { var layout: BubbleLayout; var row: Int; var cost: Int }

    /// Total cost the layouts may keep between actions.
    let budget: Int
    private(set) var entries: [Key: Entry] = [:]
    private(set) var totalCost = 0
    private var heights: [Key: Double] = [:]
    /// Every width laid out so far, so invalidating a message is O(widths).
    private var widths: Set<Double> = []

    init(budget: Int) { self.budget = max(0, budget) }

    /// What a layout costs to keep: one per element laid out (characters, emoji, hard
    /// newlines) and one for the row itself.
    static func cost(of l: BubbleLayout) -> Int { 1 + (l.text?.positionCount ?? 0) + l.bigEmoji.count }

    func layout(_ key: Key) -> BubbleLayout? { entries[key]?.layout }
    func height(_ key: Key) -> Double? { heights[key] }
    var count: Int { entries.count }

    mutating func insert(_ l: BubbleLayout, for key: Key, row: Int) {
        let cost = Self.cost(of: l)
        if let old = entries.updateValue(Entry(layout: l, row: row, cost: cost), forKey: key) { totalCost -= old.cost }
        totalCost += cost
        heights[key] = l.rowHeight
        widths.insert(key.width)
    }

    /// Forgets a message's layouts and heights at every width (its text changed).
    mutating func invalidate(_ id: Message.ID) {
        for w in widths {
            let key = Key(id: id, width: w)
            if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
            heights[key] = nil
        }
    }

    /// Back within budget: drops layouts, farthest first, until the cost is at most three
    /// quarters of the budget or only the displayed rows' layouts (at `width`) are left.
    /// Order: other widths before the current one, then distance in rows from
    /// `displayed` (from `anchor` when nothing is displayed), then width and row, so the
    /// choice is deterministic whatever the dictionary's order.
    mutating func trim(displayed: Range<Int>, anchor: Int, width: Double) {
        guard totalCost > budget else { return }
        func distance(_ row: Int) -> Int {
            if displayed.isEmpty { return abs(row - anchor) }
            if row < displayed.lowerBound { return displayed.lowerBound - row }
            return row >= displayed.upperBound ? row - displayed.upperBound + 1 : 0
        }
        var candidates: [(key: Key, other: Bool, distance: Int)] = []
        candidates.reserveCapacity(entries.count)
        for (key, e) in entries {
            let other = key.width != width
            if !other && displayed.contains(e.row) { continue }
            candidates.append((key, other, distance(e.row)))
        }
        candidates.sort { a, b in
            if a.other != b.other { return a.other }
            if a.distance != b.distance { return a.distance > b.distance }
            if a.key.width != b.key.width { return a.key.width < b.key.width }
            return a.key.id.raw < b.key.id.raw
        }
        let target = budget - budget / 4
        for c in candidates {
            if totalCost <= target { break }
            if let old = entries.removeValue(forKey: c.key) { totalCost -= old.cost }
        }
    }
}
