import Foundation
import Scenario

/// `emojisim run --junit FILE`: JUnit XML in the shape of Jenkins' junit-10.xsd, the
/// schema CI servers and test-report actions read.
///
/// One `<testsuite>` per script inside one `<testsuites>`: the schema allows `file` on
/// a `<testsuite>` but no `file` or `line` on a `<testcase>`, so each script's suite
/// carries its `file`, and its `<properties>` the `line` and `column` of the first
/// problem, the virtual time (`virtualSeconds`) and the CPU time (`cpuSeconds`). The
/// `time` of a testcase and of its suite is the CPU time the script took when measured
/// (`cpuSeconds`), else its virtual time. Problems are `<failure>`s whose text starts with
/// `FILE:LINE:COL: error:`; scripts that did not parse or could not start are `<error>`s.
public enum JUnitReport {
    /// The report's XML.
    ///
    /// - Parameters:
    ///   - vs: The verified scripts, one suite each, in the order given.
    ///   - setupFailures: Messages of problems not tied to a script (a report that could
    ///     not be written), one `<error>` case each.
    ///   - unrun: Scripts that did not parse or could not start, one `<error>` suite each.
    ///   - cpuSeconds: The CPU time each script took (by `Verification.script`).
    ///   - suiteName: The `name` of `<testsuites>`.
    /// - Returns: The whole document, newline-terminated, with every attribute and text escaped.
    /// - Complexity: O(*n*) in the total length of the scripts' names and messages.
    public static func render(_ vs: [ScenarioVerifier.Verification], setupFailures: [String], unrun: [UnrunScript] = [],
                              cpuSeconds: [URL: Double] = [:], suiteName: String = "emojisim") -> String {
        let failures = vs.filter { !$0.passed }.count
        let errors = setupFailures.count + unrun.count
        let total = vs.count + errors
        let cpuTotal = vs.reduce(0.0) { $0 + (cpuSeconds[$1.script] ?? 0) }
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"\(escape(suiteName))\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(cpuTotal))\">\n"
        for v in vs {
            let name = v.script.deletingPathExtension().lastPathComponent
            let folder = (v.displayName as NSString).deletingLastPathComponent
            let classname = folder.isEmpty ? "scenarios" : folder.replacingOccurrences(of: "/", with: ".")
            let virtual = v.result.duration.seconds
            let cpu = cpuSeconds[v.script]
            let time = seconds(cpu ?? virtual)
            let place = firstProblemPlace(v)
            x += "  <testsuite name=\"\(escape(v.displayName))\" tests=\"1\" failures=\"\(v.passed ? 0 : 1)\" errors=\"0\" skipped=\"0\""
            x += " time=\"\(time)\" file=\"\(escape(v.displayName))\">\n"
            x += "    <properties>\n"
            x += property("file", v.displayName)
            if let place {
                x += property("line", "\(place.line)")
                x += property("column", "\(place.column)")
            }
            x += property("virtualSeconds", seconds(virtual))
            if let cpu { x += property("cpuSeconds", seconds(cpu)) }
            x += "    </properties>\n"
            x += "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(name))\" time=\"\(time)\""
            if v.passed {
                x += "/>\n  </testsuite>\n"
                continue
            }
            x += ">\n"
            let problems = v.problems
            let headline = problems.first.map { String($0.split(separator: "\n").first ?? "") } ?? "failed"
            x += "      <failure message=\"\(escape(headline))\" type=\"scenario\">\(escape(problems.joined(separator: "\n")))</failure>\n"
            x += "    </testcase>\n  </testsuite>\n"
        }
        for u in unrun {
            let name = u.script.deletingPathExtension().lastPathComponent
            let first = u.errors.first
            x += "  <testsuite name=\"\(escape(u.displayName))\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0\" file=\"\(escape(u.displayName))\">\n"
            x += "    <properties>\n" + property("file", u.displayName)
            if let first { x += property("line", "\(first.line)") + property("column", "\(first.column)") }
            x += "    </properties>\n"
            let text = u.errors.map { "\(u.displayName):\($0.line):\($0.column): error: \($0.message)" }.joined(separator: "\n")
            x += "    <testcase classname=\"scenarios\" name=\"\(escape(name))\" time=\"0\">\n"
            x += "      <error message=\"\(escape(String(text.split(separator: "\n").first ?? "")))\" type=\"parse\">\(escape(text))</error>\n"
            x += "    </testcase>\n  </testsuite>\n"
        }
        if !setupFailures.isEmpty {
            x += "  <testsuite name=\"\(escape(suiteName))\" tests=\"\(setupFailures.count)\" failures=\"0\" errors=\"\(setupFailures.count)\" skipped=\"0\" time=\"0\">\n"
            for (i, f) in setupFailures.enumerated() {
                x += "    <testcase classname=\"scenarios\" name=\"setup-\(i + 1)\" time=\"0\">\n"
                x += "      <error message=\"\(escape(String(f.split(separator: "\n").first ?? "")))\">\(escape(f))</error>\n"
                x += "    </testcase>\n"
            }
            x += "  </testsuite>\n"
        }
        x += "</testsuites>\n"
        return x
    }

    /// The line and column of a script's first problem: the error that stopped it, else
    /// its first failed expectation, else its first failing snapshot (column 1).
    public static func firstProblemPlace(_ v: ScenarioVerifier.Verification) -> (line: Int, column: Int)? {
        if let f = v.result.failure { return (f.line, f.column) }
        if let e = v.result.expectations.first(where: { !$0.passed }) { return (e.line, e.column) }
        if let s = v.snapshots.first(where: { !$0.passed }) { return (s.output.line, 1) }
        return nil
    }

    static func property(_ name: String, _ value: String) -> String {
        "      <property name=\"\(escape(name))\" value=\"\(escape(value))\"/>\n"
    }

    /// Seconds with three decimals and no grouping (the schema's SUREFIRE_TIME).
    static func seconds(_ s: Double) -> String { String(format: "%.3f", max(0, s)) }

    /// XML text and attribute escaping (control characters XML 1.0 cannot carry become U+FFFD).
    static func escape(_ s: String) -> String { Escaping.markup(s) }
}
