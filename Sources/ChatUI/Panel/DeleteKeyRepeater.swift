import SimCore

/// The delete key's auto-repeat as a pure state machine on virtual time.
///
/// Touch-down arms it; the first repeat fires `delay` after the touch-down (default
/// 0.5 s), then one every `interval` (0.1 s) while held, each a didTapDelete. Touch-up
/// stops it and deletes once if no repeat fired (a plain tap deletes exactly once); a
/// cancelled touch stops it without deleting. The owner schedules a clock timer at
/// `nextFire` and calls `fire(at:)`; after `release`/`cancel` `nextFire` is nil, so no
/// timer outlives the touch.
///
/// Repeat k (1-based) is due at down + delay + (k - 1) * interval, computed from the
/// touch-down instant, so late ticks never drift the schedule.
public struct DeleteKeyRepeater: Hashable, Sendable {
    /// From touch-down to the first repeat.
    public var delay: SimDuration
    /// Between repeats after the first; positive.
    public var interval: SimDuration
    /// When the key went down, nil while idle.
    public private(set) var downAt: SimInstant?
    /// Repeats fired during the current hold.
    public private(set) var repeats: Int = 0

    /// One deletion to perform: `repeatCount` 0 for the tap's single delete, k >= 1 for repeat k.
    public struct Delete: Hashable, Sendable {
        /// When the deletion is due (a repeat's scheduled instant, not when it was fired).
        public var time: SimInstant
        /// 0 for a tap's single delete, k for repeat k.
        public var repeatCount: Int
    }

    /// An idle repeater.
    ///
    /// - Parameters:
    ///   - delay: From touch-down to the first repeat.
    ///   - interval: Between repeats; must be positive (a zero interval traps).
    public init(delay: SimDuration = .milliseconds(500), interval: SimDuration = .milliseconds(100)) {
        precondition(interval.ticks > 0, "delete repeat interval must be positive")
        self.delay = delay; self.interval = interval
    }

    /// Whether the key is down (pressed and neither released nor cancelled).
    public var isHeld: Bool { downAt != nil }

    /// Due instant of the next repeat while held.
    public var nextFire: SimInstant? {
        guard let d = downAt else { return nil }
        return d + delay + interval * repeats
    }

    /// Touch-down: arms the repeat from `t` (a press while held restarts it).
    ///
    /// - Parameter t: The touch-down instant.
    public mutating func press(at t: SimInstant) {
        downAt = t; repeats = 0
    }

    /// All repeats due at or before `t` (normally one per timer firing).
    ///
    /// - Parameter t: The timer's instant.
    /// - Returns: The repeats due, in order; empty while idle.
    /// - Complexity: O(*k*) in the repeats due.
    public mutating func fire(at t: SimInstant) -> [Delete] {
        var out: [Delete] = []
        while let due = nextFire, due <= t {
            repeats += 1
            out.append(Delete(time: due, repeatCount: repeats))
        }
        return out
    }

    /// Touch-up: fires what was due, then the single delete when no repeat fired.
    ///
    /// - Parameter t: The touch-up instant.
    /// - Returns: The deletions; empty when not held.
    public mutating func release(at t: SimInstant) -> [Delete] {
        guard isHeld else { return [] }
        var out = fire(at: t)
        if repeats == 0 { out.append(Delete(time: t, repeatCount: 0)) }
        downAt = nil
        return out
    }

    /// Touch cancelled: stops without deleting.
    public mutating func cancel() {
        downAt = nil
    }
}
