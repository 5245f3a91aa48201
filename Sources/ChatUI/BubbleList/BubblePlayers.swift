import SimCore

/// The host's GIF players for a `BubbleList`: the effects the list's
/// `playerStarted` / `playerStopped` events name, performed. The list (a value) only
/// says which cell slot starts or stops; this registry makes the player with the host's
/// factory, starts it, ticks it at display-link frames and stops it.
///
/// Invariant (checked by `violations(displayed:)`): the running players are exactly
/// the slots of the displayed cells the factory could make a player for, all animating.
/// `tick` runs in the displayed cells' order (so frame-cache traffic is deterministic).
/// Generic over the player type (no existential: the core builds under Embedded Swift).
/// - Complexity: `perform` is O(1) per event; `tick` is O(*p*) for *p* player slots of
///   the displayed cells.
public struct BubblePlayers<Player: BubblePlayer> {
    private var running: [BubblePlayerKey: Player] = [:]
    private let make: BubblePlayerFactory<Player>

    /// An empty registry.
    ///
    /// - Parameter factory: Makes the player for an animated item (`nil`: none, the row
    ///   shows its still placeholder).
    public init(factory: @escaping BubblePlayerFactory<Player>) { make = factory }

    /// Performs one list event (others are ignored).
    ///
    /// - Parameters:
    ///   - event: A list event; `playerStarted` makes and starts a player (stopping one
    ///     already in the slot), `playerStopped` stops and drops it.
    ///   - now: The event's instant.
    public mutating func perform(_ event: BubbleListEvent, at now: SimInstant) {
        switch event {
        case let .playerStarted(_, _, cell, slot, item):
            let key = BubblePlayerKey(cell: cell, slot: slot)
            running[key]?.stop(at: now)
            guard let p = make(item) else { running[key] = nil; return }
            p.start(at: now)
            running[key] = p
        case let .playerStopped(_, _, cell, slot, _):
            running.removeValue(forKey: BubblePlayerKey(cell: cell, slot: slot))?.stop(at: now)
        default:
            break
        }
    }

    /// Advances the players of `cells` (the displayed ones, in order) to `now`.
    ///
    /// - Parameters:
    ///   - now: The frame's instant.
    ///   - cells: The displayed cells, top to bottom.
    /// - Complexity: O(*p*) in the cells' player slots.
    public func tick(at now: SimInstant, cells: [BubbleCell]) {
        for c in cells {
            for slot in c.playerItems.indices { _ = running[c.playerKey(slot)]?.tick(at: now) }
        }
    }

    /// The player of a slot, if it runs.
    ///
    /// - Parameter key: The slot.
    /// - Returns: The running player, or `nil`.
    public func player(_ key: BubblePlayerKey) -> Player? { running[key] }

    /// The frame a slot's player shows now, if it runs.
    ///
    /// - Parameter key: The slot.
    /// - Returns: The frame index, or `nil` when no player runs there.
    public func frameIndex(_ key: BubblePlayerKey) -> Int? { running[key]?.frameIndex }

    /// Players running now.
    public var count: Int { running.count }

    /// Broken invariants against the displayed cells, described.
    ///
    /// - Parameter cells: The displayed cells.
    /// - Returns: One sorted message per broken invariant; empty when it holds.
    /// - Complexity: O(*p* log *p*) in the player slots and running players.
    public func violations(displayed cells: [BubbleCell]) -> [String] {
        var out: [String] = []
        var expected = Set<BubblePlayerKey>()
        for c in cells {
            for slot in c.playerItems.indices {
                let key = c.playerKey(slot)
                expected.insert(key)
                if let p = running[key], !p.isAnimating {
                    out.append("row \(c.row.map { String($0) } ?? "nil") visible but a player is stopped")
                }
            }
        }
        for key in running.keys where !expected.contains(key) {
            out.append("cell \(key.cell) slot \(key.slot) runs a player but is not displayed")
        }
        return out.sorted()
    }
}

/// The GIF players a `BubbleList` reducer performs its player events with: a
/// `BubblePlayers` registry behind one type whatever the player type, so the list
/// reducer (and its `State`, `Action`, …) stays non-generic. A reference: the host
/// performs events and frames through it while the reducer value is copied around.
/// Closures instead of an existential (the core builds under Embedded Swift).
/// - Complexity: as `BubblePlayers`, plus one closure call.
public final class BubbleListPlayers {
    private let performEvent: (BubbleListEvent, SimInstant) -> Void
    private let tickCells: (SimInstant, [BubbleCell]) -> Void
    private let frameOf: (BubblePlayerKey) -> Int?
    private let running: () -> Int
    private let check: ([BubbleCell]) -> [String]

    /// Players made by `factory` (nil from it: that emoji shows its still).
    ///
    /// - Parameter factory: Makes the player for an animated item.
    /// (A convenience initializer: Embedded Swift allows a class's generic initializer
    /// only as one.)
    public convenience init<Player: BubblePlayer>(factory: @escaping BubblePlayerFactory<Player>) {
        let box = PlayerBox(BubblePlayers(factory: factory))
        self.init(perform: { e, t in box.players.perform(e, at: t) },
                  tick: { t, cells in box.players.tick(at: t, cells: cells) },
                  frameIndex: { box.players.frameIndex($0) },
                  count: { box.players.count },
                  violations: { box.players.violations(displayed: $0) })
    }

    private init(perform: @escaping (BubbleListEvent, SimInstant) -> Void,
                 tick: @escaping (SimInstant, [BubbleCell]) -> Void,
                 frameIndex: @escaping (BubblePlayerKey) -> Int?,
                 count: @escaping () -> Int,
                 violations: @escaping ([BubbleCell]) -> [String]) {
        performEvent = perform
        tickCells = tick
        frameOf = frameIndex
        running = count
        check = violations
    }

    /// Performs one list event: `playerStarted` makes and starts a player, `playerStopped`
    /// stops and drops it; others are ignored.
    ///
    /// - Parameters:
    ///   - event: A list event.
    ///   - now: Its instant.
    public func perform(_ event: BubbleListEvent, at now: SimInstant) { performEvent(event, now) }

    /// Advances the players of `cells` (the displayed ones, in order) to `now`.
    ///
    /// - Parameters:
    ///   - now: The frame's instant.
    ///   - cells: The displayed cells, top to bottom.
    /// - Complexity: O(*p*) in the cells' player slots.
    public func tick(at now: SimInstant, cells: [BubbleCell]) { tickCells(now, cells) }

    /// The frame a slot's player shows now, if it runs.
    ///
    /// - Parameter key: The slot.
    /// - Returns: The frame index, or `nil` when no player runs there.
    public func frameIndex(_ key: BubblePlayerKey) -> Int? { frameOf(key) }

    /// Players running now.
    public var count: Int { running() }

    /// Broken invariants against the displayed cells (see `BubblePlayers.violations(displayed:)`).
    ///
    /// - Parameter cells: The displayed cells.
    /// - Returns: One sorted message per broken invariant; empty when it holds.
    /// - Complexity: O(*p* log *p*).
    public func violations(displayed cells: [BubbleCell]) -> [String] { check(cells) }
}

/// The registry a `BubbleListPlayers` mutates through its closures.
private final class PlayerBox<Player: BubblePlayer> {
    var players: BubblePlayers<Player>
    init(_ p: BubblePlayers<Player>) { players = p }
}
