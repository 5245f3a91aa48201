/// When the Tester lets virtual time pass on its own.
///
/// - `auto` (the default, as Jetpack Compose's `mainClock.autoAdvance`): before every
///   action on a target, every expectation and every snapshot the clock advances frame
///   by frame until the subject is idle (never while a finger is down).
/// - `manual`: time moves only through `wait`, `settle` and the actions' own durations,
///   which is how races and mid-animation states are tested.
public enum TimingMode: String, Hashable, Sendable, CaseIterable {
    /// Settle until idle before every action, expectation and snapshot.
    case auto
    /// Time moves only through `wait`, `settle` and the actions' own durations.
    case manual
}
