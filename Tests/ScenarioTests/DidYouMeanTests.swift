import Testing
@testable import Scenario

/// Did-you-mean in scripts (issue 45 item 3): a mistyped command, target, expectation
/// or setting key names the nearest word the subject's vocabulary knows, where the
/// parser stopped; nothing is suggested when nothing is near.
@Suite struct DidYouMeanTests {
    private func error(_ s: String) -> String {
        do {
            _ = try ScriptParser.parse(s, name: "t.scenario")
            return ""
        } catch {
            return error.errors.map(\.description).joined(separator: "\n")
        }
    }

    @Test func mistypedWordsNameTheNearestOne() {
        #expect(error("tap inptu").hasPrefix("t.scenario:1:5: error: unknown target 'inptu' (did you mean 'input'?) (input, "))
        #expect(error("tap panel.emjoi 笑哭").contains("unknown target 'panel.emjoi' (did you mean 'panel.emoji'?)"))
        #expect(error("tpa send") == "t.scenario:1:1: error: unknown command 'tpa' (did you mean 'tap'?)")
        #expect(error("recieve \"hi\"") == "t.scenario:1:1: error: unknown command 'recieve' (did you mean 'receive'?)")
        #expect(error("catalgo demo") == "t.scenario:1:1: error: unknown command 'catalgo' (did you mean 'catalog'?)")
        #expect(error("expect keybord emoji").hasPrefix("t.scenario:1:8: error: unknown expectation 'keybord' (did you mean 'keyboard'?)"))
        #expect(error("set panel.layuot 8x3").hasPrefix("t.scenario:1:5: error: unknown setting 'panel.layuot' (did you mean 'panel.layout'?)"))
    }

    @Test func aBareWordAfterATextFactIsToldToQuote() {
        // Issue 46 item 5: `expect input 你好` said only "expected visible|hidden|…".
        #expect(error("expect input 你好").hasSuffix("found '你好' (text is quoted: expect input \"你好\")"))
        #expect(error("expect send enabeld").hasSuffix("found 'enabeld' (did you mean 'enabled'?)"))
        #expect(!error("expect panel.dot 1 shown").contains("quoted"))
    }

    @Test func nothingNearSuggestsNothing() {
        #expect(error("frobnicate") == "t.scenario:1:1: error: unknown command 'frobnicate'")
        #expect(!error("tap nowhere").contains("did you mean"))
        #expect(Suggest.nearest(String(repeating: "tap", count: 30), among: ["tap"]) == nil)
    }

    @Test func distanceCountsASwapOnceAndIgnoresASCIICase() {
        #expect(Suggest.distance("tpa", "tap") == 1)
        #expect(Suggest.distance("TAP", "tap") == 0)
        #expect(Suggest.distance("", "abc") == 3)
        #expect(Suggest.distance("kitten", "sitting") == 3)
        #expect(Suggest.distance("笑哭", "哭笑") == 1)
    }
}
