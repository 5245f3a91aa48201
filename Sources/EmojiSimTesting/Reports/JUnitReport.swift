import Foundation
import Scenario

/// `emojisim run --junit FILE`: one JUnit XML `<testsuite>` for the scripts of the run
/// (one shard of a CI matrix when `--shard` is given), one `<testcase>` per script, its
/// problems in `<failure>`. `time` is the script's *virtual* duration, so the report
/// is byte-for-byte deterministic. Scripts that could not run at all (a catalog that
/// does not load) are `<error>` cases.
public enum JUnitReport {
    /// The report's XML.
    ///
    /// - Parameters:
    ///   - vs: The verified scripts, one `<testcase>` each, in the order given.
    ///   - setupFailures: Messages of scripts that could not run, one `<error>` case each.
    ///   - suiteName: The `name` of `<testsuites>` and `<testsuite>`.
    /// - Returns: The whole document, newline-terminated, with every attribute and text escaped.
    /// - Complexity: O(*n*) in the total length of the scripts' names and messages.
    public static func render(_ vs: [ScenarioVerifier.Verification], setupFailures: [String], suiteName: String = "emojisim") -> String {
        let failures = vs.filter { !$0.passed }.count
        let total = vs.count + setupFailures.count
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"\(escape(suiteName))\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"\(setupFailures.count)\">\n"
        x += "  <testsuite name=\"\(escape(suiteName))\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"\(setupFailures.count)\" skipped=\"0\">\n"
        for v in vs {
            let name = v.script.deletingPathExtension().lastPathComponent
            let folder = (v.displayName as NSString).deletingLastPathComponent
            let classname = folder.isEmpty ? "scenarios" : folder.replacingOccurrences(of: "/", with: ".")
            x += "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(name))\" file=\"\(escape(v.displayName))\" time=\"\(String(format: "%.3f", v.result.duration.seconds))\""
            if v.passed {
                x += "/>\n"
                continue
            }
            x += ">\n"
            let problems = v.problems
            let headline = problems.first.map { String($0.split(separator: "\n").first ?? "") } ?? "failed"
            x += "      <failure message=\"\(escape(headline))\" type=\"scenario\">\(escape(problems.joined(separator: "\n")))</failure>\n"
            x += "    </testcase>\n"
        }
        for (i, f) in setupFailures.enumerated() {
            x += "    <testcase classname=\"scenarios\" name=\"setup-\(i + 1)\" time=\"0\">\n"
            x += "      <error message=\"\(escape(String(f.split(separator: "\n").first ?? "")))\">\(escape(f))</error>\n"
            x += "    </testcase>\n"
        }
        x += "  </testsuite>\n</testsuites>\n"
        return x
    }

    /// XML text and attribute escaping (control characters XML 1.0 cannot carry become U+FFFD).
    static func escape(_ s: String) -> String { Escaping.markup(s) }
}
