import SimCore
import Interaction
import Raster

/// What the `Tester` drives: one component or a whole screen on a virtual clock. The
/// panel, the bubble list and the chat screen adopt it (the input bar, a value type,
/// through `InputBarHost`); scenario hosts refine it (`ScenarioHost`).
///
/// The Tester owns time and touches: it advances `clock` to each touch's timestamp and
/// hands the touch to `handle`; between actions it reads `motion` to decide whether the
/// subject is idle (see `Tester.pumpUntilIdle`).
public protocol Testable: AnyObject {
    /// The clock the subject runs on; only the Tester advances it.
    var clock: VirtualClock { get }
    /// Where the subject records what happens (the Tester adds its warnings).
    var trace: Trace { get }
    /// The subject's bounds in its own coordinates (a touch outside is an error).
    var bounds: Rect { get }
    /// One touch, in the subject's coordinates, at `clock.now` (the Tester advanced it).
    func handle(_ touch: TouchEvent)
    /// What still moves, one short phrase each ("the panel decelerates", "the keyboard
    /// slides"); empty when idle. Looping GIFs never count, nor does a finger that is
    /// down (the Tester knows its own fingers).
    var motion: [String] { get }
    /// What is drawn now, in the subject's coordinates.
    func displayList() -> DisplayList
    /// Where `finder`'s target is now and whether a touch there reaches it, or why not.
    /// Reads only: no layout pass, no trace line. The default resolves the drawn kinds
    /// over `displayList()` (`FinderResolution`); a screen adds its components.
    func resolve(_ finder: Finder) -> FinderResult
    /// Every model invariant that does not hold now, one message each (empty when all hold).
    func invariantViolations() -> [String]
    /// The display link whose frames animate the subject, if it has its own: while the
    /// subject is idle the Tester stops it and jumps to the next timer, so a long wait
    /// costs its events, not its frames. nil: frames are the subject's business.
    var frameLink: DisplayLink? { get }
    /// True while any finger is down on the subject (also ones delivered around the
    /// Tester): idle time is then run frame by frame, never skipped.
    var hasFingerDown: Bool { get }
}

extension Testable {
    /// False: a subject that sees touches only through the Tester needs no count of its own.
    public var hasFingerDown: Bool { false }
}
