import Testing
import Foundation
import Scenario
import EmojiSimIO
import EmojiSimTesting

/// The script examples of docs/SCENARIOS.md, run as written. An example is the indented
/// block after a `<!-- example: NAME -->` line; it runs on the demo screen (setup lines
/// in it apply) and must pass. With `<!-- example: NAME fails -->` the next indented
/// block after it holds the errors it prints, exactly (`NAME.scenario:LINE:COL: ...`).
@Suite struct DocExampleTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var name: String
        var script: String
        /// The errors it must print; nil when it must pass.
        var errors: [String]?
        var testDescription: String { name }
    }

    static let root = SnapshotFiles.packageRoot(from: #filePath)!

    static func examples(in file: String) -> [Example] {
        let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [Example] = []
        /// The indented block starting at or after `i` (blank lines before it skipped).
        func block(from i: Int) -> (lines: [String], end: Int) {
            var k = i
            while k < lines.count, !lines[k].hasPrefix("    ") { k += 1 }
            var body: [String] = []
            while k < lines.count, lines[k].hasPrefix("    ") || lines[k].isEmpty {
                body.append(String(lines[k].dropFirst(4)))
                k += 1
            }
            while body.last?.isEmpty == true { body.removeLast() }
            return (body, k)
        }
        var i = 0
        while i < lines.count {
            let line = lines[i]
            guard line.hasPrefix("<!-- example: ") else { i += 1; continue }
            let words = line.dropFirst("<!-- example: ".count).split(separator: " ")
            let name = String(words.first ?? "")
            let (script, end) = block(from: i + 1)
            var errors: [String]?
            var next = end
            if words.count > 1, words[1] == "fails" {
                let (e, after) = block(from: end)
                errors = e
                next = after
            }
            out.append(Example(name: name, script: script.joined(separator: "\n"), errors: errors))
            i = next
        }
        return out
    }

    static let scenarioExamples = examples(in: "docs/SCENARIOS.md")

    @Test func theDocsHaveExamples() {
        #expect(Self.scenarioExamples.count >= 2)
        #expect(Set(Self.scenarioExamples.map { $0.name }).count == Self.scenarioExamples.count)
    }

    @Test(arguments: scenarioExamples)
    func example(_ e: Example) throws {
        let file = e.name + ".scenario"
        let script = try ScriptParser.parse(e.script, name: file)
        let config = ScenarioConfiguration(script: script)
        let host = try ScenarioHosting.makeHost(config, scriptFolder: Self.root.appendingPathComponent("docs"))
        let r = ScenarioRunner().run(script, configuration: config, on: host)
        var printed = r.expectations.filter { !$0.passed }.map { $0.message(file: file) }
        if let f = r.failure { printed.append(f.description) }
        #expect(printed == (e.errors ?? []), "\(e.name):\n\(printed.joined(separator: "\n"))")
    }
}
