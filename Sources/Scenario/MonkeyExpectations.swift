import SimCore

/// The monkey's expectations: written from what the screen shows (`HostState`'s
/// expectations) and from the trace lines a trace expectation would see now, so each
/// must hold. A generated line that fails, or that does not read back from its printed
/// spelling as itself, is a finding (the checker, the printer or the state disagree).
enum MonkeyExpectations {
    /// Mixed into the seed for the expectations' own random stream.
    static let streamSalt: UInt64 = 0x9E37_79B9_7F4A_7C15
    /// The chance of an expectation after a step.
    static let rate = 0.3
    /// Trace lines the monkey looks for with `expect no trace` (when one is in the
    /// window, it counts it instead).
    static let names = [
        "inputBar didSend", "panel didSelect", "panel previewBegan", "panel deleteTapped",
        "inputBar textChanged", "list reload", "screen receive", "tester warning", "keyboard",
    ]

    /// One expectation that holds now.
    static func choose(_ rng: inout SeededRandom, state: HostState, window: ArraySlice<TraceEvent>) -> Expectation {
        switch rng.int(in: 0..<4) {
        case 0:
            let all = state.expectations
            return all[rng.int(in: 0..<all.count)]
        case 1, 2:
            guard !window.isEmpty else { return absent(&rng, window) }
            let ev = window[window.startIndex + rng.int(in: 0..<window.count)]
            let needle = substring(&rng, of: ev)
            let n = matches(needle, window)
            return rng.bool() ? .trace(needle) : .traceCount(needle, n)
        default:
            return absent(&rng, window)
        }
    }

    /// `expect no trace` of a name the window does not hold, or the count of one it does.
    static func absent(_ rng: inout SeededRandom, _ window: ArraySlice<TraceEvent>) -> Expectation {
        let name = names[rng.int(in: 0..<names.count)]
        let n = matches(name, window)
        return n == 0 ? .noTrace(name) : .traceCount(name, n)
    }

    /// A part of the line as a script would quote it: `source event`, one `key=value`,
    /// or everything after the time (values with quotes and escapes included).
    static func substring(_ rng: inout SeededRandom, of ev: TraceEvent) -> String {
        let head = ev.source + " " + ev.name
        switch rng.int(in: 0..<3) {
        case 0: return head
        case 1:
            guard !ev.fields.isEmpty else { return head }
            let f = ev.fields[rng.int(in: 0..<ev.fields.count)]
            return f.key + "=" + f.value
        default:
            var s = head
            for f in ev.fields { s += " " + f.key + "=" + f.value }
            return s
        }
    }

    /// Lines of the window containing `needle`, counted here on their own (not by the
    /// driver's check, which this is a test of).
    static func matches(_ needle: String, _ window: ArraySlice<TraceEvent>) -> Int {
        var n = 0
        for ev in window where ev.description.containsOccurrence(of: needle) { n += 1 }
        return n
    }

    /// Why `e` does not hold on the driver now, or does not read back from its line;
    /// nil when it holds. Checking it moves the trace window as a script line would.
    static func problem<Host: ScenarioHost>(_ e: Expectation, on driver: ScenarioDriver<Host>) -> String? {
        let line = "expect " + ScriptPrinter.expectation(e)
        do throws(ScriptParseErrors) {
            let back = try ScriptParser.parse(line, name: "monkey")
            let values = back.commands.map { $0.value }
            if values != [.expect(e)] {
                return "the printer's line \(echoLiteral(line)) reads back as something else (\(values.count) commands)"
            }
        } catch {
            return "the printer's line \(echoLiteral(line)) does not parse: \(error.description)"
        }
        let outcome = driver.expect(e)
        return outcome.passed ? nil : "\(line): expected \(outcome.expected), found \(outcome.actual)"
    }
}
