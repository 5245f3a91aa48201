import SimCore

/// The host's GIF players for a `BubbleList`: the effects the list's
/// `playerStarted` / `playerStopped` events name, performed. The list (a value) only
/// says which cell slot starts or stops; this registry makes the player with the host's
/// factory, starts it, ticks it at display-link frames and stops it.
///
/// Invariant (checked by `violations(displayed:)`): the running players are exactly
/// the slots of the displayed cells the factory could make a player for, all animating.
/// Costs: perform O(1) per event; `tick` O(p) for p running players, in the displayed
/// cells' order (so frame-cache traffic is deterministic). Generic over the player type
/// (no existential: the core builds under Embedded Swift).
public struct BubblePlayers<Player: BubblePlayer> {
    private var running: [BubblePlayerKey: Player] = [:]
    private let make: BubblePlayerFactory<Player>

    public init(factory: @escaping BubblePlayerFactory<Player>) { make = factory }

    /// Performs one list event (others are ignored).
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
    public func tick(at now: SimInstant, cells: [BubbleCell]) {
        for c in cells {
            for slot in c.playerItems.indices { _ = running[c.playerKey(slot)]?.tick(at: now) }
        }
    }

    /// The player of a slot, if it runs.
    public func player(_ key: BubblePlayerKey) -> Player? { running[key] }

    /// The frame a slot's player shows now, if it runs.
    public func frameIndex(_ key: BubblePlayerKey) -> Int? { running[key]?.frameIndex }

    /// Players running now.
    public var count: Int { running.count }

    /// Broken invariants against the displayed cells, described.
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
