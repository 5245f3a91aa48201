import SimCore

/// What a cell needs from an animation player: started when its row is displayed,
/// stopped when it ends displaying, ticked on display-link frames in between.
///
/// "Animating" means running (started and not stopped): a play-once GIF that has
/// finished stays on its last frame while its row is visible and still counts, since
/// scrolling it away and back plays it again.
public protocol BubblePlayer: AnyObject {
    /// Whether the player runs: started and not stopped (a finished play-once GIF counts).
    var isAnimating: Bool { get }
    /// The frame shown now.
    var frameIndex: Int { get }
    /// Starts (or restarts) playing from the first frame.
    ///
    /// - Parameter now: The instant the row was displayed.
    func start(at now: SimInstant)
    /// Stops playing; the player is dropped afterwards.
    ///
    /// - Parameter now: The instant the row ended displaying.
    func stop(at now: SimInstant)
    /// Advances to a frame instant.
    ///
    /// - Parameter now: The display-link frame's instant, not before the last one.
    /// - Returns: `true` when the shown frame changed.
    func tick(at now: SimInstant) -> Bool
}

/// Makes the player for one animated emoji of a row (nil when the image is unknown,
/// in which case the row shows its still placeholder).
public typealias BubblePlayerFactory<Player: BubblePlayer> = (BubbleLayout.AnimatedItem) -> Player?

/// Which player: slot `slot` of the cell with serial `cell`. Players are keyed by cell,
/// so stopping a row's old cell (a reload) never stops its new cell's players.
public struct BubblePlayerKey: Hashable, Sendable {
    /// The cell's serial (``BubbleCell/serial``).
    public var cell: Int
    /// The index into the cell's ``BubbleCell/playerItems``.
    public var slot: Int
    /// Creates a key.
    ///
    /// - Parameters:
    ///   - cell: The cell's serial.
    ///   - slot: The slot index.
    public init(cell: Int, slot: Int) { self.cell = cell; self.slot = slot }
}
