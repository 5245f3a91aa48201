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
        func quoted(_ x: String) -> String { quotedLiteral(x) }
        switch e {
        case .keyboard(let k):
            return outcome(s.keyboard == k, "keyboard \(k.rawValue)", "keyboard \(s.keyboard.rawValue)")
        case .sendEnabled(let b):
            return outcome(s.sendEnabled == b, "send \(b ? "enabled" : "disabled")", "send \(s.sendEnabled ? "enabled" : "disabled")")
        case .input(let t):
            // Exact, so the one-off mistakes get a hint: a trimmed or wire-form guess.
            var found = "input \(quoted(s.input))"
            if let out = s.outgoing, out == t, out != s.input {
                found += " (\(quoted(t)) is what send would transmit: expect outgoing \(quoted(t)))"
            }
            return outcome(s.input == t, "input \(quoted(t))", found)
        case .outgoing(let t):
            func show(_ x: String?) -> String { x.map(quoted) ?? "none" }
            var found = "outgoing \(show(s.outgoing))"
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
            return outcome(s.listLast == t, "list.last \(quoted(t))", "list.last \(s.listLast.map(quoted) ?? "none")")
        case .animating(let n):
            return outcome(s.animating == n, "animating \(n)", "animating \(s.animating)")
        case .pasteboard(let t):
            return outcome(s.pasteboard == t, "pasteboard \(quoted(t))", "pasteboard \(quoted(s.pasteboard))")
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
    /// - Complexity: O(lines in the window × line length).
    func checkTrace(_ needle: String, count: Int?, _ e: Script.Expectation, _ c: Script.Located<Script.Command>,
                    moves: Bool = true) -> ExpectationOutcome {
        let events = host.trace.retained
        let dropped = host.trace.droppedCount
        let skip = max(0, traceCursor - dropped)
        // Line 0 is a Swift call (`driver.expect(_:)`), which has no script line.
        let since = traceCursorLine.map { $0 > 0 ? "since line \($0)'s expect trace" : "since the previous expect trace" }
            ?? "since the start"
        func outcome(_ ok: Bool, _ expected: String, _ actual: String) -> ExpectationOutcome {
            ExpectationOutcome(line: c.line, column: c.column, expectation: e, passed: ok, expected: expected, actual: actual)
        }
        func consume(through k: Int) {
            traceCursor = dropped + k + 1
            traceCursorLine = c.line
        }
        let quoted = quotedLiteral(needle)
        // Lines the trace dropped (its capacity) that were in the window: a count or an
        // absence over them cannot be known, so it does not pass.
        let lost = traceCursor < dropped ? dropped - traceCursor : 0

        guard let want = count else {
            var k = 0
            for ev in events {
                if k >= skip, ev.description.containsOccurrence(of: needle) {
                    consume(through: k)
                    return outcome(true, "trace \(quoted)", "trace \(quotedLiteral(ev.description))")
                }
                k += 1
            }
            let recent = events.suffix(3).map({ $0.description }).joined(separator: " | ")
            return outcome(false, "trace \(quoted) \(since)",
                           recent.isEmpty ? "no trace lines" : "no such line (last lines: \(recent))")
        }

        // Counting: every matching line of the window, the first few quoted.
        let shown = 3
        var matches = 0
        var last: Int?
        var quotedLines: [String] = []
        var k = 0
        for ev in events {
            if k >= skip {
                let line = ev.description
                if line.containsOccurrence(of: needle) {
                    matches += 1
                    last = k
                    if quotedLines.count < shown { quotedLines.append(line) }
                }
            }
            k += 1
        }
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
            found += " (the trace dropped \(lost) lines of the window: it keeps \(host.trace.capacity))"
            return outcome(false, expected, found)
        }
        let ok = matches == want
        if ok, moves, let last { consume(through: last) }
        return outcome(ok, expected, found)
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
