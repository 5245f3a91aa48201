/// The one source of time in a simulation. Nothing in EmojiSim reads the wall clock:
/// models ask this clock for `now` and schedule timers on it, and a driver advances it.
///
/// Timers fire in order of their due instant, ties broken by scheduling order, and
/// `now` equals the timer's due instant while its action runs, so an action sees the
/// exact moment it was meant for even when the clock jumps far ahead.
///
/// A reference type on purpose: every model of one screen shares one clock.
/// Not thread-safe; a simulation runs on one thread (or one task).
public final class VirtualClock {
    /// The current virtual instant; only `advance` moves it, never backwards.
    public private(set) var now: SimInstant = .zero
    private var timers: [Timer] = []      // kept sorted by (due, seq)
    private var nextSeq: UInt64 = 0

    /// An opaque handle for cancelling a timer.
    public struct TimerID: Hashable, Sendable { let raw: UInt64 }

    private struct Timer {
        var due: SimInstant
        var seq: UInt64
        var id: TimerID
        var interval: SimDuration?
        var action: (SimInstant) -> Void
    }

    /// A clock at `SimInstant.zero` with no timers.
    public init() {}

    /// Number of timers waiting to fire.
    public var pendingTimerCount: Int { timers.count }

    /// The due instant of the next timer, if any.
    public var nextDue: SimInstant? { timers.first?.due }

    /// Schedules `action` to run once at `instant` (or at `now` if that is past).
    ///
    /// - Parameters:
    ///   - instant: When it fires.
    ///   - action: Run with the due instant (which `now` equals while it runs).
    /// - Returns: A handle for `cancel`.
    /// - Complexity: O(n) insertion into the sorted list; n is small (a few timers per screen).
    @discardableResult
    public func schedule(at instant: SimInstant, _ action: @escaping (SimInstant) -> Void) -> TimerID {
        insert(due: max(instant, now), interval: nil, action: action)
    }

    /// Schedules `action` to run once, `delay` after `now`.
    ///
    /// - Parameters:
    ///   - delay: How long from now (a negative delay fires at the next advance).
    ///   - action: Run with the due instant.
    /// - Returns: A handle for `cancel`.
    /// - Complexity: O(n) in pending timers.
    @discardableResult
    public func schedule(after delay: SimDuration, _ action: @escaping (SimInstant) -> Void) -> TimerID {
        schedule(at: now + delay, action)
    }

    /// Schedules `action` every `interval`, first at `now + interval`. Repeats are computed
    /// from the first due instant (due + k * interval), so they never drift.
    @discardableResult
    public func scheduleRepeating(every interval: SimDuration, startingAt start: SimInstant? = nil,
                                  _ action: @escaping (SimInstant) -> Void) -> TimerID {
        precondition(interval.ticks > 0, "a repeating timer needs a positive interval")
        return insert(due: max(start ?? now + interval, now), interval: interval, action: action)
    }

    /// Cancels a timer; a fired (one-shot) or already cancelled timer is ignored.
    ///
    /// - Parameter id: The handle `schedule` returned.
    /// - Complexity: O(n) in pending timers.
    public func cancel(_ id: TimerID) {
        timers.removeAll { $0.id == id }
    }

    /// Whether the timer is still pending.
    ///
    /// - Parameter id: The handle.
    /// - Returns: False once a one-shot timer fired or any timer was cancelled.
    /// - Complexity: O(n) in pending timers.
    public func isScheduled(_ id: TimerID) -> Bool { timers.contains { $0.id == id } }

    /// Advances to `instant`, firing every timer due at or before it, in order.
    /// Timers scheduled by actions during the advance fire too if they fall due in time.
    public func advance(to instant: SimInstant) {
        while let first = timers.first, first.due <= instant {
            timers.removeFirst()
            now = max(now, first.due)
            if let interval = first.interval {
                var again = first
                again.due = first.due + interval
                again.seq = nextSeq; nextSeq += 1
                insertSorted(again)
            }
            first.action(now)
        }
        if instant > now { now = instant }
    }

    /// Advances by `duration`, firing the timers due in that time (see `advance(to:)`).
    ///
    /// - Parameter duration: How far; zero fires what is due now.
    /// - Complexity: O(fired timers x pending timers).
    public func advance(by duration: SimDuration) {
        advance(to: now + duration)
    }

    private func insert(due: SimInstant, interval: SimDuration?, action: @escaping (SimInstant) -> Void) -> TimerID {
        let id = TimerID(raw: nextSeq)
        insertSorted(Timer(due: due, seq: nextSeq, id: id, interval: interval, action: action))
        nextSeq += 1
        return id
    }

    private func insertSorted(_ t: Timer) {
        var lo = 0, hi = timers.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let m = timers[mid]
            if m.due < t.due || (m.due == t.due && m.seq < t.seq) { lo = mid + 1 } else { hi = mid }
        }
        timers.insert(t, at: lo)
    }
}
