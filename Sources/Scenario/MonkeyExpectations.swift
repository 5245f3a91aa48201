import SimCore
import Tester

/// The monkey's expectations: written from what the screen shows (its host's
/// `stateExpectations` and `monkeyTarget`) and from the trace lines a trace expectation would see now, so each
/// must hold. A generated line that fails, or that does not read back from its printed
/// spelling as itself, is a finding (the checker, the printer or the state disagree).
enum MonkeyExpectations {
    /// Mixed into the seed for the expectations' own random stream.
    static let streamSalt: UInt64 = 0x9E37_79B9_7F4A_7C15
    /// The chance of an expectation after a step.
    static let rate = 0.3
    /// One expectation that holds now. `resolve` answers a finder on the screen now
    /// (`Testable.resolve(_:)`), for `expect <target> …`.
    static func choose<Host: MonkeyHost>(_ rng: inout SeededRandom, on host: Host,
                                         window: ArraySlice<TraceEvent>) -> Script.Expectation {
        switch rng.int(in: 0..<5) {
        case 4:
            let f = host.monkeyTarget(&rng)
            return .finder(f, holding(&rng, for: f, host.laidOutResolve(f)) { host.monkeyAvoids($0, on: f) })
        case 0:
            let all = host.stateExpectations
            return all[rng.int(in: 0..<all.count)]
        case 1, 2:
            guard !window.isEmpty else { return absent(&rng, window, host.monkeyTraceNames) }
            let ev = window[window.startIndex + rng.int(in: 0..<window.count)]
            let needle = substring(&rng, of: ev)
            let n = matches(needle, window)
            return rng.bool() ? .trace(needle) : .traceCount(needle, n)
        default:
            return absent(&rng, window, host.monkeyTraceNames)
        }
    }

    /// An expectation that holds for `result`, by `FinderExpectation`'s definitions
    /// restated from the resolution (not by its `check`, which this is a test of).
    static func holding(_ rng: inout SeededRandom, for f: Finder, _ result: FinderResult,
                        avoiding: (FinderExpectation) -> Bool = { _ in false }) -> FinderExpectation {
        var options: [FinderExpectation]
        switch result {
        case .hit(let h):
            options = [.visible, .exists, .enabled, .count(h.count)]
            // Selected is the point of a tab or a dot: as likely as all the rest.
            if h.isSelected == true, rng.bool() { return .selected }
            if let t = h.text { options.append(.text(t)) }
        case .disabled(_, let h):
            if h.isSelected == true, rng.bool() { return .selected }
            options = [.visible, .exists, .disabled, .count(h.count)]
            if let t = h.text { options.append(.text(t)) }
        case .covered(_, let h):
            options = [.hidden, .exists, .enabled, .count(h.count)]
        case .offScreen:
            options = [.hidden, .exists, .count(0)]
        case .missing, .notInCatalog:
            options = [.hidden, .absent, .count(0)]
        }
        // What would read back as another line (`MonkeyHost.monkeyAvoids`) is left out.
        options.removeAll { avoiding($0) }
        return options[rng.int(in: 0..<options.count)]
    }

    /// `expect no trace` of a name the window does not hold, or the count of one it does.
    static func absent(_ rng: inout SeededRandom, _ window: ArraySlice<TraceEvent>, _ names: [String]) -> Script.Expectation {
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
        let pattern = TextPattern(needle)
        var n = 0
        for ev in window where pattern.occurs(in: ev.description) { n += 1 }
        return n
    }

    /// Why `e` does not hold on the driver now, or does not read back from its line;
    /// nil when it holds. Checking it moves the trace window as a script line would.
    static func problem<Host: ScenarioHost>(_ e: Script.Expectation, on driver: ScenarioDriver<Host>) -> String? {
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
