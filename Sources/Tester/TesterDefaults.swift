import SimCore

/// Every default of the Tester, defined once: scripts, the monkey and the test rigs
/// all read these (docs/SCENARIOS.md, "Timing", lists them).
public enum TesterDefaults {
    /// Touch samples per second (a script's `set touch.rate`).
    public static let touchRate = 120
    /// How long a `tap` holds the finger down.
    public static let tapHold = SimDuration.milliseconds(80)
    /// How long `long-press` holds without `for`.
    public static let longPressHold = SimDuration.milliseconds(800)
    /// Finger travel of a `swipe` without `by`, and its release speed without `at`.
    public static let swipeDistance = 120.0
    /// A swipe's release speed without `at`, in points per second.
    public static let swipeVelocity = 1000.0
    /// Duration of a `move` without `over`, and of a `drag` without `over`.
    public static let moveDuration = SimDuration.milliseconds(200)
    /// Duration of a `drag` without `over`.
    public static let dragDuration = SimDuration.milliseconds(300)
    /// The rest before a drag's lift: long enough for the velocity tracker to read a
    /// stopped finger, so a drag never flings.
    public static let dragRest = SimDuration.milliseconds(150)
    /// How long the clock may run waiting for idle (auto timing, `settle`) before the
    /// command fails naming what still moves.
    public static let idleLimit = SimDuration.seconds(10)
    /// The frame rate of idle waiting when the subject has no display link of its own.
    public static let frameRate = 60
    /// The time between the two taps of a double tap (within UIKit's multi-tap interval).
    public static let doubleTapGap = SimDuration.milliseconds(120)
    /// The longest swipe: ten screens along its axis.
    public static let maxSwipeScreens = 10.0
}
