/// A reusable row view: what it shows and the players it runs. Cells are reused
/// through `CellReusePool`; `prepareForReuse` clears everything a previous row left
/// (text, frames, players), so no stale content survives reuse. As in UIKit it runs
/// once per reuse, when the cell is dequeued: a cell waiting in the pool still holds
/// its last row's content, with its players stopped (at didEndDisplaying).
public struct BubbleCell {
    /// Creation order, stable for the cell's life: tells reused cells apart.
    public let serial: Int
    public let reuseIdentifier: CellReuseIdentifier
    /// The message the cell shows, nil while in the pool.
    public private(set) var messageID: Message.ID?
    public private(set) var row: Int?
    public private(set) var layout: BubbleLayout?
    /// One player per animated emoji of the row whose image could be loaded, in layout
    /// order, with the item it plays.
    public private(set) var players: [any BubblePlayer] = []
    public private(set) var playerItems: [BubbleLayout.AnimatedItem] = []
    /// How many rows this cell has shown.
    public private(set) var configureCount = 0
    /// How many times `prepareForReuse` ran (once per dequeue from the pool).
    public private(set) var prepareForReuseCount = 0

    public init(serial: Int, reuseIdentifier: CellReuseIdentifier) {
        self.serial = serial; self.reuseIdentifier = reuseIdentifier
    }

    /// `cellForRowAt`: shows a row; makes (stopped) players for its animated emoji.
    mutating func configure(row: Int, message: Message, layout: BubbleLayout, players make: BubblePlayerFactory) {
        self.row = row
        self.messageID = message.id
        self.layout = layout
        players = []; playerItems = []
        for item in layout.animatedItems {
            if let p = make(item) { players.append(p); playerItems.append(item) }
        }
        configureCount += 1
    }

    /// New layout for the same row (width change): players are kept, they show the
    /// same images at new places.
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
    /// they are dropped here so no frame of the previous row can show again.
    mutating func prepareForReuse() {
        prepareForReuseCount += 1
        players = []
        playerItems = []
        messageID = nil
        row = nil
        layout = nil
    }

    public var isAnimating: Bool { players.contains { $0.isAnimating } }
}
