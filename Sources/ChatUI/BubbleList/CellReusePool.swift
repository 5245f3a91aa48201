/// Cells waiting for reuse, one LIFO stack per identifier, with counters.
///
/// `dequeue` is UITableView's `dequeueReusableCell(withIdentifier:)`: a pooled cell gets
/// `prepareForReuse` exactly then, "just before returning the object" (Apple's
/// UITableViewCell.prepareForReuse() documentation), never when it enters the pool.
///
/// A cell is created only when the pool for its identifier is empty, i.e. when every
/// cell of that kind is on screen; so the cells ever created of a kind never exceed the
/// peak number of rows of that kind displayed at once.
public struct CellReusePool: Equatable {
    private var stacks: [CellReuseIdentifier: [BubbleCell]] = [:]
    /// Cells created so far, all kinds; also the next cell's serial number.
    public private(set) var createdCount = 0
    /// Dequeues answered from the pool.
    public private(set) var reusedCount = 0
    /// Cells created so far, by kind.
    public private(set) var createdByIdentifier: [CellReuseIdentifier: Int] = [:]

    /// An empty pool with zero counters.
    public init() {}

    /// Pops a cell (reset for reuse) or creates one. Returns the cell and whether it was reused.
    mutating func dequeue(_ id: CellReuseIdentifier) -> (cell: BubbleCell, reused: Bool) {
        if var cell = stacks[id]?.popLast() {
            cell.prepareForReuse()
            reusedCount += 1
            return (cell, true)
        }
        let cell = BubbleCell(serial: createdCount, reuseIdentifier: id)
        createdCount += 1
        createdByIdentifier[id, default: 0] += 1
        return (cell, false)
    }

    mutating func enqueue(_ cell: BubbleCell) {
        stacks[cell.reuseIdentifier, default: []].append(cell)
    }

    /// Cells waiting in the pool.
    /// - Complexity: O(*k*) in the number of identifiers.
    public var pooledCount: Int { stacks.values.reduce(0) { $0 + $1.count } }
    /// The cells of one kind waiting in the pool, the next to be dequeued last.
    ///
    /// - Parameter id: The reuse identifier.
    /// - Returns: The pooled cells (empty when none).
    public func pooled(_ id: CellReuseIdentifier) -> [BubbleCell] { stacks[id] ?? [] }
}
