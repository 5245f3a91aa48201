import SimCore
import Interaction
import Raster

/// What the `Tester` drives: one component or a whole screen on a virtual clock. The
/// panel, the bubble list and the chat screen adopt it (the input bar as a
/// `Host<InputBar>`); scenario hosts refine it (`ScenarioHost`). SimCore's
/// `Host<R>` is one whenever its reducer is a `TestableReducer` (below), which is how a
/// reducer gets driven by a Tester without a host class of its own.
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
    /// Brings what is drawn up to `clock.now` before a query reads it at an instant
    /// between frames, as UIKit's layout pass before a draw (the chat screen's list
    /// follows the keyboard's position): `finder` is the query's target, nil for a
    /// snapshot. It may change the subject and trace lines; the queries themselves
    /// (`resolve`, `displayList`) never do. The Tester calls it before it resolves a
    /// finder; a script runner before a snapshot.
    func layout(for finder: Finder?)
}

extension Testable {
    /// False: a subject that sees touches only through the Tester needs no count of its own.
    public var hasFingerDown: Bool { false }
    /// Nothing to lay out: what is drawn is always up to date.
    /// - Parameter finder: The query's target (ignored).
    public func layout(for finder: Finder?) {}

    /// `layout(for:)`, then `resolve(_:)`: what a driver reads between frames.
    /// - Parameter finder: What to find.
    /// - Returns: The resolution after the layout pass.
    public func laidOutResolve(_ finder: Finder) -> FinderResult {
        layout(for: finder)
        return resolve(finder)
    }
}

/// A reducer a `Tester` can drive through SimCore's `Host`: what a `Testable` needs that
/// a reducer alone does not say (which action a touch is, where the subject is, what it
/// draws). With it, `Host<R>` is a `Testable` (the conformance lives here, in the Tester
/// module, so that no model module conforms SimCore's type to Tester's protocol
/// retroactively):
///
///     let host = Host(MyReducer(), state: MyReducer.State())
///     let tester = Tester(host)            // Tester<Host<MyReducer>>
///     try tester.tap(at: Point(x: 10, y: 10))
///     host.state                           // what the tap did
///
/// Everything is a function of the state (and `now` for what is drawn), so a subject's
/// answers never depend on how it was driven.
public protocol TestableReducer: Reducer {
    /// The action a touch becomes; the host sends it at the touch's timestamp (the
    /// Tester advanced the clock there). Touches are in the subject's coordinates.
    func touchAction(_ touch: TouchEvent) -> Action
    /// The subject's bounds in its own coordinates (a touch outside is the Tester's error).
    func bounds(_ state: State) -> Rect
    /// What is drawn at `now`, in the subject's coordinates. Reads only.
    func displayList(_ state: State, at now: SimInstant) -> DisplayList
    /// True while a finger the model tracks is down (idle time then runs frame by
    /// frame). Default: false.
    func hasFingerDown(_ state: State) -> Bool
    /// Every model invariant that does not hold in `state`, one message each. Default: none.
    func invariantViolations(_ state: State, at now: SimInstant) -> [String]
    /// Where `finder`'s target is in `state` at `now`. Default: the drawn kinds over
    /// `displayList(_:at:)` (`FinderResolution`); a screen adds its components.
    func resolve(_ finder: Finder, in state: State, at now: SimInstant) -> FinderResult
    /// How a refusal of an action the host sent itself (a touch, a frame, a deadline)
    /// reads in `invariantViolations()`. Default: the failure's description when it has
    /// one, else a fixed phrase.
    func describe(refusal: Failure) -> String
    /// The action that brings what is drawn up to the instant it is sent at, before a
    /// query of `finder` (nil: a snapshot) reads `state` between frames; nil when
    /// nothing needs laying out (`Testable.layout(for:)`). Default: nil.
    func layoutAction(for finder: Finder?, in state: State) -> Action?
    /// The pixels of the images its display lists name (its host's
    /// `DisplayListRepresentable.imageProvider`, what pixel snapshots draw when given no
    /// provider). Default: `.none` (missing-image glyphs).
    var imageProvider: ImageProvider { get }
    /// The theme `state` shows (its host's `DisplayListRepresentable.preferredTheme`,
    /// what pixel snapshots draw in when given no theme). Default: nil (renders use
    /// `.light`).
    func preferredTheme(_ state: State) -> Theme?
}

extension TestableReducer {
    /// No finger of its own.
    public func hasFingerDown(_ state: State) -> Bool { false }
    /// No invariants beyond the host's refusals.
    public func invariantViolations(_ state: State, at now: SimInstant) -> [String] { [] }
    /// The drawn kinds (`label`, `view`, `text`) and points over `displayList(_:at:)`;
    /// any other kind is missing.
    /// - Complexity: O(the display list).
    public func resolve(_ finder: Finder, in state: State, at now: SimInstant) -> FinderResult {
        FinderResolution.resolve(finder, drawn: { displayList(state, at: now) }) { f in
            .missing("\(f) is not part of this subject (it resolves label, view, text and points)")
        }
    }
    /// A fixed phrase (the failure has no description of its own).
    /// - Parameter refusal: The failure (no description of its own).
    /// - Returns: "an action was refused".
    public func describe(refusal: Failure) -> String { "an action was refused" }
    /// Nothing to lay out.
    /// - Parameters:
    ///   - finder: The query's target (ignored).
    ///   - state: The state (ignored).
    /// - Returns: nil.
    public func layoutAction(for finder: Finder?, in state: State) -> Action? { nil }
    /// No images.
    public var imageProvider: ImageProvider { .none }
    /// No theme of its own.
    /// - Parameter state: The state (ignored).
    /// - Returns: nil: snapshots use their configuration's theme, else light.
    public func preferredTheme(_ state: State) -> Theme? { nil }
}

extension TestableReducer where Failure: CustomStringConvertible {
    /// The failure's own description.
    public func describe(refusal: Failure) -> String { refusal.description }
}

extension Host: Testable where R: TestableReducer {
    /// The reducer's bounds of the current state.
    public var bounds: Rect { withState { r, s in r.bounds(s) } }

    /// Sends the touch's action at `clock.now` (the Tester advanced the clock to its
    /// timestamp); a refusal is kept in `refusals` and reported by `invariantViolations()`.
    public func handle(_ touch: TouchEvent) { sendKeepingRefusals(reducer.touchAction(touch)) }

    /// What the model draws now.
    /// - Returns: The reducer's display list of the current state at `clock.now`.
    /// - Complexity: O(the reducer's display list).
    public func displayList() -> DisplayList {
        let now = clock.now
        return withState { r, s in r.displayList(s, at: now) }
    }

    /// The reducer's resolution over the current state, at `clock.now`.
    /// - Parameter finder: What to find.
    /// - Returns: The target's frame and hit point, or the refusal with its facts.
    /// - Complexity: the reducer's `resolve(_:in:at:)`.
    public func resolve(_ finder: Finder) -> FinderResult {
        let now = clock.now
        return withState { r, s in r.resolve(finder, in: s, at: now) }
    }

    /// The reducer's violated invariants, then each kept refusal ("refused: …").
    /// - Complexity: O(the reducer's check + refusals).
    public func invariantViolations() -> [String] {
        let now = clock.now
        return withState { r, s in r.invariantViolations(s, at: now) } + refusals.map { "refused: " + reducer.describe(refusal: $0) }
    }

    /// The host's display link for a model with frames (the Tester stops it while the
    /// model is idle and jumps to the next timer); nil for a model without frames.
    public var frameLink: DisplayLink? { R.frameAction == nil ? nil : displayLink }

    /// Whether the model tracks a finger that is down.
    public var hasFingerDown: Bool { withState { r, s in r.hasFingerDown(s) } }

    /// Sends the reducer's layout action for the query, if it has one (a refusal is kept).
    /// - Parameter finder: The query's target, nil before a snapshot.
    public func layout(for finder: Finder?) {
        if let a = withState({ r, s in r.layoutAction(for: finder, in: s) }) { sendKeepingRefusals(a) }
    }
}

/// A testable host is a value snapshots can draw (`assertSnapshot(of: host, as: .png)`):
/// its display list now, with its reducer's images.
extension Host: DisplayListRepresentable where R: TestableReducer {
    /// The reducer's images (a chat screen's library through its frame cache).
    public var imageProvider: ImageProvider { reducer.imageProvider }
    /// The theme the reducer's state shows now (a chat screen's `state.theme`).
    public var preferredTheme: Theme? { withState { r, s in r.preferredTheme(s) } }
}
