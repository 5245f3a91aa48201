import SimCore
import Interaction

extension BubbleList {
    /// The list's observable state as settable fields: what a `TestStore` asserts.
    /// Cells are observed by serial (in display order) and the pool by its counters.
    public struct Observation: Hashable, Sendable {
        /// ``BubbleList/count``.
        public var messageCount: Int
        /// ``BubbleList/width``.
        public var width: Double
        /// ``BubbleList/viewportHeight``.
        public var viewportHeight: Double
        /// ``BubbleList/contentHeight``.
        public var contentHeight: Double
        /// ``BubbleList/distanceFromBottom``.
        public var distanceFromBottom: Double
        /// ``BubbleList/pendingBottom``.
        public var pendingBottom: Double
        /// The scroll model's phase (idle, dragging, decelerating, animating...).
        public var scrollState: ScrollState
        /// ``BubbleList/displayedRows``.
        public var displayedRows: Range<Int>
        /// Serials of the displayed cells, top to bottom.
        public var displayedCells: [Int]
        /// Player slots of the displayed cells (the players the host runs).
        public var playerSlots: [BubblePlayerKey]
        /// ``BubbleList/newMessagesCount``: the marker's count.
        public var newMessagesCount: Int
        /// ``BubbleList/layoutCount``: layouts computed so far.
        public var layoutCount: Int
        /// ``BubbleList/appearanceCount``: willDisplay events so far.
        public var appearanceCount: Int
        /// Cells created so far (the pool's counter).
        public var cellsCreated: Int
        /// Cells dequeued from the pool so far.
        public var cellsReused: Int
        /// Cells waiting in the pool now.
        public var cellsPooled: Int

        /// The observation of a list now.
        ///
        /// - Parameter l: The list.
        /// - Complexity: O(*v*) in the displayed cells and their player slots.
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
