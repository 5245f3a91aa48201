import SimCore
import Raster
import ChatUI
import Tester
import ChatHarness

// The driver's expectation checks: one `ExpectationOutcome` per `expect` line, with the
// expected and the found value in the script's own spelling.
extension ScenarioDriver {
    func check(_ e: Script.Expectation, _ c: Script.Located<Script.Command>) -> ExpectationOutcome {
        let s = host.facts
        func outcome(_ ok: Bool, _ expected: String, _ actual: String) -> ExpectationOutcome {
            ExpectationOutcome(line: c.line, column: c.column, expectation: e, passed: ok, expected: expected, actual: actual)
        }
        // Bounded: a message quotes at most the two ends of a long text (20,000 failing
        // `expect input` lines each quoting an 80 KB input made gigabytes), and says
        // where two texts part when that is past the quoted head.
        func quoted(_ x: String) -> String { boundedQuotedLiteral(x) }
        func parting(_ want: String, _ have: String) -> String {
            guard want.utf8.count > boundedQuoteByteLimit || have.utf8.count > boundedQuoteByteLimit else { return "" }
            var i = want.startIndex, j = have.startIndex, n = 0
            while i < want.endIndex, j < have.endIndex, want[i] == have[j] {
                want.formIndex(after: &i); have.formIndex(after: &j); n += 1
            }
            return n < boundedQuoteEndCharacters ? "" : " (differs from the expected text at character \(n))"
        }
        switch e {
        case .keyboard(let k):
            return outcome(s.keyboard == k, "keyboard \(k.rawValue)", "keyboard \(s.keyboard.rawValue)")
        case .sendEnabled(let b):
            return outcome(s.sendEnabled == b, "send \(b ? "enabled" : "disabled")", "send \(s.sendEnabled ? "enabled" : "disabled")")
        case .input(let t):
            // Exact, so the one-off mistakes get a hint: a trimmed or wire-form guess.
            var found = "input \(quoted(s.input))" + (s.input == t ? "" : parting(t, s.input))
            if let out = s.outgoing, out == t, out != s.input {
                found += " (\(quoted(t)) is what send would transmit: expect outgoing \(quoted(t)))"
            }
            return outcome(s.input == t, "input \(quoted(t))", found)
        case .outgoing(let t):
            func show(_ x: String?) -> String { x.map(quoted) ?? "none" }
            var found = "outgoing \(show(s.outgoing))"
            if let out = s.outgoing, let t, out != t { found += parting(t, out) }
            if s.outgoing == nil { found += " (send is disabled: \(s.input.isEmpty ? "the input is empty" : "the input is blank"))" }
            return outcome(s.outgoing == t, "outgoing \(show(t))", found)
        case .caret(let n):
            return outcome(s.caret == n, "caret \(n)", "caret \(s.caret)")
        case .panelPage(let n, let of):
            let ok = s.panelPage == n && (of == nil || of == s.panelPageCount)
            let exp = of.map { "panel.page \(n) of \($0)" } ?? "panel.page \(n)"
            return outcome(ok, exp, "panel.page \(s.panelPage) of \(s.panelPageCount)")
        case .panelGroup(.index(let i)):
            return outcome(s.panelGroupIndex == i, "panel.group \(i)", "panel.group \(s.panelGroupIndex) (\(quoted(s.panelGroupName)))")
        case .panelGroup(.name(let n)):
            // A group is named by its catalog name or its tab's title: the actual names
            // both when they differ, so a pass by title reads as one.
            let titled = s.panelGroupLabel != s.panelGroupName ? " titled \(quoted(s.panelGroupLabel))" : ""
            return outcome(s.panelGroupName == n || s.panelGroupLabel == n, "panel.group \(quoted(n))",
                           "panel.group \(quoted(s.panelGroupName))\(titled)")
        case .preview(let p):
            var found = "preview \(s.preview ?? "none")"
            if let p, let shown = s.preview, p == "[" + shown + "]" {
                found += " (codes are written without the brackets: expect preview \(shown))"
            }
            return outcome(s.preview == p, "preview \(p ?? "none")", found)
        case .panelResults(let n):
            return outcome(s.panelResults == n, "panel.results \(n)", "panel.results \(s.panelResults)")
        case .listCount(let n):
            return outcome(s.listCount == n, "list.count \(n)", "list.count \(s.listCount)")
        case .listVisible(let r):
            let actual = s.listVisible.map { "\($0.lowerBound)..\($0.upperBound)" } ?? "none"
            return outcome(s.listVisible == r, "list.visible \(r.lowerBound)..\(r.upperBound)", "list.visible \(actual)")
        case .listLast(let t):
            let parted = s.listLast.map { $0 == t ? "" : parting(t, $0) } ?? ""
            return outcome(s.listLast == t, "list.last \(quoted(t))", "list.last \(s.listLast.map(quoted) ?? "none")" + parted)
        case .animating(let n):
            return outcome(s.animating == n, "animating \(n)", "animating \(s.animating)")
        case .pasteboard(let t):
            return outcome(s.pasteboard == t, "pasteboard \(quoted(t))",
                           "pasteboard \(quoted(s.pasteboard))" + (s.pasteboard == t ? "" : parting(t, s.pasteboard)))
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
