import Testing
import SimCore
import ChatUI
import EmojiSimIO
@testable import Scenario
import Tester
import ChatHarness

/// A script's targets are `Finder`s: the parser reads `Finder.description` back, the
/// printer writes it, and the runner aims through the Tester with the scripts' errors.
@Suite struct ScriptFinderTests {
    private func parse(_ s: String) throws -> Script { try ScriptParser.parse(s, name: "t.scenario") }

    private func error(_ s: String) -> String? {
        do {
            _ = try ScriptParser.parse(s, name: "t.scenario")
            return nil
        } catch {
            return error.errors.map(\.description).joined(separator: "\n")
        }
    }

    private func run(_ text: String) throws -> ScenarioResult {
        let script = try ScriptParser.parse(text, name: "t.scenario")
        let host = ScenarioHosting.makeScreen(ScenarioConfiguration(script: script), assets: .demo)
        return ScenarioRunner().run(script, configuration: ScenarioConfiguration(script: script), on: host)
    }

    @Test func theNewWordsParseToFinders() throws {
        let s = try parse("""
        tap panel.dot 1
        long-press panel.skin-tone 2 for 300ms
        tap panel.search
        tap text "你好"
        tap label "微笑" first
        tap label "微笑" nth 2
        tap label "微笑" within panel
        tap label "微笑" within panel nth 1
        tap view InputBar.send nth 0 within list first
        """)
        #expect(s.commands.map(\.value) == [
            .action(.tap(.pageDot(1))),
            .action(.longPress(.skinTone(2), duration: .milliseconds(300))),
            .action(.tap(.searchField)),
            .action(.tap(.text("你好"))),
            .action(.tap(.first(.label("微笑")))),
            .action(.tap(.nth(.label("微笑"), 2))),
            .action(.tap(.within(.label("微笑"), .panel))),
            .action(.tap(.nth(.within(.label("微笑"), .panel), 1))),
            .action(.tap(.first(.within(.nth(.view("InputBar.send"), 0), .list)))),
        ])
    }

    /// Every kind and modifier prints as the parser reads it, strings with quotes,
    /// escapes and spaces included.
    @Test func everyFinderRoundTrips() throws {
        let plain: [Finder] = [
            .input, .inputAt(3), .selectionHandle(.start), .selectionHandle(.end), .toggle, .send, .list,
            .outside, .panel, .delete, .emoji("笑哭"), .emoji("a b"), .emoji("#1"), .cell(row: 1, column: 2),
            .tab(.index(0)), .tab(.name("经典")), .tab(.name("say \"hi\"")), .pageDot(0), .pageDot(4),
            .skinTone(5), .searchField, .row(7), .point(Point(x: 12.5, y: 300)), .label("微笑"),
            .label("a\tb\\c"), .view("InputBar.send"), .view("odd name"), .text("Hi "), .text(""),
        ]
        var all = plain
        for f in plain {
            all += [.first(f), .nth(f, 3), .within(f, .panel), .nth(.within(f, .list), 1),
                    .within(.first(f), .emoji("笑哭"))]
        }
        for f in all {
            for a: Script.Action in [.tap(f), .swipe(f, .left, distance: 80, velocity: nil), .drag(f, dx: 1, dy: -2, over: nil)] {
                let line = ScriptPrinter.line(.action(a))
                let back = try parse(line).commands.map(\.value)
                #expect(back == [.action(a)], "\(line)")
            }
        }
    }

    @Test(arguments: [
        ("tap label \"a\" nth", "t.scenario:1:18: error: expected a match index at the end of the line"),
        ("tap label \"a\" nth x", "t.scenario:1:19: error: expected a match index (a whole number), found 'x'"),
        ("tap label \"a\" within", "t.scenario:1:21: error: expected a target to look within at the end of the line"),
        ("tap label \"a\" within nowhere", "t.scenario:1:22: error: unknown target 'nowhere' (input, input at N, input.handle start|end, toggle, send, list, outside, panel, panel.delete, panel.emoji, panel.cell, panel.tab, panel.dot, panel.skin-tone, panel.search, list.row, label \"text\", view NAME, text \"text\" or X,Y)"),
        ("tap panel.dot", "t.scenario:1:14: error: expected a page dot index at the end of the line"),
        ("tap panel.skin-tone -1", "t.scenario:1:21: error: a skin-tone item index must be between 0 and 10000, found -1"),
        ("tap text hello", "t.scenario:1:10: error: expected the drawn text in double quotes, found 'hello'"),
        ("tap panel first first first first first first first first first", "t.scenario:1:59: error: a target takes at most 8 modifiers (first, nth N, within T)"),
    ])
    func badTargetsAreErrorsAtTheirColumn(_ line: String, _ message: String) {
        #expect(error(line) == message)
    }

    /// The runner aims through `Tester.aim`: the scripts' error texts, the script's
    /// catalog named for an unknown emoji, the facts of a miss.
    @Test func theRunnerKeepsTheScriptErrors() throws {
        let head = "device iphone8\nconversation empty\ntap toggle\n"
        #expect(try run(head + "tap panel.emoji nope").failure?.description
                == "t.scenario:4:1: error: tap panel.emoji nope: no emoji with code 'nope' in catalog 'demo'")
        #expect(try run(head + "tap panel.skin-tone 0").failure?.description
                == "t.scenario:4:1: error: tap panel.skin-tone 0: no skin-tone picker is open (long-press an emoji with skin tones)")
        #expect(try run(head + "tap label \"nothing like this\"").failure?.description
                == "t.scenario:4:1: error: tap label \"nothing like this\": nothing drawn has the accessibility label \"nothing like this\"")
        #expect(try run("device iphone8\ntap send").failure?.description
                == "t.scenario:2:1: error: tap send: disabled (the input is empty)")
        #expect(try run("device iphone8\ntap 500,10").failure?.description
                == "t.scenario:2:1: error: tap 500,10: point (500, 10) is outside the 375x667 screen")
    }

    /// Modifiers narrow in scripts as in Swift: the first tab, a tab within the panel.
    @Test func modifiersAimInScripts() throws {
        let r = try run("""
        device iphone8
        conversation empty
        tap toggle
        tap panel.tab 1 within panel first
        expect panel.group 1
        tap panel.tab 0 nth 0
        expect panel.group 0
        """)
        #expect(r.failure == nil)
        #expect(r.passed)
    }

    // MARK: expectations of a target

    @Test func targetExpectationsParse() throws {
        let s = try parse("""
        expect panel.dot 1 selected
        expect label "微笑" within panel count 2
        expect list.row 3 text "Hi [笑哭]"
        expect send visible
        expect send enabled
        expect input "Hi"
        expect input text "Hi"
        expect input at 2 hidden
        expect panel.emoji 笑哭 nth 0 absent
        expect 10,20 exists
        """)
        #expect(s.commands.map(\.value) == [
            .expect(.finder(.pageDot(1), .selected)),
            .expect(.finder(.within(.label("微笑"), .panel), .count(2))),
            .expect(.finder(.row(3), .text("Hi [笑哭]"))),
            .expect(.finder(.send, .visible)),
            .expect(.sendEnabled(true)),
            .expect(.input("Hi")),
            .expect(.finder(.input, .text("Hi"))),
            .expect(.finder(.inputAt(2), .hidden)),
            .expect(.finder(.nth(.emoji("笑哭"), 0), .absent)),
            .expect(.finder(.point(Point(x: 10, y: 20)), .exists)),
        ])
    }

    /// Every target with every expectation prints as the parser reads it (except `send
    /// enabled|disabled`, which is the state's `expect send`).
    @Test func targetExpectationsRoundTrip() throws {
        let targets: [Finder] = [
            .input, .inputAt(0), .selectionHandle(.end), .toggle, .send, .list, .panel, .delete,
            .emoji("a \"b\""), .cell(row: 0, column: 1), .tab(.name("经典")), .pageDot(2), .skinTone(1),
            .searchField, .row(4), .label("x"), .view("InputBar.send"), .text("t\n"),
            .first(.label("y")), .nth(.within(.text("z"), .list), 3),
        ]
        let all: [FinderExpectation] = FinderExpectation.words.compactMap { FinderExpectation(word: $0) }
            + [.count(0), .count(12), .text(""), .text("Hi \"there\"\t")]
        for t in targets {
            for x in all where !(t == .send && (x == .enabled || x == .disabled)) {
                let e = Script.Expectation.finder(t, x)
                let line = ScriptPrinter.line(.expect(e))
                #expect(try parse(line).commands.map(\.value) == [.expect(e)], "\(line)")
            }
        }
    }

    @Test(arguments: [
        ("expect panel.dot 1", "t.scenario:1:19: error: expected visible|hidden|exists|absent|enabled|disabled|selected, count N or text \"…\" after the target at the end of the line"),
        ("expect panel.dot 1 shown", "t.scenario:1:20: error: expected visible|hidden|exists|absent|enabled|disabled|selected, count N or text \"…\" after the target, found 'shown'"),
        ("expect panel.dot 1 \"x\"", "t.scenario:1:20: error: expected visible|hidden|exists|absent|enabled|disabled|selected, count N or text \"…\" after the target, found a string"),
        ("expect label \"a\" count", "t.scenario:1:23: error: expected a match count at the end of the line"),
        ("expect label \"a\" count -2", "t.scenario:1:24: error: a match count must be between 0 and 10000, found -2"),
        ("expect list.row 2 text hi", "t.scenario:1:24: error: expected the expected text in double quotes, found 'hi'"),
        ("expect panel.dot x visible", "t.scenario:1:18: error: expected a page dot index (a whole number), found 'x'"),
        ("expect label \"a\" visible now", "t.scenario:1:26: error: unexpected 'now' at the end of the command"),
    ])
    func badTargetExpectationsAreErrorsAtTheirColumn(_ line: String, _ message: String) {
        #expect(error(line) == message)
    }

    /// A script's target expectation fails with the words of the Swift test's
    /// `tester.expect` (`ExpectationFailure`), naming the target and what was found.
    @Test func targetExpectationsFailAsTheTesterDoes() throws {
        let text = "device iphone8\nconversation empty\ntap toggle\nexpect panel.tab 1 selected\nexpect send visible"
        let r = try run(text)
        #expect(r.expectations.count == 2)
        #expect(r.expectations[0].message(file: "t.scenario")
                == "t.scenario:4:1: error: expected panel.tab 1 selected, found not selected")
        #expect(r.expectations[1].passed)
        let script = try parse(text)
        let screen = ScenarioHosting.makeScreen(ScenarioConfiguration(script: script), assets: .demo)
        let tester = Tester(screen)
        try tester.tap(.toggle)
        #expect(throws: ExpectationFailure.self) { try tester.expect(.tab(.index(1)), .selected) }
        do { try tester.expect(.tab(.index(1)), .selected) } catch {
            #expect("error: \(error)" == "error: expected panel.tab 1 selected, found not selected")
        }
    }

    /// `panel.dot N` resolves to the dot PanelRenderer draws (PageDots): the current
    /// one selected, its frame the drawn circle's; a tap turns one page towards it, as
    /// UIPageControl does (one page, however far the dot).
    @Test func pageDotsResolveWhereTheyAreDrawn() throws {
        let r = try run("""
        device iphone8
        conversation empty
        tap toggle
        expect panel.dot 0 selected
        expect panel.dot 1 visible
        expect panel.dot 1 count 1
        swipe panel left
        expect panel.dot 1 selected
        expect panel.dot 0 exists
        expect panel.dot 0 hidden
        expect panel.dot 3 absent
        tap panel.dot 0
        expect panel.dot 0 selected
        tap panel.dot 2
        expect panel.dot 1 selected
        expect panel.page 1
        tap panel.dot 1
        expect panel.page 1
        """)
        #expect(r.expectations.filter { !$0.passed }.map { $0.message(file: "t.scenario") } == [
            "t.scenario:10:1: error: expected panel.dot 0 hidden, found visible",
        ])
        #expect(r.failure == nil)
        // Each page turn is the panel's programmatic, animated page change.
        #expect(r.trace.contains { $0.hasSuffix("panel setContentOffset x=0 animated=true") })
        #expect(r.trace.contains { $0.hasSuffix("panel didEndScrollingAnimation offset=0") })
        let script = try parse("device iphone8\nconversation empty")
        let screen = ScenarioHosting.makeScreen(ScenarioConfiguration(script: script), assets: .demo)
        let tester = Tester(screen)
        try tester.tap(.toggle)
        _ = tester.check(.panel, .visible)
        let drawn = try #require(screen.resolve(.label("Page 1 of 3")).found)
        let found = try #require(screen.resolve(.pageDot(0)).found)
        #expect(found.isSelected == true)
        #expect(found.frame == drawn.frame)
        #expect(screen.resolve(.pageDot(1)).found.map { $0.frame.minX - found.frame.minX } == PageDots.pitch)
    }
}
