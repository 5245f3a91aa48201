/// A reusable row view, as a value: what it shows and the player slots it has. Cells
/// are reused through `CellReusePool`; `prepareForReuse` clears everything a previous
/// row left (text, frames, player slots), so no stale content survives reuse. As in
/// UIKit it runs once per reuse, when the cell is dequeued: a cell waiting in the pool
/// still holds its last row's content; its players were stopped at didEndDisplaying.
/// The players themselves live with the host (`BubblePlayers`), keyed by the cell's
/// serial and the slot.
public struct BubbleCell: Equatable {
    /// Creation order, stable for the cell's life: tells reused cells apart.
    public let serial: Int
    /// The kind of row the cell shows; a cell never changes kind.
    public let reuseIdentifier: CellReuseIdentifier
    /// The message the cell shows, nil while in the pool.
    public private(set) var messageID: Message.ID?
    /// The row the cell shows, nil after `prepareForReuse`.
    public private(set) var row: Int?
    /// The laid-out bubble the cell draws, nil after `prepareForReuse`.
    public private(set) var layout: BubbleLayout?
    /// One player slot per playable animated emoji of the row, in layout order: the
    /// item slot `i` plays (`BubblePlayerKey(cell: serial, slot: i)`).
    public private(set) var playerItems: [BubbleLayout.AnimatedItem] = []
    /// How many rows this cell has shown.
    public private(set) var configureCount = 0
    /// How many times `prepareForReuse` ran (once per dequeue from the pool).
    public private(set) var prepareForReuseCount = 0

    /// An empty cell (the pool creates cells; tests make them directly).
    ///
    /// - Parameters:
    ///   - serial: The cell's creation number.
    ///   - reuseIdentifier: Its kind.
    public init(serial: Int, reuseIdentifier: CellReuseIdentifier) {
        self.serial = serial; self.reuseIdentifier = reuseIdentifier
    }

    /// `cellForRowAt`: shows a row; a player slot for each playable animated emoji.
    mutating func configure(row: Int, message: Message, layout: BubbleLayout, playable: BubbleList.Playable) {
        self.row = row
        self.messageID = message.id
        self.layout = layout
        playerItems = layout.animatedItems.filter(playable)
        configureCount += 1
    }

    /// New layout for the same row (width change): player slots are kept, they show
    /// the same images at new places.
    mutating func relayout(_ layout: BubbleLayout) {
        self.layout = layout
        // Same message, so the same animated emoji in the same order; only frames move.
        var moved: [BubbleLayout.AnimatedItem] = []
        var i = 0
        for item in layout.animatedItems where i < playerItems.count && item.code == playerItems[i].code {
            moved.append(item); i += 1
        }
        if moved.count == playerItems.count { playerItems = moved }
    }

    /// Clears what the previous row left. Its players were stopped at didEndDisplaying;
    /// the slots are dropped here so no frame of the previous row can show again.
    mutating func prepareForReuse() {
        prepareForReuseCount += 1
        playerItems = []
        messageID = nil
        row = nil
        layout = nil
    }

    /// The player key of slot `slot`.
    ///
    /// - Parameter slot: An index into ``playerItems``.
    /// - Returns: The key the host's players are stored under.
    public func playerKey(_ slot: Int) -> BubblePlayerKey { BubblePlayerKey(cell: serial, slot: slot) }
}
