import SimCore
import EmojiText
import Raster
import ChatUI
import Tester
import ChatHarness

/// A parsed scenario: setup lines, then actions, expectations and snapshots, in order.
/// The language is a public contract (docs/SCENARIOS.md); scripts written against it
/// must keep working.
public struct Script: Hashable, Sendable {
    /// The name errors and references use (usually the file name).
    public var name: String
    /// Every line that is not blank or a comment, in order, with where it starts.
    public var commands: [Located<Command>]

    /// A script from its lines (the parser's result; the monkey builds them in code).
    ///
    /// - Parameters:
    ///   - name: The name errors and references use.
    ///   - commands: The lines, in order.
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

// The script's parts, namespaced: a library others import should not declare
// `Action` or `Command` at the top level.
extension Script {
    /// A value with the 1-based line and column where it starts in the script.
    public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
        /// What was parsed.
        public var value: Value
        /// The 1-based line (0 for a command built in code).
        public var line: Int
        /// The 1-based column, in Unicode scalars (0 for a command built in code).
        public var column: Int
        /// A value at a place.
        ///
        /// - Parameters:
        ///   - value: What was parsed.
        ///   - line: Its 1-based line.
        ///   - column: Its 1-based column.
        public init(_ value: Value, line: Int, column: Int) {
            self.value = value; self.line = line; self.column = column
        }
    }

    /// One line of a script.
    public enum Command: Hashable, Sendable {
        /// A setup line (`device`, `theme`, `catalog`, `conversation`, `set`), before the
        /// first action.
        case setup(Setup)
        /// An action: a touch, typing, a wait, a timing switch.
        case action(Action)
        /// An `expect` line.
        case expect(Expectation)
        /// A `snapshot` line.
        case snapshot(SnapshotRequest)
    }

    // MARK: - Setup

    /// A setup line: what the screen is made of, read before anything runs
    /// (`ScenarioConfiguration(script:)`).
    public enum Setup: Hashable, Sendable {
        /// `device iphone8|iphone14|WxH@S`: a built-in profile or `DeviceProfile.custom`.
        case device(DeviceProfile)
        /// `theme light|dark`: `Theme.light` or `Theme.dark`.
        case theme(Theme)
        /// `catalog demo|plist|unicode|folder|json …`: where the emoji come from.
        case catalog(CatalogSource)
        /// `conversation demo|empty`: the messages the list starts with.
        case conversation(ConversationSource)
        /// `set KEY VALUE`: one configuration setting.
        case set(Setting)
    }

    /// Where the emoji catalog comes from. Paths are as written, relative to the script.
    public enum CatalogSource: Hashable, Sendable {
        /// `catalog demo`: the built-in demo catalog (`DemoCatalog`).
        case demo
        /// `catalog plist "emtions.plist" "emtionMeans.plist"`: the original app's two plists.
        case plist(emotions: String, meanings: String)
        /// `catalog unicode ["emoji-test.txt"]`: Unicode emoji, from the bundled or the given
        /// emoji-test.txt.
        case unicode(path: String?)
        /// `catalog folder "path"`: image files named by code point.
        case folder(String)
        /// `catalog json "path"`: a JSON catalog (`emojisim catalog` writes them).
        case json(String)
    }

    /// The messages the list starts with.
    public enum ConversationSource: String, Hashable, Sendable {
        /// `conversation demo`: the demo conversation (twelve messages, scrolled to the end).
        case demo
        /// `conversation empty`: no messages.
        case empty
    }

    /// A `set <key> <value>` configuration line, typed by key.
    public enum Setting: Hashable, Sendable {
        /// `set panel.layout CxR`: keys per page row and rows per page.
        case panelLayout(columns: Int, rows: Int)
        /// `set panel.snap uikit|round|projected|none` (names: `PanelSnapPolicy.scriptName`).
        case panelSnap(PanelSnapPolicy)
        /// `set panel.preview-inserts true|false`: whether lifting from a long-press preview
        /// inserts the emoji.
        case panelPreviewInserts(Bool)
        /// `set longpress.duration D`: the panel's long-press recognizer threshold.
        case longPressDuration(SimDuration)
        /// `set input.max-lines N`: lines the text view grows to before it scrolls.
        case inputMaxLines(Int)
        /// `set input.max-length N`: the most units the input takes.
        case inputMaxLength(Int)
        /// `set touch.rate 60|120`: touch samples per second.
        case touchRate(Int)
        /// `set panel.default-skin-tone none|light|medium-light|medium|medium-dark|dark`:
        /// the tone every emoji with variants shows (`PanelConfiguration.defaultSkinTone`).
        case panelDefaultSkinTone(SkinTone?)
        /// `set panel.recents recent|frequent`: what the first group lists
        /// (`PanelConfiguration.recentsOrder`).
        case panelRecents(PanelConfiguration.RecentsOrder)

        /// Every key the language accepts, for error messages and docs.
        public static let keys = [
            "panel.layout", "panel.snap", "panel.preview-inserts", "longpress.duration",
            "input.max-lines", "input.max-length", "touch.rate",
            "panel.default-skin-tone", "panel.recents",
        ]
    }

    // MARK: - Targets

    // A script's targets are `Finder`s (Sources/Tester/Finder.swift): the parser reads
    // `Finder.description` back, and the runner aims through `Tester.aim(_:for:)`.

    // MARK: - Actions

    /// One action line: a touch on a target (a `Finder`), a text-editing or screen
    /// action the host performs, or time (`wait`, `settle`, `timing`).
    public enum Action: Hashable, Sendable {
        /// `tap T`: down, 80 ms, up at the target's point.
        case tap(Finder)
        /// `long-press T [for D]`: a finger held still on the target for `duration`.
        case longPress(Finder, duration: SimDuration)
        /// Two taps at the same point, the second beginning `doubleTapGap` after the first
        /// ended: on the input, UITextView's double tap (the word or one emoji).
        case doubleTap(Finder)
        /// `press T`: a finger down on the target that stays down (`move`, `release`, `cancel`).
        case press(Finder)
        /// `move T [over D]`: the pressed finger moves to the target (default 200 ms).
        case move(Finder, over: SimDuration?)
        /// `release`: the pressed finger lifts.
        case release
        /// `cancel`: the system cancels the pressed finger's touch.
        case cancel
        /// A fling: `by` is the finger's travel (default chosen by the runner), `velocity` the
        /// release speed in pt/s (default chosen by the runner).
        case swipe(Finder, Direction, distance: Double?, velocity: Double?)
        /// A drag that stops before lifting (no fling).
        case drag(Finder, dx: Double, dy: Double, over: SimDuration?)
        /// `type "…"`: the system keyboard types the text (needs it up).
        case type(String)
        /// `compose "marked" [commit "text"]`: IME marked text, optionally committed as `commit`.
        case compose(marked: String, commit: String?)
        /// `backspace [N]`: N presses of the keyboard's delete key (an emoji goes whole).
        case backspace(count: Int)
        /// `select S L`: selects L units from unit S.
        case select(start: Int, length: Int)
        /// `select-all`: the edit menu's Select All.
        case selectAll
        /// `cut`: the edit menu's Cut.
        case cut
        /// `copy`: the edit menu's Copy.
        case copy
        /// `paste ["text"]`: the edit menu's Paste (of `text`, put on the pasteboard first).
        case paste(String?)
        /// `undo`: the text view's undo.
        case undo
        /// `redo`: the text view's redo.
        case redo
        /// `receive "…"`: a message arrives from the other side.
        case receive(String)
        /// `search "query"`: the panel's search field gets this query.
        case search(String)
        /// `search clear`: the panel's search ends.
        case searchClear
        /// `wait D`: virtual time passes.
        case wait(SimDuration)
        /// `settle`: time passes until nothing moves (at most the idle limit).
        case settle
        /// `timing auto|manual`: whether the runner waits for idle before actions on
        /// targets, expectations and snapshots (docs/SCENARIOS.md, "Timing").
        case timing(TimingMode)
        /// `memory-warning`: the system's memory warning (caches are purged).
        case memoryWarning
        /// `resize WxH`: the screen takes a new size (rotation, split view).
        case resize(width: Double, height: Double)

        /// The time between the two taps of `double-tap` (within UIKit's multi-tap interval).
        public static let doubleTapGap = TesterDefaults.doubleTapGap
        /// The default hold of `long-press` without `for`.
        public static let defaultLongPress = TesterDefaults.longPressHold
    }

    // MARK: - Expectations

    /// One `expect` line: a fact of the screen's state (`ScenarioFacts`), of the trace, or of
    /// what a target's finder finds. A failure is recorded and the run goes on.
    public enum Expectation: Hashable, Sendable {
        /// `expect keyboard none|system|emoji`: the keyboard shown.
        case keyboard(KeyboardKind)
        /// `expect send enabled|disabled`: the send button's state.
        case sendEnabled(Bool)
        /// `expect input "…"`: the text in the input's view, exactly (placeholders, untrimmed).
        case input(String)
        /// `expect outgoing "…"|none`: what tapping send would transmit now (the server
        /// text: trimmed); `none` when send would send nothing.
        case outgoing(String?)
        /// `expect caret N`: the caret's position in units.
        case caret(Int)
        /// `expect panel.page N [of M]`: the page within the current group (and the group's
        /// page count).
        case panelPage(Int, of: Int?)
        /// `expect panel.group "name"|N`: the current group, by name, tab label or index.
        case panelGroup(Finder.Tab)
        /// `expect preview none|CODE`: the emoji a long press previews; nil means no preview
        /// is showing.
        case preview(String?)
        /// `expect panel.results N`: how many emoji the search found.
        case panelResults(Int)
        /// `expect list.count N`: messages in the list.
        case listCount(Int)
        /// `expect list.visible A..B`: the rows at least partly visible.
        case listVisible(ClosedRange<Int>)
        /// `expect list.last "…"`: the last message's server text.
        case listLast(String)
        /// `expect animating N`: running GIF players.
        case animating(Int)
        /// `expect pasteboard "…"`: the pasteboard's text.
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

    /// What a snapshot draws: the whole screen or one component, at the origin.
    public enum SnapshotSubject: String, Hashable, Sendable, CaseIterable {
        /// The whole screen.
        case screen
        /// The emoji panel (an error when it is not shown).
        case panel
        /// The input bar.
        case input
        /// The message list.
        case list
    }

    /// A snapshot file format.
    public enum SnapshotFormat: String, Hashable, Sendable, CaseIterable {
        /// The character grid (`.txt`).
        case ascii
        /// The character grid followed by its style layer (`CharGridOptions.styled`), `.styled.txt`.
        case styled
        /// The RGBA framebuffer as PNG.
        case png
        /// The framebuffer as binary PPM.
        case ppm
        /// The display list as an indented tree of views and items.
        case tree
    }

    /// A `snapshot NAME [SUBJECT] [FORMAT|all]` line.
    public struct SnapshotRequest: Hashable, Sendable {
        /// The reference files' base name (letters, digits, `-`, `_`, `.`).
        public var name: String
        /// What is drawn.
        public var subject: SnapshotSubject
        /// Formats to produce, in a fixed order (ascii, styled, png, ppm, tree).
        public var formats: [SnapshotFormat]

        /// A snapshot request; by default the screen as ascii and png.
        ///
        /// - Parameters:
        ///   - name: The reference files' base name.
        ///   - subject: What is drawn.
        ///   - formats: The formats, in the fixed order.
        public init(name: String, subject: SnapshotSubject = .screen, formats: [SnapshotFormat] = [.ascii, .png]) {
            self.name = name; self.subject = subject; self.formats = formats
        }
    }
}

// Here, beside the format, so that the parser (which refuses two snapshots writing one
// file) builds without the runner's result types (the scenario fuzz target compiles it alone).
extension Script.SnapshotFormat {
    /// The reference file's extension, without the dot (`txt`, `styled.txt`, `tree.txt`,
    /// `png`, `ppm`).
    public var fileExtension: String {
        switch self {
        case .ascii: return "txt"
        case .styled: return "styled.txt"
        case .tree: return "tree.txt"
        case .png: return "png"
        case .ppm: return "ppm"
        }
    }

    /// True for the character formats (ascii, styled, tree), which diff line by line.
    public var isText: Bool { self == .ascii || self == .styled || self == .tree }
}
