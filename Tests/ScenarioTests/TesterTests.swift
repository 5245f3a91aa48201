import Testing
import SimCore
import Interaction
import ChatUI
import EmojiSimIO
@testable import Scenario
import Tester
import ChatHarness

/// The Tester through scripts on the real screen: auto timing, manual timing's
/// warnings, actionability errors, finders, swipe start points, idle waits.
@Suite struct TesterTests {
    func screen(_ script: Script) -> Host<ChatScreen> {
        ScenarioHosting.makeScreen(ScenarioConfiguration(script: script), assets: .demo)
    }

    func run(_ text: String) throws -> (ScenarioResult, Host<ChatScreen>) {
        let script = try ScriptParser.parse(text, name: "t.scenario")
        let host = screen(script)
        return (ScenarioRunner().run(script, configuration: ScenarioConfiguration(script: script), on: host), host)
    }

    func failure(_ text: String) throws -> String? { try run(text).0.failure?.description }

    // MARK: auto timing

    @Test func actionsRightAfterAnAnimationWaitForIdle() throws {
        let (r, host) = try run("""
        device iphone8
        conversation empty
        tap input
        type "hi"
        tap send
        expect list.last "hi"
        tap toggle
        expect keyboard emoji
        swipe panel left
        expect panel.page 1 of 3
        """)
        #expect(r.failure == nil)
        #expect(r.passed, "\(r.expectations.filter { !$0.passed }.map { $0.message(file: "t") })")
        #expect(host.isSettled)
    }

    @Test func manualTimingWarnsWhenTheTargetMovesAwayAndGoesOn() throws {
        // The emoji keyboard is still sliding up: the key moves under the 80 ms tap.
        let (r, _) = try run("""
        device iphone8
        conversation empty
        timing manual
        tap toggle
        wait 80ms
        tap panel.emoji 笑哭
        expect keyboard emoji
        """)
        #expect(r.failure == nil)
        #expect(r.passed)
        let w = try #require(r.warnings.first)
        #expect(w.line == 6)
        #expect(w.message.hasPrefix("tap panel.emoji 笑哭 (line 6): the panel.emoji 笑哭 moved "))
        #expect(w.message.hasSuffix(" pt under the finger and the touch ended outside it"))
        #expect(r.trace.contains { $0.contains("tester warning line=6") })
    }

    @Test func manualTimingWarnsThatTheMovingBarIgnoresATouch() throws {
        // UIKit passes no touches to a view while it animates (no .allowUserInteraction):
        // the bar says so in the trace and the runner warns (stderr from the CLI).
        let (r, host) = try run("""
        device iphone8
        conversation empty
        timing manual
        tap input
        tap toggle
        expect keyboard system
        """)
        #expect(r.failure == nil)
        #expect(r.passed)
        let w = try #require(r.warnings.first)
        #expect(w.line == 5)
        #expect(w.message == "tap toggle (line 5): disabled (the input bar is animating and takes no touches until it stops); the touch did nothing")
        #expect(r.trace.contains { $0.contains("inputBar touchIgnored at=") && $0.hasSuffix(" reason=animating") })
        #expect(!r.trace.contains { $0.contains("component=none") })
        #expect(host.keyboard == .system)
    }

    @Test func autoTimingWaitsForTheBarInsteadOfTouchingItWhileItMoves() throws {
        let (r, host) = try run("""
        device iphone8
        conversation empty
        tap input
        tap toggle
        expect keyboard emoji
        """)
        #expect(r.failure == nil && r.passed && r.warnings.isEmpty)
        #expect(!r.trace.contains { $0.contains("touchIgnored") })
        #expect(host.keyboard == .emoji)
    }

    @Test func autoTimingNeverAdvancesWhileAFingerIsDown() throws {
        let (r, host) = try run("""
        device iphone8
        conversation empty
        set longpress.duration 300ms
        tap toggle
        press panel.cell 0 0
        expect preview none
        wait 400ms
        expect preview 微笑
        release
        """)
        #expect(r.passed, "\(r.expectations.filter { !$0.passed }.map { $0.message(file: "t") })")
        #expect(host.panelPreview == nil)
    }

    @Test func notIdleInTimeNamesWhatStillMoves() throws {
        let t = Tester(screen(try ScriptParser.parse("conversation empty")), timing: .auto)
        try t.tap(at: Point(x: 30, y: 640))       // the toggle of an iPhone 8: the panel slides up
        #expect(!t.subject.motion.isEmpty)
        #expect(throws: TesterError.notIdle(after: .milliseconds(16), moving: ["the keyboard slides (none -> emoji)"])) {
            try t.pumpUntilIdle(limit: .milliseconds(16))
        }
        let report = try t.pumpUntilIdle()
        #expect(report.isIdle && report.frames > 5)
    }

    // MARK: idle waits

    @Test func aHostThatNeedsNoFramesRunsNoneWhileIdle() throws {
        // No GIFs, nothing moving: the host's link is stopped, and an idle hour jumps
        // from timer to timer with no frame at all, as frame-by-frame time would leave it.
        let script = try ScriptParser.parse("conversation empty")
        let a = screen(script), b = screen(script)
        try Tester(a, timing: .manual).pumpUntilIdle()
        try Tester(b, timing: .manual).pumpUntilIdle()
        #expect(!a.displayLink.isRunning)
        let frames = a.displayLink.frameCount
        let report = Tester(a, timing: .manual).pump(.seconds(3600))
        #expect(report.frames == 0 && a.displayLink.frameCount == frames && report.elapsed == .seconds(3600))
        b.clock.advance(by: .seconds(3600))
        #expect(a.state == b.state && a.trace.lines == b.trace.lines)
    }

    @Test func anIdleHourCostsItsTimersNotItsFrames() throws {
        let script = try ScriptParser.parse("conversation demo")
        let a = screen(script), b = screen(script)
        let tester = Tester(a, timing: .manual)
        try tester.pumpUntilIdle()
        try Tester(b, timing: .manual).pumpUntilIdle()
        #expect(a.clock.now == b.clock.now)
        let report = tester.pump(.seconds(20))
        #expect(report.frames <= 2, "\(report)")
        #expect(report.elapsed == .seconds(20))
        b.clock.advance(by: .seconds(20))  // every frame
        #expect(a.clock.now == b.clock.now)
        #expect(a.displayList() == b.displayList())
        #expect(a.state == b.state)
    }

    @Test func manyLongWaitsRunFast() throws {
        let text = "conversation demo\n" + String(repeating: "wait 3600s\n", count: 2_000)
        let (r, _) = try run(text)
        #expect(r.failure == nil)
        #expect(r.duration == .seconds(3600 * 2_000))
    }

    // MARK: actionability

    @Test(arguments: [
        ("tap send", "t.scenario:3:1: error: tap send: disabled (the input is empty)"),
        ("tap toggle\ntap panel.emoji 不存在", "t.scenario:4:1: error: tap panel.emoji 不存在: no emoji with code '不存在' in catalog 'demo'"),
        ("tap toggle\ntap panel.tab \"Seed\"\ntap panel.emoji 微笑",
         "t.scenario:5:1: error: tap panel.emoji 微笑: it is on page 0 of group 经典; the panel shows page 0 of group Seed"),
        ("tap toggle\nswipe panel left\ntap panel.emoji 微笑", "t.scenario:5:1: error: tap panel.emoji 微笑: it is on page 0 of group 经典; the panel shows page 1"),
        ("tap panel.delete", "t.scenario:3:1: error: tap panel.delete: the emoji keyboard is not shown (keyboard: none)"),
        // The keyboard by name (its rawValue): an interpolated enum prints as "(cannot print
        // value in embedded Swift)" in the wasm build (Tools/wasm/compare.sh --messages).
        ("tap input\ntap panel.cell 0 0", "t.scenario:4:1: error: tap panel.cell 0 0: the emoji keyboard is not shown (keyboard: system)"),
        ("tap toggle\ntap panel.tab \"Nope\"", "t.scenario:4:1: error: tap panel.tab \"Nope\": no tab named \"Nope\" (tabs: \"经典\", \"Seed\", \"Emoji\")"),
        ("tap toggle\ntap panel.cell 3 0", "t.scenario:4:1: error: tap panel.cell 3 0: the panel has 3 rows and 8 columns (cells 0 0 to 2 7)"),
        ("tap list.row 0", "t.scenario:3:1: error: tap list.row 0: the list has no messages"),
        ("receive \"hi\"\ntap list.row 1", "t.scenario:4:1: error: tap list.row 1: the list has 1 message (row 0)"),
        ("tap toggle\ntap panel.emoji [微笑]",
         "t.scenario:4:1: error: tap panel.emoji [微笑]: no emoji with code '[微笑]'; codes are written without the brackets: panel.emoji 微笑"),
        ("tap label \"nope\"", "t.scenario:3:1: error: tap label \"nope\": nothing drawn has the accessibility label \"nope\""),
        ("tap toggle\nswipe panel left by 600pt",
         "t.scenario:4:1: error: swipe panel left by 600pt: no start point keeps a 600 pt path on the screen (375 pt wide) inside the panel ([0,451 375x216]); use a shorter distance"),
        ("tap toggle\nswipe panel left by 60pt at 4000pt/s",
         "t.scenario:4:1: error: swipe panel left by 60pt at 4000pt/s: at 120 Hz a flick at 4000 pt/s needs at least 100 pt; use a longer distance or a lower speed"),
        ("tap toggle\nswipe panel left by 4000pt",
         "t.scenario:4:1: error: swipe panel left by 4000pt: 4000 pt is more than 10 screens (3750 pt)"),
        // The text view's own targets say which fact is missing.
        ("tap input\ntype \"ab\"\ntap input at 3",
         "t.scenario:5:1: error: tap input at 3: the input has 2 units (positions 0 to 2; an emoji is one unit)"),
        ("tap input.handle start",
         "t.scenario:3:1: error: tap input.handle start: the text view is not first responder, so nothing is selected and there is no handle"),
        ("set input.max-lines 1\ntap input\ntype \"one two three four five six seven eight nine ten eleven\"\ntap input at 0",
         "t.scenario:6:1: error: tap input at 0: position 0 is on a line scrolled out of the text view"),
        ("tap input\ntype \"ab\"\ndrag input.handle end by 8,0",
         "t.scenario:5:1: error: drag input.handle end by 8,0: nothing is selected (the caret is at 2), so there is no handle"),
    ])
    func actionabilityErrorsStateTheFacts(lines: String, expected: String) throws {
        #expect(try failure("device iphone8\nconversation empty\n" + lines) == expected)
    }

    @Test func aBracketedPreviewCodeSaysHowToWriteIt() throws {
        let (r, _) = try run("""
        device iphone8
        conversation empty
        tap toggle
        press panel.emoji 微笑
        wait 900ms
        expect preview [微笑]
        expect preview 微笑
        """)
        #expect(r.expectations.map(\.passed) == [false, true])
        #expect(r.expectations.first?.actual == "preview 微笑 (codes are written without the brackets: expect preview 微笑)")
    }

    @Test func aPreviewCoversTheKeysUnderIt() throws {
        let (r, host) = try run("""
        device iphone8
        conversation empty
        tap toggle
        press panel.cell 1 1
        wait 900ms
        expect preview none
        """)
        #expect(r.expectations.first?.passed == false)  // the preview shows
        guard case .covered(let by, _) = host.resolve(.cell(row: 0, column: 1)) else {
            Issue.record("cell 0 1 is not covered: \(host.resolve(.cell(row: 0, column: 1)))")
            return
        }
        #expect(by == "the preview")
    }

    // MARK: finders

    @Test func findersResolveAgainstWhatIsDrawn() throws {
        let (r, _) = try run("""
        device iphone8
        conversation empty
        tap view InputBar.textView
        type "hey"
        tap view InputBar.send
        expect list.last "hey"
        tap label "Emoji"
        tap label "笑哭"
        expect input "[笑哭]"
        """)
        #expect(r.failure == nil, "\(r.failure.map(\.description) ?? "")")
        #expect(r.passed, "\(r.expectations.filter { !$0.passed }.map { $0.message(file: "t") })")
    }

    // MARK: swipes

    @Test func regionSwipesStartWhereTheWholePathStaysOnScreen() throws {
        let host = TestHost()
        let script = try ScriptParser.parse("swipe panel up by 400pt\nswipe panel down by 150pt", name: "t.scenario")
        let r = ScenarioRunner().run(script, configuration: ScenarioConfiguration(script: script), on: host)
        #expect(r.failure == nil)
        #expect(host.touches.allSatisfy { $0.location.y >= 1 && $0.location.y <= 666 })
        let first = try #require(host.touches.first)
        #expect(first.location.y >= 450)   // inside the panel
    }

    @Test func swipesTravelExactlyTheirDistance() throws {
        for (distance, velocity) in [(100.0, 4000.0), (120, 1000), (333.3, 2500), (40, 1600)] {
            let host = TestHost()
            let script = try ScriptParser.parse("swipe panel up by \(distance)pt at \(velocity)pt/s", name: "t.scenario")
            let r = ScenarioRunner().run(script, configuration: ScenarioConfiguration(script: script), on: host)
            #expect(r.failure == nil)
            let travel = host.touches.first!.location.y - host.touches.last!.location.y
            #expect(abs(travel - distance) < 0.5, "\(distance) at \(velocity): \(travel)")
        }
    }

    @Test func defaultListSwipesStayOnScreen() throws {
        let (r, host) = try run("device iphone8\nconversation demo\nswipe list down\nswipe list up by 400pt at 3000pt/s")
        #expect(r.failure == nil)
        let downs = host.trace.lines.filter { $0.contains("touchDown component=list") }
        #expect(downs.count == 2)
    }

    // MARK: the language

    @Test func timingAndFinderLinesParseAndPrint() throws {
        let s = try ScriptParser.parse("timing manual\ntap label \"笑 哭\"\ntap view InputBar.send\ntiming auto")
        #expect(s.commands.map(\.value) == [
            .action(.timing(.manual)), .action(.tap(.label("笑 哭"))), .action(.tap(.view("InputBar.send"))), .action(.timing(.auto)),
        ])
        #expect(try ScriptParser.parse(ScriptPrinter.print(s)).commands.map(\.value) == s.commands.map(\.value))
        #expect(throws: ScriptParseErrors.self) { try ScriptParser.parse("timing fast") }
    }
}
