/// A reusable row view: what it shows and the players it runs. Cells are reused
/// through `CellReusePool`; `prepareForReuse` clears everything a previous row left
/// (text, frames, players), so no stale content survives reuse.
public struct BubbleCell {
    /// Creation order, stable for the cell's life: tells reused cells apart.
    public let serial: Int
    public let reuseIdentifier: CellReuseIdentifier
    /// The message the cell shows, nil while in the pool.
    public private(set) var messageID: Message.ID?
    public private(set) var row: Int?
    public private(set) var layout: BubbleLayout?
    /// One player per animated emoji of the row, in layout order.
    public private(set) var players: [any BubblePlayer] = []
    /// How many rows this cell has shown.
    public private(set) var configureCount = 0

    public init(serial: Int, reuseIdentifier: CellReuseIdentifier) {
        self.serial = serial; self.reuseIdentifier = reuseIdentifier
    }

    /// `cellForRowAt`: shows a row; makes (stopped) players for its animated emoji.
    mutating func configure(row: Int, message: Message, layout: BubbleLayout, players make: BubblePlayerFactory) {
        self.row = row
        self.messageID = message.id
        self.layout = layout
        self.players = layout.animatedItems.compactMap(make)
        configureCount += 1
    }

    /// New layout for the same row (width change): players are kept, they show the
    /// same images at new places.
    mutating func relayout(_ layout: BubbleLayout) { self.layout = layout }

    mutating func moveToRow(_ row: Int) { self.row = row }

    /// Clears what the previous row left. Players must already be stopped.
    mutating func prepareForReuse() {
        for p in players where p.isAnimating { p.stop() }
        players = []
        messageID = nil
        row = nil
        layout = nil
    }

    public var isAnimating: Bool { players.contains { $0.isAnimating } }
}
