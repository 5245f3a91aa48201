import Testing
import SimCore
import ChatUI
import EmojiSimIO
@testable import Scenario

/// `expect trace "…"`, `expect trace "…" count N` and `expect no trace "…"`: their
/// window (the lines since the last trace expectation that consumed any), their
/// messages and their spelling.
@Suite struct TraceExpectationTests {
    func run(_ text: String, host: TestHost = TestHost()) throws -> ScenarioResult {
        let script = try ScriptParser.parse(text, name: "t.scenario")
        return ScenarioRunner().run(script, configuration: ScenarioConfiguration(script: script), on: host)
    }

    @Test func theyParseAndPrintInTheirOwnSpelling() throws {
        let text = """
        expect trace "a"
        expect trace "b \\"q\\"" count 0
        expect trace "c" count 12
        expect no trace "panel didSelect"
        """
        let s = try ScriptParser.parse(text)
        #expect(s.commands.map { $0.value } == [
            .expect(.trace("a")), .expect(.traceCount("b \"q\"", 0)), .expect(.traceCount("c", 12)),
            .expect(.noTrace("panel didSelect")),
        ])
        #expect(ScriptPrinter.print(s) == text + "\n")
    }

    @Test func badSpellingsAreErrorsAtTheirColumn() {
        func error(_ line: String) -> String? {
            do throws(ScriptParseErrors) { _ = try ScriptParser.parse(line, name: "t"); return nil } catch {
                return error.errors.first?.description
            }
        }
        #expect(error("expect no panel") == "t:1:11: error: expected 'trace' after 'expect no' (expect no trace \"substring\"), found 'panel'")
        #expect(error("expect no trace") == "t:1:16: error: expected a substring no trace line may contain at the end of the line")
        #expect(error("expect no trace \"\"") == "t:1:17: error: expect no trace \"\" can never hold (every line contains the empty string)")
        #expect(error("expect trace \"x\" count") == "t:1:23: error: expected a line count at the end of the line")
        #expect(error("expect trace \"x\" count two") == "t:1:24: error: expected a line count (a whole number), found 'two'")
        #expect(error("expect trace \"x\" count 10001") == "t:1:24: error: a line count must be between 0 and 10000, found 10001")
        #expect(error("expect trace \"x\" times 2") == "t:1:18: error: unexpected 'times' at the end of the command")
    }

    /// Each tap traces `test touch phase=began` and `phase=ended` (TestHost).
    @Test func countCountsTheWindowAndConsumesThroughTheLastMatch() throws {
        let r = try run("""
        tap input
        tap input
        expect trace "phase=began" count 2
        expect trace "phase=ended"
        tap input
        expect trace "phase=began" count 1
        expect trace "phase=" count 1
        """)
        // Line 4 sees the second tap's end (line 3 consumed through the second began);
        // line 7 sees only the third tap's end.
        #expect(r.expectations.map { $0.passed } == [true, true, true, true])
    }

    @Test func noTraceLooksAtTheWindowAndLeavesIt() throws {
        let r = try run("""
        tap input
        expect trace "phase=began"
        expect no trace "phase=began"
        expect no trace "phase=ended"
        expect trace "phase=ended"
        """)
        #expect(r.expectations.map { $0.passed } == [true, true, false, true])
        #expect(r.expectations[2].message(file: "t.scenario")
                == "t.scenario:4:1: error: expected no trace \"phase=ended\" since line 2's expect trace, found 1 line: 0.080s test touch phase=ended")
    }

    @Test func failuresSayWhatWasFoundAndSinceWhen() throws {
        let r = try run("""
        tap input
        tap input
        tap input
        tap input
        expect trace "phase=" count 3
        expect trace "phase=began" count 5
        expect trace "nothing" count 1
        """)
        #expect(r.expectations.map { $0.passed } == [false, false, false])
        #expect(r.expectations[0].message(file: "t.scenario") == "t.scenario:5:1: error: expected trace \"phase=\" count 3 since the start, found 8 lines: 0.000s test touch phase=began | 0.080s test touch phase=ended | 0.080s test touch phase=began | and 5 more")
        #expect(r.expectations[1].actual == "4 lines: 0.000s test touch phase=began | 0.080s test touch phase=began | 0.160s test touch phase=began | and 1 more")
        #expect(r.expectations[2].actual == "no such line")
    }

    /// A failed count consumes nothing, so the next line is not judged on a window the
    /// failure moved.
    @Test func aFailedCountLeavesTheWindow() throws {
        let r = try run("""
        tap input
        expect trace "phase=began" count 2
        expect trace "phase=began" count 1
        """)
        #expect(r.expectations.map { $0.passed } == [false, true])
    }

    /// On the real screen: one emoji tap, then what the docs' example promises.
    @Test func onTheChatScreen() throws {
        let text = """
        tap toggle
        tap panel.emoji 微笑
        expect trace "inputBar textChanged" count 1
        expect no trace "inputBar didSend"
        tap panel.emoji 笑哭
        expect trace "panel didSelect" count 1
        """
        let script = try ScriptParser.parse(text, name: "t.scenario")
        let config = ScenarioConfiguration(script: script)
        let screen = ScenarioHosting.makeScreen(config, assets: .demo)
        let r = ScenarioRunner().run(script, configuration: config, on: screen)
        #expect(r.failure == nil)
        #expect(r.expectations.map { $0.passed } == [true, true, true], "\(r.expectations.map { $0.message(file: "t") })")
    }
}

/// `expect input` is the view's text exactly; `expect outgoing` what send would transmit.
@Suite struct InputExpectationTests {
    func run(_ text: String) throws -> ScenarioResult {
        let script = try ScriptParser.parse(text, name: "t.scenario")
        let config = ScenarioConfiguration(script: script)
        return ScenarioRunner().run(script, configuration: config, on: ScenarioHosting.makeScreen(config, assets: .demo))
    }

    @Test func theyParseAndPrint() throws {
        let text = "expect input \" a \"\nexpect outgoing \"a\"\nexpect outgoing none\nexpect outgoing \"none\""
        let s = try ScriptParser.parse(text)
        #expect(s.commands.map { $0.value } == [.expect(.input(" a ")), .expect(.outgoing("a")), .expect(.outgoing(nil)),
                                                .expect(.outgoing("none"))])
        #expect(ScriptPrinter.print(s) == text + "\n")
        do throws(ScriptParseErrors) { _ = try ScriptParser.parse("expect outgoing nothing", name: "t"); Issue.record("parsed") } catch {
            #expect(error.description == "t:1:17: error: expected the text send would transmit in double quotes, or none, found 'nothing'")
        }
    }

    /// The issue's case: `type "Hi "` then `expect input "Hi "` found `"Hi"`.
    @Test func trailingSpacesAreInTheInputNotInWhatIsSent() throws {
        let r = try run("tap input\ntype \"Hi \"\nexpect input \"Hi \"\nexpect outgoing \"Hi\"\nexpect input \"Hi\"\ntype \"\\n\"\nexpect list.last \"Hi\"")
        #expect(r.failure == nil)
        #expect(r.expectations.map { $0.passed } == [true, true, false, true])
        #expect(r.expectations[2].actual == "input \"Hi \" (\"Hi\" is what send would transmit: expect outgoing \"Hi\")")
    }

    @Test func blankAndEmptyInputsSendNothing() throws {
        let r = try run("tap input\nexpect outgoing none\ntype \"   \"\nexpect input \"   \"\nexpect outgoing none\nexpect outgoing \"\"")
        #expect(r.failure == nil)
        #expect(r.expectations.map { $0.passed } == [true, true, true, false])
        #expect(r.expectations[0].actual == "outgoing none (send is disabled: the input is empty)")
        #expect(r.expectations[3].actual == "outgoing none (send is disabled: the input is blank)")
    }
}
