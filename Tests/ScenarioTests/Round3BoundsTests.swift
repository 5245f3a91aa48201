import Testing
import SimCore
import EmojiText
@testable import Scenario

/// Issue 47, items 12, 14 and 16: a search query's bound, trace expectations that read
/// each new trace line once per needle, and failure messages bounded in what they
/// quote and in how many are described.
@Suite struct Round3BoundsTests {
    func run(_ text: String, host: TestHost = TestHost()) throws -> ScenarioResult {
        let script = try ScriptParser.parse(text, name: "t.scenario")
        return ScenarioRunner().run(script, configuration: ScenarioConfiguration(script: script), on: host)
    }

    func parseError(_ text: String) -> String? {
        do throws(ScriptParseErrors) { _ = try ScriptParser.parse(text, name: "t"); return nil } catch {
            return error.errors.first?.description
        }
    }

    // MARK: item 12

    @Test("item 12: a search query longer than the bound is a parse error at its column")
    func searchQueryBound() {
        let max = EmojiCatalog.maxSearchQueryBytes
        #expect(parseError("search \"" + String(repeating: "a", count: max) + "\"") == nil)
        #expect(parseError("search \"" + String(repeating: "a", count: max + 1) + "\"")
                == "t:1:8: error: a search query is at most \(max) UTF-8 bytes (this one is \(max + 1))")
        // Bytes, not characters: 86 CJK characters are 258 bytes.
        #expect(parseError("search \"" + String(repeating: "笑", count: 86) + "\"")?.contains("(this one is 258)") == true)
        #expect(parseError("search clear") == nil)
    }

    // MARK: item 14

    @Test("item 14: expect no trace over a long window reads each line once, not once per expectation")
    func noTraceReadsNewLinesOnly() {
        let host = TestHost()
        let driver = ScenarioDriver(host: host)
        for i in 0..<5_000 { host.trace.record(.zero, "test", "receive", ("n", String(i))) }
        for _ in 0..<200 { #expect(driver.expect(.noTrace("zzz")).passed) }
        #expect(driver.traceMatches.linesRead == 5_000)
        host.trace.record(.zero, "test", "zzz")
        let failed = driver.expect(.noTrace("zzz"))
        #expect(!failed.passed && failed.actual == "1 line: 0.000s test zzz")
        #expect(driver.traceMatches.linesRead == 5_001)
        // Counting and finding reuse the same reading.
        #expect(driver.expect(.traceCount("receive", 5_000)).passed)
        #expect(driver.traceMatches.linesRead == 10_002)   // a second needle reads the window (5,001 lines) once
        #expect(driver.expect(.trace("zzz")).passed)        // consumed through line 5,000
        for i in 0..<10 { host.trace.record(.zero, "test", "receive", ("n", String(i))) }
        for _ in 0..<100 { #expect(driver.expect(.noTrace("zzz")).passed) }
        #expect(driver.expect(.traceCount("receive", 10)).passed)
        #expect(driver.traceMatches.linesRead == 10_022)   // the 10 new lines, once for each needle
    }

    @Test("item 14: the kept matches answer as a fresh scan of the window would, in every order")
    func keptMatchesAgreeWithAFreshScan() {
        let needles = ["a", "b", "ab", "x=1", "zzz", "test"]
        var rng = SeededRandom(seed: 14)
        for round in 0..<40 {
            let kept = TestHost(), fresh = TestHost()
            let a = ScenarioDriver(host: kept), b = ScenarioDriver(host: fresh)
            for step in 0..<150 {
                if rng.bool(probability: 0.5) {
                    let name = ["a", "b", "ab", "ba", "c"][rng.int(in: 0..<5)]
                    let x = String(rng.int(in: 0...2))
                    kept.trace.record(.zero, "test", name, ("x", x))
                    fresh.trace.record(.zero, "test", name, ("x", x))
                    continue
                }
                let needle = needles[rng.int(in: 0..<needles.count)]
                let e: Script.Expectation
                switch rng.int(in: 0..<3) {
                case 0: e = .trace(needle)
                case 1: e = .traceCount(needle, rng.int(in: 0...4))
                default: e = .noTrace(needle)
                }
                b.traceMatches = TraceMatchIndex()
                #expect(a.expect(e) == b.expect(e), "round \(round) step \(step) \(e)")
                #expect(a.traceCursor == b.traceCursor)
            }
        }
    }

    // MARK: item 16

    @Test("item 16: a failure quotes the ends of a long input, and only the first 100 failures are described")
    func failuresAreBounded() throws {
        let host = TestHost()
        host.facts.input = String(repeating: "\u{202E}", count: 10_000)
        let r = try run(String(repeating: "expect input \"\"\n", count: 300), host: host)
        #expect(r.expectations.count == 300 && r.failureCount == 300 && !r.passed)
        let described = r.expectations.filter { !$0.passed && !$0.detailsOmitted }
        #expect(described.count == ScenarioResult.maxDescribedFailures)
        // 100 escaped characters at each end (8 bytes each), not 10,000.
        #expect(described.allSatisfy { $0.actual.utf8.count < 2_000 }, "\(described.first?.actual.utf8.count ?? 0)")
        #expect(described[0].actual.hasPrefix("input \"" + String(repeating: "\\u{202E}", count: 100) + "\"..29400..\""))
        let omitted = r.expectations.filter(\.detailsOmitted)
        #expect(omitted.count == 200 && omitted.allSatisfy { $0.actual.isEmpty && !$0.passed })
        let messages = r.failureMessages(file: "t.scenario")
        #expect(messages.count == 101)
        #expect(messages[0].message.hasPrefix("t.scenario:1:1: error: expected input \"\", found input \"\\u{202E}"))
        #expect(!messages[0].message.contains("differs"))   // visible at the start: no hint
        #expect(messages.last?.message
                == "t.scenario:101:1: error: ... and 200 more failed expectations (lines 101-300); only the first 100 are described")
        #expect(messages.reduce(0) { $0 + $1.message.utf8.count } < 250_000)
    }

    @Test("item 16: two long texts that differ in the middle say where")
    func longTextsSayWhereTheyPart() throws {
        let host = TestHost()
        let base = String(repeating: "a", count: 2_000)
        host.facts.input = base + "b" + base
        let r = try run("expect input \"" + base + "c" + base + "\"\n", host: host)
        #expect(r.expectations.first?.actual.hasSuffix(" (differs from the expected text at character 2000)") == true)
        #expect((r.expectations.first?.actual.utf8.count ?? .max) < 400)
    }
}
