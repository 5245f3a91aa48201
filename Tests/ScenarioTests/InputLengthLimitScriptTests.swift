import Testing
import SimCore
import ChatUI
import EmojiText
import EmojiSimIO
@testable import Scenario

/// Issue 26, item 3: the 971-byte script that doubled the input 34 times (select-all,
/// copy, paste, paste) until the process aborted at 1.8 GB now stops at the text view's
/// default maximum, and the trace says where the paste was cut.
@Suite struct InputLengthLimitScriptTests {
    func run(_ text: String) throws -> (ScenarioResult, Host<ChatScreen>) {
        let script = try ScriptParser.parse(text, name: "t.scenario")
        let host = ScenarioHosting.makeScreen(ScenarioConfiguration(script: script), assets: .demo)
        return (ScenarioRunner().run(script, configuration: ScenarioConfiguration(script: script), on: host), host)
    }

    @Test func doublingTheInputStopsAtTheDefaultMaximum() throws {
        let text = "tap input\ntype \"x\"\n" + String(repeating: "select-all\ncopy\npaste\npaste\n", count: 34)
        let (r, screen) = try run(text)
        #expect(r.failure == nil)
        #expect(screen.inputBar.length == TextEditor.defaultMaximumLength)
        let cuts = r.trace.filter { $0.contains("inputBar textTruncated limit=10000 length=10000") }
        #expect(!cuts.isEmpty)
        // The first cut is the paste that would have passed 10,000 (8,192 + 8,192).
        let first = try #require(r.trace.firstIndex { $0.contains("textTruncated") })
        #expect(r.trace[first...].contains { $0.contains("textChanged") })
        #expect(r.trace.filter { $0.contains("textTruncated") }.count == cuts.count)
    }

    @Test func aScriptsOwnMaximumStillApplies() throws {
        let (r, screen) = try run("set input.max-length 5\ntap input\ntype \"abcdefg\"\nexpect input \"abcde\"\n")
        #expect(r.passed && r.failure == nil)
        #expect(screen.inputBar.length == 5)
        #expect(r.trace.contains { $0.hasSuffix("inputBar textTruncated limit=5 length=5") })
        // Within the limit nothing is traced.
        let (ok, _) = try run("tap input\ntype \"abc\"\n")
        #expect(!ok.trace.contains { $0.contains("textTruncated") })
    }
}
