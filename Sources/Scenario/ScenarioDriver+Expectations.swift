import SimCore
import Raster
import Tester

// The driver's expectation checks: one `ExpectationOutcome` per `expect` line, with the
// expected and the found value in the script's own spelling.
extension ScenarioDriver {
    func check(_ e: Script.Expectation, _ c: Script.Located<Script.Command>) -> ExpectationOutcome {
        func outcome(_ ok: Bool, _ expected: String, _ actual: String) -> ExpectationOutcome {
            ExpectationOutcome(line: c.line, column: c.column, expectation: e, passed: ok, expected: expected, actual: actual)
        }
        switch e {
        case .fact(let p):
            let r = host.check(p)
            return outcome(r.passed, r.expected, r.found)
        case .trace(let needle):
            return checkTrace(needle, count: nil, e, c)
        case .traceCount(let needle, let n):
            return checkTrace(needle, count: n, e, c)
        case .noTrace(let needle):
            return checkTrace(needle, count: 0, e, c, moves: false)
        case .finder(let f, let x):
            // The Tester's check (`Tester.check(_:_:)`): the same definitions and words
            // as a Swift test's `tester.expect`, so a failure reads "expected panel.dot 1
            // selected, found not selected" either way.
            let r = tester.check(f, x)
            return outcome(r.passed, "\(f) \(x)", r.found)
        }
    }

    /// The trace expectations. The window is the lines after the last one a trace
    /// expectation consumed (`traceCursor`). `count: nil` is `expect trace`: the first
    /// matching line, consumed with everything before it. A count is `count N` (or, with
    /// `moves: false`, `no trace`, which never consumes): exactly N matching lines,
    /// consumed through the last of them when it holds.
    ///
    /// - Complexity: O(new trace lines × line length) amortised: each needle's matches
    ///   are kept (`TraceMatchIndex`), so a line is read once per needle however many
    ///   expectations look at the window again, plus O(log matches) to find the window.
    func checkTrace(_ needle: String, count: Int?, _ e: Script.Expectation, _ c: Script.Located<Script.Command>,
                    moves: Bool = true) -> ExpectationOutcome {
        let trace = host.trace
        let events = trace.retained
        let dropped = trace.droppedCount
        // Line 0 is a Swift call (`driver.expect(_:)`), which has no script line.
        let since = traceCursorLine.map { $0 > 0 ? "since line \($0)'s expect trace" : "since the previous expect trace" }
            ?? "since the start"
        func outcome(_ ok: Bool, _ expected: String, _ actual: String) -> ExpectationOutcome {
            ExpectationOutcome(line: c.line, column: c.column, expectation: e, passed: ok, expected: expected, actual: actual)
        }
        func consume(through line: Int) {
            traceCursor = line + 1
            traceCursorLine = c.line
        }
        func text(_ line: Int) -> String { events[events.startIndex + line - dropped].description }
        let quoted = boundedQuotedLiteral(needle)
        // Lines the trace dropped (its capacity) that were in the window: a count or an
        // absence over them cannot be known, so it does not pass.
        let lost = traceCursor < dropped ? dropped - traceCursor : 0
        // The window's retained lines, by their number from the trace's start.
        let from = max(traceCursor, dropped)

        guard let want = count else {
            if let first = traceMatches.matches(of: needle, in: trace, from: from, stoppingAtFirst: true).first {
                consume(through: first)
                return outcome(true, "trace \(quoted)", "trace \(quotedLiteral(text(first)))")
            }
            let recent = events.suffix(3).map({ $0.description }).joined(separator: " | ")
            return outcome(false, "trace \(quoted) \(since)",
                           recent.isEmpty ? "no trace lines" : "no such line (last lines: \(recent))")
        }

        // Counting: every matching line of the window, the first few quoted.
        let shown = 3
        let lines = traceMatches.matches(of: needle, in: trace, from: from, stoppingAtFirst: false)
        let matches = lines.count
        let quotedLines = lines.prefix(shown).map(text)
        let expected = moves ? "trace \(quoted) count \(want) \(since)" : "no trace \(quoted) \(since)"
        var found: String
        switch matches {
        case 0: found = "no such line"
        case 1: found = "1 line: \(quotedLines[0])"
        default:
            found = "\(matches) lines: " + quotedLines.joined(separator: " | ")
            if matches > shown { found += " | and \(matches - shown) more" }
        }
        if lost > 0 {
            found += " (the trace dropped \(lost) lines of the window: it keeps \(trace.capacity))"
            return outcome(false, expected, found)
        }
        let ok = matches == want
        if ok, moves, let last = lines.last { consume(through: last) }
        return outcome(ok, expected, found)
    }
}

/// The trace lines containing each needle a trace expectation asked for, kept between
/// expectations: `expect no trace "x"` a thousand times over a window of 50,000 lines
/// read every line a thousand times (50 s); now each line is read once per needle,
/// when it is new. Lines are numbered from the trace's start (`Trace.totalCount` when
/// recorded; dropped lines keep their numbers), so the window moving forward only
/// skips matches. A cache: answers are those of a scan of the window, always.
struct TraceMatchIndex {
    /// The needles kept at most; one more forgets them all (they are found again on
    /// demand). Scripts use a few; each costs its matches' numbers.
    static let maxNeedles = 32

    struct Entry {
        /// The first line number the entry covers.
        var from: Int
        /// The next line not yet read.
        var scannedTo: Int
        /// Numbers of the matching lines read, ascending; those before `live` are
        /// before the window and are removed in bulk.
        var lines: [Int]
        var live = 0
    }

    private var entries: [String: Entry] = [:]
    /// Trace lines read so far, over all needles (what the cache saves is visible here).
    private(set) var linesRead = 0

    /// The numbers of the lines at or after line `from` (a retained line, or the end)
    /// that contain `needle`, ascending; with `stoppingAtFirst`, reading stops at the
    /// first (the result then holds at least it, if there is one).
    ///
    /// - Complexity: O(lines not yet read for `needle` × line length + log matches).
    mutating func matches(of needle: String, in trace: Trace, from: Int, stoppingAtFirst: Bool) -> ArraySlice<Int> {
        let dropped = trace.droppedCount
        let total = trace.totalCount
        var entry: Entry
        if let known = entries[needle], known.from <= from, known.scannedTo >= from, known.scannedTo <= total {
            entry = known
            entries[needle] = nil   // modified in place below, without a copy of its lines
        } else {
            if entries.count >= Self.maxNeedles { entries.removeAll() }
            entry = Entry(from: from, scannedTo: from, lines: [])
        }
        // Forget the matches before the window (they stay before it: it only moves on).
        var lo = entry.live, hi = entry.lines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entry.lines[mid] < from { lo = mid + 1 } else { hi = mid }
        }
        entry.live = lo
        if entry.live > 64 && entry.live * 2 > entry.lines.count {
            entry.lines.removeFirst(entry.live)
            entry.live = 0
        }
        entry.from = from
        let events = trace.retained
        let pattern = TextPattern(needle)
        var i = max(entry.scannedTo, dropped)
        while i < total {
            if stoppingAtFirst && entry.lines.count > entry.live { break }
            if pattern.occurs(in: events[events.startIndex + i - dropped].description) { entry.lines.append(i) }
            i += 1
        }
        linesRead += i - max(entry.scannedTo, dropped)
        entry.scannedTo = i
        let result = entry.lines[entry.live...]
        entries[needle] = entry
        return result
    }
}

extension ScenarioDriver {
    /// The trace lines a trace expectation looks at now: those after the last line a
    /// trace expectation consumed.
    var traceWindow: ArraySlice<TraceEvent> {
        let events = host.trace.retained
        return events.dropFirst(max(0, traceCursor - host.trace.droppedCount))
    }
}
