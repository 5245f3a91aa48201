@testable import emojisim
import EmojiSimIO
import EmojiSimTesting
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Scenario
import Testing

/// A structural check of JUnit XML against Jenkins' junit-10.xsd (jenkinsci/xunit-plugin),
/// the schema CI servers read: which elements may hold which, which attributes each may
/// have and must have, and the SUREFIRE_TIME pattern of suite times. No validator is
/// installed here and CI has no network, so the schema's rules are written out.
enum JUnitSchema {
    struct Rule {
        var attributes: Set<String>
        var required: Set<String>
        var children: Set<String>
        var text: Bool = false
    }

    static let rules: [String: Rule] = [
        "testsuites": Rule(attributes: ["name", "time", "tests", "failures", "errors"], required: [], children: ["testsuite"]),
        "testsuite": Rule(attributes: ["name", "tests", "failures", "errors", "group", "time", "skipped", "timestamp", "hostname",
                                       "id", "package", "file", "log", "url"],
                          required: ["name", "tests", "failures", "errors"],
                          children: ["testsuite", "properties", "testcase", "system-out", "system-err"]),
        "properties": Rule(attributes: [], required: [], children: ["property"]),
        "property": Rule(attributes: ["name", "value"], required: ["name", "value"], children: []),
        "testcase": Rule(attributes: ["name", "time", "classname", "group"], required: ["name"],
                         children: ["skipped", "error", "failure", "rerunFailure", "rerunError", "flakyFailure", "flakyError",
                                    "system-out", "system-err"]),
        "failure": Rule(attributes: ["type", "message"], required: [], children: [], text: true),
        "error": Rule(attributes: ["type", "message"], required: [], children: [], text: true),
        "skipped": Rule(attributes: ["type", "message"], required: [], children: [], text: true),
        "system-out": Rule(attributes: [], required: [], children: [], text: true),
        "system-err": Rule(attributes: [], required: [], children: [], text: true),
    ]

    /// Every violation, as `element: what` (empty: valid).
    static func violations(_ xml: Data) throws -> [String] {
        let doc = try XMLDocument(data: xml)
        guard let root = doc.rootElement() else { return ["no root element"] }
        var out: [String] = []
        if root.name != "testsuites" && root.name != "testsuite" { out.append("root is \(root.name ?? "?")") }
        func check(_ e: XMLElement) {
            let name = e.name ?? ""
            guard let rule = rules[name] else { out.append("\(name): not an element of the schema"); return }
            let attributes = Set((e.attributes ?? []).compactMap(\.name))
            for a in attributes.subtracting(rule.attributes) { out.append("\(name): attribute '\(a)' not allowed") }
            for a in rule.required.subtracting(attributes) { out.append("\(name): required attribute '\(a)' missing") }
            if name == "testsuite" || name == "testsuites", let t = e.attribute(forName: "time")?.stringValue, !isSurefireTime(t) {
                out.append("\(name): time '\(t)' is not SUREFIRE_TIME")
            }
            for child in e.children ?? [] {
                if let c = child as? XMLElement {
                    if !rule.children.contains(c.name ?? "") { out.append("\(name): child <\(c.name ?? "")> not allowed") }
                    check(c)
                } else if child.kind == .text, !rule.text, !(child.stringValue ?? "").allSatisfy(\.isWhitespace) {
                    out.append("\(name): text not allowed")
                }
            }
        }
        check(root)
        return out
    }

    /// `(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?`: digits (optionally grouped by
    /// commas), then an optional fraction.
    static func isSurefireTime(_ s: String) -> Bool {
        let parts = s.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        return whole.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ",") } && fraction.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// Issue 45, item 4: reports written whatever parses, JUnit in the common schema with
/// file, line and CPU time, balanced shards, Bazel's variables, GitHub annotations.
@Suite struct CIReportsTests {
    @Test func theSchemaCheckRefusesWhatJunit10Refuses() throws {
        #expect(try JUnitSchema.violations(Data("<testsuites><testsuite name=\"a\" tests=\"1\" failures=\"0\" errors=\"0\"><testcase name=\"x\"/></testsuite></testsuites>".utf8)).isEmpty)
        // A testcase may have no `file` or `line` (the report before this put `file` there).
        #expect(try JUnitSchema.violations(Data("<testsuites><testsuite name=\"a\" tests=\"1\" failures=\"0\" errors=\"0\"><testcase name=\"x\" file=\"f\" line=\"2\"/></testsuite></testsuites>".utf8)).count == 2)
        #expect(try JUnitSchema.violations(Data("<testsuites><testsuite name=\"a\" tests=\"1\"/></testsuites>".utf8)).count == 2)
        #expect(try JUnitSchema.violations(Data("<testsuites><testsuite name=\"a\" tests=\"1\" failures=\"0\" errors=\"0\" time=\"1s\"/></testsuites>".utf8)).count == 1)
        #expect(JUnitSchema.isSurefireTime("1,234.5") && JUnitSchema.isSurefireTime("0.012") && !JUnitSchema.isSurefireTime("-1"))
    }

    /// One script does not parse: the others still run, and the HTML, JUnit and JSON
    /// reports are all written, the bad script an error at its line in each; exit 2.
    @Test func reportsAreWrittenWhenAScriptDoesNotParse() throws {
        let pkg = try RunCommandTests.Package()
        let good = try pkg.file("flows/good.scenario", "conversation empty\nexpect keyboard none\n")
        let failing = try pkg.file("flows/failing.scenario", "conversation empty\ntap input\nexpect keyboard emoji\n")
        let bad = try pkg.file("flows/bad.scenario", "conversation empty\ntap input\nfrobnicate\n")
        let report = pkg.root.appendingPathComponent("out/report.html"), junit = pkg.root.appendingPathComponent("out/junit.xml")
        let outcome = ScenarioRunSession(options: pkg.options(report: report, junit: junit)).runFiles([good, failing, bad])
        #expect(outcome.status == 2)
        #expect(outcome.verifications.count == 2)
        let xml = try Data(contentsOf: junit)
        #expect(try JUnitSchema.violations(xml) == [])
        let text = String(decoding: xml, as: UTF8.self)
        #expect(text.contains("<testsuites name=\"emojisim\" tests=\"3\" failures=\"1\" errors=\"1\""))
        #expect(text.contains("<testsuite name=\"flows/bad.scenario\" tests=\"1\" failures=\"0\" errors=\"1\""))
        #expect(text.contains("<error message=\"flows/bad.scenario:3:1: error: "))
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("✘ flows/bad.scenario</a>: did not run") && html.contains("flows/bad.scenario:3:1: error:"))
        #expect(html.contains("1 of 3 scripts passed (1 did not run)"))
        let json = try CLIProcess.json(outcome.json)
        #expect(json["passed"] as? Bool == false)
        let unrun = try #require(json["unrun"] as? [[String: Any]])
        #expect(unrun.count == 1 && (unrun[0]["errors"] as? [[String: Any]])?.first?["line"] as? Int == 3)
    }

    @Test func junitCarriesFileLineCPUAndVirtualTime() throws {
        let pkg = try RunCommandTests.Package()
        let good = try pkg.file("flows/good.scenario", "conversation empty\nwait 2000ms\nexpect keyboard none\n")
        let failing = try pkg.file("flows/failing.scenario", "conversation empty\ntap input\nwait 1000ms\nexpect keyboard emoji\n")
        let junit = pkg.root.appendingPathComponent("junit.xml")
        let outcome = try pkg.run([good, failing], pkg.options(junit: junit))
        #expect(outcome.status == 1)
        let xml = try Data(contentsOf: junit)
        #expect(try JUnitSchema.violations(xml) == [])
        let doc = try XMLDocument(data: xml)
        let suites = try doc.nodes(forXPath: "/testsuites/testsuite").compactMap { $0 as? XMLElement }
        #expect(suites.count == 2)
        func property(_ suite: XMLElement, _ name: String) throws -> String? {
            try suite.nodes(forXPath: "properties/property[@name='\(name)']").compactMap { ($0 as? XMLElement)?.attribute(forName: "value")?.stringValue }.first
        }
        let f = try #require(suites.first { $0.attribute(forName: "name")?.stringValue == "flows/failing.scenario" })
        #expect(f.attribute(forName: "file")?.stringValue == "flows/failing.scenario")
        #expect(try property(f, "line") == "4" && property(f, "column") == "1")
        let virtual = try #require(try property(f, "virtualSeconds").flatMap(Double.init))
        #expect(virtual >= 1)
        let cpu = try #require(try property(f, "cpuSeconds").flatMap(Double.init))
        // `time` is the CPU time, not the virtual time (which is over a second).
        let time = try #require(f.attribute(forName: "time")?.stringValue.flatMap(Double.init))
        #expect(time == (cpu * 1000).rounded() / 1000 && time < virtual)
        let g = try #require(suites.first { $0.attribute(forName: "name")?.stringValue == "flows/good.scenario" })
        #expect(try property(g, "line") == nil && property(g, "virtualSeconds") == "2.000")
    }

    /// 30 shards over the 27 example scripts leave no shard with two while one is empty
    /// (the hash partition left 13 empty and others with 3); 4 shards are within one
    /// script of each other; every script is in one shard; input order does not matter.
    @Test func shardsAreBalancedAndStable() throws {
        var scenarios = URL(fileURLWithPath: #filePath)
        while scenarios.lastPathComponent != "Tests" { scenarios.deleteLastPathComponent() }
        let files = try ScenarioFiles.collect([scenarios.appendingPathComponent("Scenarios").path])
        #expect(files.count >= 20)
        for count in [2, 4, 7, 30] {
            let shards = (1...count).map { ScenarioFiles.shard(files, index: $0, of: count) }
            #expect(shards.flatMap { $0 }.map(\.path).sorted() == files.map(\.path).sorted())
            let sizes = shards.map(\.count)
            let mean = Double(files.count) / Double(count)
            if sizes.contains(0) { #expect(sizes.allSatisfy { Double($0) < mean + 2 }, "\(count): \(sizes)") }
            if count < files.count { #expect(!sizes.contains(0), "\(count): \(sizes)") }
            #expect(sizes.max()! <= Int(mean.rounded(.up)) + 2, "\(count): \(sizes)")
            let reversed = (1...count).map { ScenarioFiles.shard(files.reversed(), index: $0, of: count).map(\.path).sorted() }
            #expect(reversed == shards.map { $0.map(\.path).sorted() })
        }
        // By cost: the costliest script alone, the small ones together.
        let urls = (0..<4).map { URL(fileURLWithPath: "/x/s\($0).scenario") }
        let cost: (URL) -> Int = { $0.lastPathComponent == "s0.scenario" ? 3000 : 1000 }
        #expect(ScenarioFiles.assignment(urls, count: 2, cost: cost) == [0, 1, 1, 1])
    }

    @Test func bazelShardingAndXMLOutputAreHonoured() throws {
        let env = try BazelTestEnvironment(["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "2", "XML_OUTPUT_FILE": "/tmp/x.xml"])
        #expect(env.shard?.index == 3 && env.shard?.count == 3 && env.xmlOutputFile?.path == "/tmp/x.xml")
        #expect(throws: UsageError.self) { try BazelTestEnvironment(["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "3"]) }
        #expect(throws: UsageError.self) { try BazelTestEnvironment(["TEST_TOTAL_SHARDS": "3"]) }
        #expect(try BazelTestEnvironment([:]).shard == nil)

        let pkg = try RunCommandTests.Package()
        var urls: [URL] = []
        for i in 0..<4 { urls.append(try pkg.file("suite/s\(i).scenario", "conversation empty\nexpect keyboard none\n")) }
        var seen: [String] = []
        for index in 0..<2 {
            let status = pkg.root.appendingPathComponent("status-\(index)"), xml = pkg.root.appendingPathComponent("test-\(index).xml")
            let code = RunCommand.run([pkg.root.appendingPathComponent("suite").path], environment: [
                "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "\(index)",
                "TEST_SHARD_STATUS_FILE": status.path, "XML_OUTPUT_FILE": xml.path,
            ])
            #expect(code == 0)
            #expect(FileManager.default.fileExists(atPath: status.path), "the status file is touched")
            let data = try Data(contentsOf: xml)
            #expect(try JUnitSchema.violations(data) == [])
            let doc = try XMLDocument(data: data)
            let names = try doc.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
            #expect(names.count == 2)
            seen += names
        }
        #expect(seen.sorted() == ["s0", "s1", "s2", "s3"])
    }

    @Test func githubAnnotationsWhenGitHubActionsIsTrue() throws {
        #expect(GitHubAnnotation.error(file: "a,b:c.scenario", line: 3, column: 5, message: "50% off\nnext") ==
                "::error file=a%2Cb%3Ac.scenario,line=3,col=5::50%25 off%0Anext")
        #expect(GitHubAnnotation.strippingPlace("f.scenario:3:1: error: expected x") == "expected x")
        let pkg = try RunCommandTests.Package()
        try pkg.file("flows/failing.scenario", "conversation empty\ntap input\nexpect keyboard emoji\n")
        try pkg.file("flows/bad.scenario", "conversation empty\n  frobnicate\n")
        let on = try CLIProcess.run(["run", "flows"], environment: ["GITHUB_ACTIONS": "true"], cwd: pkg.root)
        #expect(on.status == 2)
        #expect(on.stdout.contains("::error file=flows/failing.scenario,line=3,col=1::expected keyboard emoji, found keyboard system"), "\(on.stdout)")
        #expect(on.stdout.contains("::error file=flows/bad.scenario,line=2,col=3::"), "\(on.stdout)")
        let off = try CLIProcess.run(["run", "flows"], cwd: pkg.root)
        #expect(!off.stdout.contains("::error"))
    }
}
