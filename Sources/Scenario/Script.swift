import SimCore
import Raster
import ChatUI
import Tester

/// A parsed scenario: setup lines, then actions, expectations and snapshots, in order.
/// The language is a public contract (docs/SCENARIOS.md); scripts written against it
/// must keep working.
public struct Script: Hashable, Sendable {
    /// The name errors and references use (usually the file name).
    public var name: String
    public var commands: [Located<Command>]

    public init(name: String, commands: [Located<Command>]) {
        self.name = name
        self.commands = commands
    }

    /// The setup lines (they all come before the first action; the parser enforces it).
    public var setup: [Located<Setup>] {
        commands.compactMap { c in
            if case .setup(let s) = c.value { return Located(s, line: c.line, column: c.column) }
            return nil
        }
    }
}

/// A value with the 1-based line and column where it starts in the script.
public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var line: Int
    public var column: Int
    public init(_ value: Value, line: Int, column: Int) {
        self.value = value; self.line = line; self.column = column
    }
}

/// One line of a script.
public enum Command: Hashable, Sendable {
    case setup(Setup)
    case action(Action)
    case expect(Expectation)
    case snapshot(SnapshotRequest)
}

// MARK: - Setup

public enum Setup: Hashable, Sendable {
    /// `device iphone8|iphone14|WxH@S`: a built-in profile or `DeviceProfile.custom`.
    case device(DeviceProfile)
    /// `theme light|dark`: `Theme.light` or `Theme.dark`.
    case theme(Theme)
    case catalog(CatalogSource)
    case conversation(ConversationSource)
    case set(Setting)
}

/// Where the emoji catalog comes from. Paths are as written, relative to the script.
public enum CatalogSource: Hashable, Sendable {
    case demo
    case plist(emotions: String, meanings: String)
    case unicode(path: String?)
    case folder(String)
    case json(String)
}

public enum ConversationSource: String, Hashable, Sendable { case demo, empty }

/// A `set <key> <value>` configuration line, typed by key.
public enum Setting: Hashable, Sendable {
    case panelLayout(columns: Int, rows: Int)
    /// `set panel.snap uikit|round|projected|none` (names: `PanelSnapPolicy.scriptName`).
    case panelSnap(PanelSnapPolicy)
    case panelPreviewInserts(Bool)
    case longPressDuration(SimDuration)
    case inputMaxLines(Int)
    case inputMaxLength(Int)
    case touchRate(Int)

    /// Every key the language accepts, for error messages and docs.
    public static let keys = [
        "panel.layout", "panel.snap", "panel.preview-inserts", "longpress.duration",
        "input.max-lines", "input.max-length", "touch.rate",
    ]
}

// MARK: - Targets

// A script's targets are `Finder`s (Sources/Tester/Finder.swift): the parser reads
// `Finder.description` back, and the runner aims through `Tester.aim(_:for:)`.

// MARK: - Actions

public enum Action: Hashable, Sendable {
    case tap(Finder)
    case longPress(Finder, duration: SimDuration)
    /// Two taps at the same point, the second beginning `doubleTapGap` after the first
    /// ended: on the input, UITextView's double tap (the word or one emoji).
    case doubleTap(Finder)
    case press(Finder)
    case move(Finder, over: SimDuration?)
    case release
    case cancel
    /// A fling: `by` is the finger's travel (default chosen by the runner), `velocity` the
    /// release speed in pt/s (default chosen by the runner).
    case swipe(Finder, Direction, distance: Double?, velocity: Double?)
    /// A drag that stops before lifting (no fling).
    case drag(Finder, dx: Double, dy: Double, over: SimDuration?)
    case type(String)
    case compose(marked: String, commit: String?)
    case backspace(count: Int)
    case select(start: Int, length: Int)
    case selectAll
    case cut
    case copy
    case paste(String?)
    case undo
    case redo
    case receive(String)
    case search(String)
    case searchClear
    case wait(SimDuration)
    case settle
    /// `timing auto|manual`: whether the runner waits for idle before actions on
    /// targets, expectations and snapshots (docs/SCENARIOS.md, "Timing").
    case timing(TimingMode)
    case memoryWarning
    case resize(width: Double, height: Double)

    /// The time between the two taps of `double-tap` (within UIKit's multi-tap interval).
    public static let doubleTapGap = TesterDefaults.doubleTapGap
    /// The default hold of `long-press` without `for`.
    public static let defaultLongPress = TesterDefaults.longPressHold
}

// MARK: - Expectations

public enum Expectation: Hashable, Sendable {
    case keyboard(KeyboardKind)
    case sendEnabled(Bool)
    /// `expect input "…"`: the text in the input's view, exactly (placeholders, untrimmed).
    case input(String)
    /// `expect outgoing "…"|none`: what tapping send would transmit now (the server
    /// text: trimmed); `none` when send would send nothing.
    case outgoing(String?)
    case caret(Int)
    case panelPage(Int, of: Int?)
    case panelGroup(Finder.Tab)
    /// nil means no preview is showing.
    case preview(String?)
    case panelResults(Int)
    case listCount(Int)
    case listVisible(ClosedRange<Int>)
    case listLast(String)
    case animating(Int)
    case pasteboard(String)
    /// `expect trace "…"`: a line since the previous trace expectation that holds
    /// contains the substring; the window then starts after that line.
    case trace(String)
    /// `expect no trace "…"`: no line since the previous trace expectation that held
    /// contains the substring. Leaves the window where it is.
    case noTrace(String)
    /// `expect trace "…" count N`: exactly N lines since the previous trace expectation
    /// that held contain the substring; when it holds the window starts after the last
    /// of them (after none, it stays).
    case traceCount(String, Int)
    /// `expect <target> visible|hidden|exists|absent|enabled|disabled|selected`,
    /// `expect <target> count N`, `expect <target> text "…"`: what the target's finder
    /// finds now, by `FinderExpectation`'s definitions (the same check as a Swift test's
    /// `tester.expect(_:_:)`). `expect send enabled|disabled` stays `sendEnabled`, and
    /// `expect input "…"` stays `input`: the parser never makes those two of this case.
    case finder(Finder, FinderExpectation)
}

// MARK: - Snapshots

public enum SnapshotSubject: String, Hashable, Sendable, CaseIterable {
    case screen, panel, input, list
}

public enum SnapshotFormat: String, Hashable, Sendable, CaseIterable {
    case ascii, styled, png, ppm, tree
}

public struct SnapshotRequest: Hashable, Sendable {
    public var name: String
    public var subject: SnapshotSubject
    /// Formats to produce, in a fixed order (ascii, styled, png, ppm, tree).
    public var formats: [SnapshotFormat]

    public init(name: String, subject: SnapshotSubject = .screen, formats: [SnapshotFormat] = [.ascii, .png]) {
        self.name = name; self.subject = subject; self.formats = formats
    }
}
