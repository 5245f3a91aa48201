import SimCore
import Interaction
import Raster

/// What a script drives: a whole chat screen on a virtual clock. `ChatScreen`
/// conforms (ChatScreen+ScenarioHost.swift); tests may drive any other conforming type.
///
/// The runner owns touch synthesis and time: it advances `clock` to each touch's
/// timestamp and hands the touch to `handle`. Everything else a script can do goes
/// through `perform`, and everything it can check is read from `state`.
public protocol ScenarioHost: AnyObject {
    var clock: VirtualClock { get }
    var trace: Trace { get }
    /// The screen size in points.
    var size: Size { get }
    /// Where a touch aimed at a named target lands now (its centre), in screen points;
    /// nil when it is not showing (the panel while the system keyboard is up, a row
    /// scrolled away).
    func location(of target: Target) -> Point?
    /// One touch, routed by hit testing to the component under it.
    func handle(_ touch: TouchEvent)
    /// Non-touch actions: typing, editing, receiving, searching, memory warnings,
    /// resizing. Touch actions and `wait`/`settle` never reach the host.
    func perform(_ action: Action) throws(HostError)
    /// True when nothing animates but looping GIFs: no scroll, deceleration, snap,
    /// keyboard or other transition in progress.
    var isSettled: Bool { get }
    /// What expectations read.
    var state: HostState { get }
    /// What a snapshot draws: only that component's items, at the origin; nil when the
    /// component is not on screen (a snapshot of it is then an error). `.screen` is
    /// never nil.
    func displayList(of subject: SnapshotSubject) -> DisplayList?
    /// Images for pixel snapshots (resource name, frame index) -> pixels.
    var imageProvider: ImageProvider { get }
    /// Every model invariant that does not hold right now, one message each (empty
    /// when all hold): selection on unit boundaries, no split emoji, a GIF animates iff
    /// its row is visible, scroll offsets within bounds, cells bounded by visible rows.
    func invariantViolations() -> [String]
}

/// A refusal by the host, e.g. typing while the emoji keyboard is up.
public struct HostError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Everything an expectation can read, at one moment.
public struct HostState: Hashable, Sendable {
    public var keyboard: KeyboardName
    public var sendEnabled: Bool
    /// The input's server text (placeholders, as it would be sent).
    public var input: String
    /// Caret position in units (an emoji is one unit).
    public var caret: Int
    /// Page within the current group and that group's page count.
    public var panelPage: Int
    public var panelPageCount: Int
    public var panelGroupIndex: Int
    public var panelGroupName: String
    /// Number of tabs in the category bar.
    public var panelGroupCount: Int
    /// Code of the emoji previewed by a long press, if any.
    public var preview: String?
    /// Number of search results (0 when no search is active).
    public var panelResults: Int
    public var listCount: Int
    /// Rows at least partly visible, nil when none.
    public var listVisible: ClosedRange<Int>?
    public var listLast: String?
    /// Running animation players (GIFs that animate now).
    public var animating: Int
    public var pasteboard: String

    public init(keyboard: KeyboardName = .none, sendEnabled: Bool = false, input: String = "", caret: Int = 0,
                panelPage: Int = 0, panelPageCount: Int = 0, panelGroupIndex: Int = 0, panelGroupName: String = "",
                panelGroupCount: Int = 0,
                preview: String? = nil, panelResults: Int = 0, listCount: Int = 0, listVisible: ClosedRange<Int>? = nil,
                listLast: String? = nil, animating: Int = 0, pasteboard: String = "") {
        self.keyboard = keyboard; self.sendEnabled = sendEnabled; self.input = input; self.caret = caret
        self.panelPage = panelPage; self.panelPageCount = panelPageCount; self.panelGroupIndex = panelGroupIndex
        self.panelGroupName = panelGroupName; self.panelGroupCount = panelGroupCount; self.preview = preview; self.panelResults = panelResults
        self.listCount = listCount; self.listVisible = listVisible; self.listLast = listLast
        self.animating = animating; self.pasteboard = pasteboard
    }
}
