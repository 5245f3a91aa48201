import SimCore
import Imaging
import Raster

/// The outcome of one `expect` line.
public struct ExpectationOutcome: Hashable, Sendable {
    /// Where the `expect` line is in the script (1-based).
    public var line: Int
    /// The column of its first character (1-based).
    public var column: Int
    /// What the line asked for.
    public var expectation: Script.Expectation
    /// True when what was found matched.
    public var passed: Bool
    /// Human-readable expected and actual values.
    public var expected: String
    /// What was found, in the same words as `expected`.
    public var actual: String
    /// True for a failure past `ScenarioResult.maxDescribedFailures`: `expected` and
    /// `actual` are empty (the line and the expectation are kept, and it still fails).
    public var detailsOmitted = false

    /// `FILE:LINE:COL: error: expected keyboard emoji, found system`
    public func message(file: String) -> String {
        guard !detailsOmitted else {
            return "\(file):\(line):\(column): error: expectation failed (past the first "
                + "\(ScenarioResult.maxDescribedFailures) failures, only their lines are kept)"
        }
        return "\(file):\(line):\(column): error: expected \(expected), found \(actual)"
    }
}

/// One snapshot a run took: the component's display list at that moment and how it is
/// to be rendered. Not encoded: EmojiSimTesting renders it with `SnapshotRenderer` and
/// encodes only when a file is written, so the run itself does no image
/// compression.
public struct SnapshotOutput: Hashable, Sendable {
    /// The snapshot's name, unique within the script (the reference's file name stem).
    public var name: String
    /// What was captured: the whole screen or one component.
    public var subject: Script.SnapshotSubject
    /// How the display list becomes a reference file.
    public var format: Script.SnapshotFormat
    /// The script line of the `snapshot` (1-based).
    public var line: Int
    /// What the component drew, at the origin, sized to the component.
    public var list: DisplayList
    /// The device's pixel scale (pixel formats render at it).
    public var scale: Int
    /// The colours to render with.
    public var theme: Theme

    /// A snapshot as the runner records it; see each property.
    public init(name: String, subject: Script.SnapshotSubject, format: Script.SnapshotFormat, line: Int, list: DisplayList,
                scale: Int, theme: Theme) {
        self.name = name; self.subject = subject; self.format = format; self.line = line
        self.list = list; self.scale = scale; self.theme = theme
    }

    /// File name of the reference: `<name>.<ext>` (ascii `.txt`, styled `.styled.txt`,
    /// tree `.tree.txt`, png `.png`, ppm `.ppm`).
    public var fileName: String { name + "." + format.fileExtension }
}

/// One frame of a recording: what the screen showed, and for how long.
public struct RecordedFrame: Hashable, Sendable {
    /// The whole screen at the device's scale.
    public var image: Image
    /// How long the screen looked like this (identical frames merged).
    public var duration: SimDuration

    /// A frame shown for `duration`.
    public init(image: Image, duration: SimDuration) {
        self.image = image; self.duration = duration
    }
}

/// Everything one run produced.
public struct ScenarioResult: Sendable {
    /// The script's file name, as errors and reports name it.
    public var script: String
    /// Every `expect` line that ran, in order, passed or not (`record(_:)` adds one).
    public var expectations: [ExpectationOutcome] = []
    /// Failed expectations whose expected and found values a result keeps (and a run
    /// prints); later failures keep their line, and the messages end with their number
    /// (`failureMessages(file:)`). 20,000 failing lines each quoting a long input made
    /// gigabytes of messages.
    public static let maxDescribedFailures = 100
    /// Failed expectations recorded so far.
    public private(set) var failureCount = 0
    /// Every snapshot taken, in order (not yet compared with references).
    public var snapshots: [SnapshotOutput] = []
    /// The error that stopped the run early (an action the screen refused, a `settle`
    /// that timed out); nil when the script ran to its end.
    public var failure: ScriptError?
    /// Touches in manual timing that ended without activating their target (the CLI
    /// prints them to stderr; the run goes on).
    public var warnings: [ScriptWarning] = []
    /// The trace, one line per event.
    public var trace: [String] = []
    /// The screen at 30 frames per virtual second, identical frames merged (only when
    /// recording was asked for).
    public var recording: [RecordedFrame] = []
    /// Virtual time the script took.
    public var duration: SimDuration = .zero
    /// The trace viewer's steps, frames and timeline (only when `ScenarioRunner.logsSteps`
    /// asked for it).
    public var steps: StepLog?

    /// An empty result for the script named `script`, before anything ran.
    public init(script: String) { self.script = script }

    /// True when the script ran to its end and every expectation held (snapshots are
    /// compared by the caller, which knows the references).
    public var passed: Bool { failure == nil && expectations.allSatisfy({ $0.passed }) }

    /// Adds an expectation's outcome; a failure past `maxDescribedFailures` drops its
    /// expected and found values (`ExpectationOutcome.detailsOmitted`).
    ///
    /// - Parameter outcome: The outcome of the `expect` line that ran.
    public mutating func record(_ outcome: ExpectationOutcome) {
        var o = outcome
        if !o.passed {
            failureCount += 1
            if failureCount > Self.maxDescribedFailures {
                o.expected = ""
                o.actual = ""
                o.detailsOmitted = true
            }
        }
        expectations.append(o)
    }

    /// One message per failed expectation, as `FILE:LINE:COL: error: ...`: the first
    /// `maxDescribedFailures` in full, then one line that counts the rest
    /// (`... and 19,900 more failed expectations, lines 102-20001`), so a run's output
    /// stays bounded whatever the number of failing lines.
    ///
    /// - Parameter file: The script's name in the messages.
    /// - Returns: The messages, in script order.
    /// - Complexity: O(expectations).
    public func failureMessages(file: String) -> [(message: String, line: Int, column: Int)] {
        var out: [(message: String, line: Int, column: Int)] = []
        var more = 0
        var first: ExpectationOutcome?
        var lastLine = 0
        var described = 0
        for e in expectations where !e.passed {
            if described < Self.maxDescribedFailures && !e.detailsOmitted {
                out.append((e.message(file: file), e.line, e.column))
                described += 1
            } else {
                more += 1
                if first == nil { first = e }
                lastLine = e.line
            }
        }
        if let first {
            let lines = first.line == lastLine ? "line \(first.line)" : "lines \(first.line)-\(lastLine)"
            out.append(("\(file):\(first.line):\(first.column): error: ... and \(more) more failed expectation\(more == 1 ? "" : "s") "
                        + "(\(lines)); only the first \(Self.maxDescribedFailures) are described", first.line, first.column))
        }
        return out
    }
}
