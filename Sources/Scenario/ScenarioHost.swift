import SimCore
import Interaction
import Raster
import ChatUI
import Tester
import ChatHarness

/// What a script drives: a whole chat screen on a virtual clock. `Host<ChatScreen>`
/// conforms (ChatScreen+ScenarioHost.swift); tests may drive any other conforming type.
///
/// A `Testable` (clock, touches, motion, display list, finders, invariants) that the
/// runner's `Tester` drives and aims at (a script's targets are `Finder`s, resolved by
/// `resolve(_:)`), plus what only scripts need: the non-touch actions
/// (`perform`), the state expectations read, and snapshot subjects.
public protocol ScenarioHost: Testable {
    /// The screen size in points.
    var size: Size { get }
    /// Non-touch actions: typing, editing, receiving, searching, memory warnings,
    /// resizing. Touch actions, `wait`, `settle` and `timing` never reach the host.
    func perform(_ action: Script.Action) throws(ScenarioHostError)
    /// What expectations read, now. (Not `state`: a `Host` conforms, and its `state`
    /// is the reducer's.)
    var facts: ScenarioFacts { get }
    /// What a snapshot draws: only that component's items, at the origin; nil when the
    /// component is not on screen (a snapshot of it is then an error). `.screen` is
    /// never nil. Pure: a driver calls `layout(for: nil)` first, as UIKit lays out
    /// before a draw.
    func displayList(of subject: Script.SnapshotSubject) -> DisplayList?
    /// Images for pixel snapshots (resource name, frame index) -> pixels.
    var imageProvider: ImageProvider { get }
    /// The theme the screen shows, which its snapshots are drawn in (`Host<ChatScreen>`:
    /// `state.theme`, the setup's `theme` line until Swift sends `.setTheme`); nil uses
    /// the driver's configuration.
    var preferredTheme: Theme? { get }
    /// A number that stays the same exactly while `displayList(of: .screen)` (after
    /// `layout(for: nil)`) would draw the same list, or nil while the screen may change
    /// with time alone (something moves, a GIF plays, a finger is down). The frame
    /// captures (the GIF recorder, the viewer's step log) reuse their last list while it
    /// is unchanged instead of laying out and drawing the screen 30 times a virtual
    /// second, so an idle hour costs its timers, not 108,000 lists.
    var screenRevision: UInt64? { get }
}

extension ScenarioHost {
    /// No theme of its own: snapshots use the driver's configuration.
    public var preferredTheme: Theme? { nil }

    /// None: every capture draws the screen and compares the list.
    public var screenRevision: UInt64? { nil }

    /// True when nothing moves (looping GIFs aside).
    public var isSettled: Bool { motion.isEmpty }
}

/// A refusal by a scenario host, e.g. typing while the emoji keyboard is up.
public struct ScenarioHostError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why, as the script's error prints it after the line.
    public var message: String
    /// A refusal saying why.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// Everything a script's expectation can read of a scenario host, at one moment.
public struct ScenarioFacts: Hashable, Sendable {
    /// The keyboard shown.
    public var keyboard: KeyboardKind
    /// Whether the send button is enabled.
    public var sendEnabled: Bool
    /// The text in the input's view, exactly: emoji as their placeholders (`[笑哭]`),
    /// untrimmed, marked (IME) text included. What `expect input` reads.
    public var input: String
    /// What tapping send would transmit now (the server text: trimmed, Unicode emoji as
    /// hex codes when the catalog's server wants them); nil when send would send nothing
    /// (it is disabled). What `expect outgoing` reads.
    public var outgoing: String?
    /// Caret position in units (an emoji is one unit).
    public var caret: Int
    /// Page within the current group.
    public var panelPage: Int
    /// The current group's page count.
    public var panelPageCount: Int
    /// The current group's index (its tab's).
    public var panelGroupIndex: Int
    /// The current group's catalog name.
    public var panelGroupName: String
    /// What the current group's tab shows (its title for the locale, else its name):
    /// `expect panel.group "动图"` matches either.
    public var panelGroupLabel: String
    /// Number of tabs in the category bar.
    public var panelGroupCount: Int
    /// Code of the emoji previewed by a long press, if any.
    public var preview: String?
    /// Number of search results (0 when no search is active).
    public var panelResults: Int
    /// Messages in the list.
    public var listCount: Int
    /// Rows at least partly visible, nil when none.
    public var listVisible: ClosedRange<Int>?
    /// The last message's server text, nil when the list is empty.
    public var listLast: String?
    /// Running animation players (GIFs that animate now).
    public var animating: Int
    /// The pasteboard's text ("" when empty).
    public var pasteboard: String

    /// A state; every field defaults to an empty screen's (`panelGroupLabel` to
    /// `panelGroupName`). Test hosts set the fields they need.
    public init(keyboard: KeyboardKind = .none, sendEnabled: Bool = false, input: String = "", outgoing: String? = nil,
                caret: Int = 0,
                panelPage: Int = 0, panelPageCount: Int = 0, panelGroupIndex: Int = 0, panelGroupName: String = "",
                panelGroupCount: Int = 0, panelGroupLabel: String? = nil,
                preview: String? = nil, panelResults: Int = 0, listCount: Int = 0, listVisible: ClosedRange<Int>? = nil,
                listLast: String? = nil, animating: Int = 0, pasteboard: String = "") {
        self.keyboard = keyboard; self.sendEnabled = sendEnabled; self.input = input; self.outgoing = outgoing
        self.caret = caret
        self.panelPage = panelPage; self.panelPageCount = panelPageCount; self.panelGroupIndex = panelGroupIndex
        self.panelGroupName = panelGroupName; self.panelGroupLabel = panelGroupLabel ?? panelGroupName
        self.panelGroupCount = panelGroupCount; self.preview = preview; self.panelResults = panelResults
        self.listCount = listCount; self.listVisible = listVisible; self.listLast = listLast
        self.animating = animating; self.pasteboard = pasteboard
    }
}
