import SimCore
import Interaction

extension BubbleList {
    /// The list's observable state as settable fields: what a `TestStore` asserts.
    /// Cells are observed by serial (in display order) and the pool by its counters.
    public struct Observation: Hashable, Sendable {
        public var messageCount: Int
        public var width: Double
        public var viewportHeight: Double
        public var contentHeight: Double
        public var distanceFromBottom: Double
        public var pendingBottom: Double
        public var scrollState: ScrollState
        public var displayedRows: Range<Int>
        /// Serials of the displayed cells, top to bottom.
        public var displayedCells: [Int]
        /// Player slots of the displayed cells (the players the host runs).
        public var playerSlots: [BubblePlayerKey]
        public var newMessagesCount: Int
        public var layoutCount: Int
        public var appearanceCount: Int
        public var cellsCreated: Int
        public var cellsReused: Int
        public var cellsPooled: Int

        public init(_ l: BubbleList) {
            messageCount = l.count
            width = l.width
            viewportHeight = l.viewportHeight
            contentHeight = l.contentHeight
            distanceFromBottom = l.distanceFromBottom
            pendingBottom = l.pendingBottom
            scrollState = l.scroll.state
            displayedRows = l.displayedRows
            displayedCells = l.displayedCells.map { $0.serial }
            playerSlots = l.displayedCells.flatMap { c in c.playerItems.indices.map { c.playerKey($0) } }
            newMessagesCount = l.newMessagesCount
            layoutCount = l.layoutCount
            appearanceCount = l.appearanceCount
            cellsCreated = l.pool.createdCount
            cellsReused = l.pool.reusedCount
            cellsPooled = l.pool.pooledCount
        }
    }
}
