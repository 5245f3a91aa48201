import SimCore
import Interaction
import Raster
import Tester

/// What a script drives: a screen on a virtual clock. `Host<ChatScreen>` conforms
/// (Chat/ChatScreen+ScenarioHost.swift); a user's own screen conforms the same way.
///
/// A `Testable` (clock, touches, motion, display list, finders, invariants) that the
/// runner's `Tester` drives and aims at (a script's targets are `Finder`s, resolved by
/// `resolve(_:)`), plus what only scripts need, in the words of the subject's
/// `ScriptVocabulary`: its verbs (`perform`), its facts (`check`), and its snapshot
/// subjects.
public protocol ScenarioHost: Testable {
    /// The screen size in points.
    var size: Size { get }
    /// One of the subject's verbs (`ScriptVocabulary.verbs`: the chat screen's typing,
    /// editing, receiving, searching...). Touches, `wait`, `settle` and `timing` never
    /// reach the host.
    func perform(_ verb: ScriptPhrase) throws(ScenarioHostError)
    /// Whether one of the subject's facts (`ScriptVocabulary.facts`) holds now, with the
    /// expected and the found value in the script's words.
    func check(_ fact: ScriptPhrase) -> ScenarioFactCheck
    /// The facts that hold now, as the `expect` lines that check them (what the trace
    /// viewer shows after each step). Default: none.
    var stateExpectations: [Script.Expectation] { get }
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

    /// No facts shown.
    public var stateExpectations: [Script.Expectation] { [] }

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

/// The answer of `ScenarioHost.check(_:)`: whether a fact holds, and the expected and
/// the found value in the script's words (`keyboard emoji`, `keyboard system`).
public struct ScenarioFactCheck: Hashable, Sendable {
    /// Whether it holds.
    public var passed: Bool
    /// What was expected, as the script spells it.
    public var expected: String
    /// What was found, in the same words.
    public var found: String

    /// A check.
    ///
    /// - Parameters:
    ///   - passed: Whether it holds.
    ///   - expected: What was expected.
    ///   - found: What was found.
    public init(_ passed: Bool, expected: String, found: String) {
        self.passed = passed; self.expected = expected; self.found = found
    }

    /// Where two long texts part, for a message that quotes only their ends (" (differs
    /// from the expected text at character N)"); empty when both are short enough to
    /// show whole or they part within the quoted head.
    public static func parting(_ want: String, _ have: String) -> String {
        guard want.utf8.count > boundedQuoteByteLimit || have.utf8.count > boundedQuoteByteLimit else { return "" }
        var i = want.startIndex, j = have.startIndex, n = 0
        while i < want.endIndex, j < have.endIndex, want[i] == have[j] {
            want.formIndex(after: &i); have.formIndex(after: &j); n += 1
        }
        return n < boundedQuoteEndCharacters ? "" : " (differs from the expected text at character \(n))"
    }
}
