import SimCore
import Raster
import Tester

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
        /// A setup line of the subject's vocabulary (the chat screen's `device`, `theme`,
        /// `catalog`, `conversation`, `set`), before the first action.
        case setup(Setup)
        /// An action: a touch, typing, a wait, a timing switch.
        case action(Action)
        /// An `expect` line.
        case expect(Expectation)
        /// A `snapshot` line.
        case snapshot(SnapshotRequest)
    }

    // MARK: - Setup

    /// A setup line: what the subject is made of, read before anything runs. Its words
    /// are the subject's (`ScriptVocabulary.setup`); the subject's configuration reads
    /// them (the chat screen's `ScenarioConfiguration(script:)`).
    public typealias Setup = ScriptPhrase

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
        /// A non-touch action of the subject's vocabulary (`ScriptVocabulary.verbs`):
        /// the chat screen's `type "…"`, `receive "…"`, `search clear`...; the host
        /// performs it (`ScenarioHost.perform(_:)`).
        case verb(ScriptPhrase)
        /// `wait D`: virtual time passes.
        case wait(SimDuration)
        /// `settle`: time passes until nothing moves (at most the idle limit).
        case settle
        /// `timing auto|manual`: whether the runner waits for idle before actions on
        /// targets, expectations and snapshots (docs/SCENARIOS.md, "Timing").
        case timing(TimingMode)

        /// The time between the two taps of `double-tap` (within UIKit's multi-tap interval).
        public static let doubleTapGap = TesterDefaults.doubleTapGap
        /// The default hold of `long-press` without `for`.
        public static let defaultLongPress = TesterDefaults.longPressHold
    }

    // MARK: - Expectations

    /// One `expect` line: a fact of the subject, of the trace, or of what a target's
    /// finder finds. A failure is recorded and the run goes on.
    public enum Expectation: Hashable, Sendable {
        /// `expect FACT …`: a fact of the subject's vocabulary (`ScriptVocabulary.facts`:
        /// the chat screen's `keyboard emoji`, `panel.page 1 of 3`...), which the host
        /// checks (`ScenarioHost.check(_:)`).
        case fact(ScriptPhrase)
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
        /// `tester.expect(_:_:)`). A fact whose word is also a target's reads as the fact
        /// when its own arguments follow (the chat screen's `expect send enabled`).
        case finder(Finder, FinderExpectation)
    }

    // MARK: - Snapshots

    /// What a snapshot draws: the whole screen, or one of the subject's own snapshot
    /// subjects (`ScriptVocabulary.snapshotSubjects`: the chat screen's `panel`,
    /// `input`, `list`), at the origin.
    public struct SnapshotSubject: RawRepresentable, Hashable, Sendable {
        /// Its script word.
        public var rawValue: String
        /// The subject with this word.
        /// - Parameter rawValue: Its script word.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The whole screen.
        public static let screen = SnapshotSubject(rawValue: "screen")
    }

    /// A snapshot file format (Raster's `SnapshotFormat`: formats and their renderer
    /// live below the script language, so snapshot strategies need no script).
    public typealias SnapshotFormat = SnapshotFileFormat

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

/// Raster's `SnapshotFormat`, under a name `Script.SnapshotFormat` can alias.
public typealias SnapshotFileFormat = SnapshotFormat
