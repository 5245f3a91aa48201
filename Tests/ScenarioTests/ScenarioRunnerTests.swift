import Testing
import SimCore
import Interaction
@testable import Scenario

@Suite struct ScenarioRunnerTests {
    func run(_ text: String, host: TestHost = TestHost(), records: Bool = false) throws -> (ScenarioResult, TestHost) {
        let script = try ScriptParser.parse(text, name: "t.scenario")
        let result = ScenarioRunner(records: records).run(script, configuration: ScenarioConfiguration(script: script), on: host)
        return (result, host)
    }

    @Test func tapsArriveAtExactVirtualTimesAtTheTargetCenter() throws {
        let (r, host) = try run("wait 1s\ntap input\ntap 10,20")
        #expect(r.passed)
        #expect(host.touches.map(\.phase) == [.began, .ended, .began, .ended])
        #expect(host.touches[0].timestamp == .zero + .seconds(1))
        #expect(host.touches[1].timestamp == .zero + .milliseconds(1080))
        #expect(host.touches[0].location == Point(x: 165, y: 618))
        #expect(host.touches[2].location == Point(x: 10, y: 20))
        #expect(host.touches[0].id != host.touches[2].id)
        #expect(r.duration == .milliseconds(1160))
    }

    @Test func longPressHoldsExactlyItsDuration() throws {
        let (_, host) = try run("long-press send for 1.5s")
        #expect(host.touches.count == 2)
        #expect(host.touches[1].timestamp - host.touches[0].timestamp == .milliseconds(1500))
    }

    @Test func swipeReleasesAtTheRequestedVelocityAndCoversTheDistance() throws {
        for rate in [60, 120] {
            let (_, host) = try run("set touch.rate \(rate)\nswipe panel left by 200pt at 1500pt/s")
            var tracker = VelocityTracker()
            for t in host.touches { tracker.add(t) }
            #expect(abs(tracker.velocity.x + 1500) < 30, "rate \(rate): \(tracker.velocity)")
            let travel = host.touches.last!.location.x - host.touches.first!.location.x
            #expect(abs(travel + 200) < 30, "rate \(rate): travel \(travel)")
        }
    }

    @Test func dragStopsBeforeLiftingSoNoFling() throws {
        let (_, host) = try run("drag panel by -120,0 over 300ms")
        var tracker = VelocityTracker()
        for t in host.touches { tracker.add(t) }
        #expect(abs(tracker.velocity.x) < 1)
        #expect(host.touches.last!.location.x == host.touches.first!.location.x - 120)
    }

    @Test func pressMoveRelease() throws {
        let (r, host) = try run("press input\nmove send over 100ms\nwait 50ms\nrelease")
        #expect(r.passed)
        #expect(host.touches.first?.phase == .began)
        #expect(host.touches.last?.phase == .ended)
        #expect(host.touches.last?.location == Point(x: 330, y: 618))
        #expect(Set(host.touches.map(\.id)).count == 1)
        let (bad, _) = try run("release")
        #expect(bad.failure?.description == "t.scenario:1:1: error: release needs a finger down (press first)")
        let (twice, _) = try run("press input\ntap send")
        #expect(twice.failure?.description == "t.scenario:2:1: error: a finger is still down from 'press' (release or cancel it first)")
    }

    @Test func targetsOffScreenAndPointsOutsideAreErrors() throws {
        let (a, _) = try run("tap panel.delete")
        #expect(a.failure?.description == "t.scenario:1:1: error: tap panel.delete: panel.delete is not on screen")
        let (b, _) = try run("\n  tap 400,10")
        #expect(b.failure?.description == "t.scenario:2:3: error: tap 400,10: point (400, 10) is outside the 375x667 screen")
    }

    @Test func hostRefusalsStopTheRunWithTheLine() throws {
        let (r, host) = try run("type \"a\"\nwait 1s")
        #expect(r.failure?.description == "t.scenario:1:1: error: typing needs the system keyboard (it is none)")
        #expect(host.clock.now == .zero) // the wait after the failure did not run
    }

    @Test func settleWaitsForTheHostOrTimesOut() throws {
        let host = TestHost()
        host.busyUntil = .zero + .milliseconds(500)
        let (r, _) = try run("settle", host: host)
        #expect(r.passed)
        #expect(host.clock.now >= .zero + .milliseconds(500))
        #expect(host.clock.now < .zero + .milliseconds(500) + .frames(1, at: 60) + .frames(1, at: 60))
        let stuck = TestHost()
        stuck.busyUntil = .zero + .seconds(60)
        let (t, _) = try run("wait 1s\nsettle", host: stuck)
        #expect(t.failure?.description == "t.scenario:2:1: error: did not settle within 10.000s of virtual time (still moving: the test host is busy until 60.000s)")
    }

    @Test func expectationsReportExpectedAndActualAndTheRunGoesOn() throws {
        let host = TestHost()
        host.facts.keyboard = .system
        let (r, _) = try run("expect keyboard emoji\ntype \"你好\"\nexpect input \"你好\"\nexpect send enabled\nexpect list.visible 1..3", host: host)
        #expect(r.failure == nil)
        #expect(r.expectations.map(\.passed) == [false, true, true, false])
        #expect(r.expectations[0].message(file: "t.scenario") == "t.scenario:1:1: error: expected keyboard emoji, found keyboard system")
        #expect(r.expectations[3].message(file: "t.scenario") == "t.scenario:5:1: error: expected list.visible 1..3, found list.visible none")
        #expect(!r.passed)
    }

    @Test func traceExpectationsConsumeLinesInOrder() throws {
        let (r, _) = try run("""
        tap input
        expect trace "phase=began"
        expect trace "phase=ended"
        expect trace "phase=began"
        """)
        #expect(r.expectations.map(\.passed) == [true, true, false])
    }

    @Test func snapshotsRenderEveryFormatDeterministically() throws {
        let text = "snapshot a screen all\nsnapshot b input"
        func small() -> TestHost { let h = TestHost(); h.size = Size(width: 120, height: 64); return h }
        let (r1, _) = try run(text, host: small())
        let (r2, _) = try run(text, host: small())
        #expect(r1.snapshots.map(\.fileName) == ["a.txt", "a.styled.txt", "a.png", "a.ppm", "a.tree.txt", "b.txt", "b.png"])
        #expect(r1.snapshots == r2.snapshots)
        // Runs carry display lists, not encoded bytes: one list per snapshot line.
        #expect(r1.snapshots.allSatisfy { !$0.list.items.isEmpty })
        #expect(r1.snapshots[0].list == r1.snapshots[4].list)
        #expect(r1.snapshots[5].subject == .input)
    }

    @Test func recordingMergesIdenticalFrames() throws {
        let host = TestHost()
        host.size = Size(width: 120, height: 64)
        let (r, _) = try run("wait 2s", host: host, records: true)
        #expect(r.recording.count == 1)
        // The frames add up to exactly the virtual time recorded.
        #expect(r.recording[0].duration == .seconds(2))
    }

    @Test func driverMethodsMatchScriptLines() throws {
        let host = TestHost()
        host.facts.keyboard = .system
        let driver = ScenarioDriver(host: host)
        try driver.tap(.input)
        try driver.type("x")
        #expect(driver.expect(.input("x")).passed)
        #expect(throws: ScriptError.self) { try driver.tap(.delete) }
        #expect(host.performed == [.type("x")])
    }
}

@Suite struct ScriptPrinterTests {
    @Test func printThenParseGivesTheSameCommands() throws {
        let text = """
        device 320x568@2
        theme dark
        catalog plist "a b/e.plist" "m.plist"
        set longpress.duration 250ms
        set panel.layout 7x3
        tap panel.emoji "😄"
        tap panel.emoji f056
        long-press panel.cell 1 2 for 1.5s
        swipe panel left by 120.5pt at 1200pt/s
        drag list by -3.25,40 over 300ms
        type "quote \\" backslash \\\\ newline \\n tab \\t bell \\u{7}"
        compose "ni" commit "你"
        backspace 3
        paste
        search clear
        resize 390x844
        tap input at 3
        double-tap input at 0
        long-press input at 2 for 700ms
        press input at 2
        move input at 6 over 250ms
        release
        drag input.handle start by -16,0
        press input.handle end
        expect preview none
        expect panel.page 1 of 3
        expect list.visible 2..5
        snapshot x list all
        """
        let a = try ScriptParser.parse(text)
        let printed = ScriptPrinter.print(a)
        let b = try ScriptParser.parse(printed)
        #expect(a.commands.map(\.value) == b.commands.map(\.value))
        #expect(printed.contains("long-press input at 2 for 700ms\n"))
        #expect(printed.contains("drag input.handle start by -16,0\n"))
    }

    /// The text view's targets: a unit position and the two handles; plain `input` keeps
    /// its meaning (the text view's centre).
    @Test func textViewTargetsParse() throws {
        let s = try ScriptParser.parse("tap input\ntap input at 3\npress input.handle end\nmove input at 0 over 1s")
        #expect(s.commands.map(\.value) == [
            .action(.tap(.input)), .action(.tap(.inputAt(3))), .action(.press(.selectionHandle(.end))),
            .action(.move(.inputAt(0), over: .seconds(1))),
        ])
    }

    @Test func randomMonkeyScriptsRoundTrip() throws {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<300 {
            var state = ScenarioFacts()
            state.keyboard = [.none, .system, .emoji][rng.int(in: 0...2)]
            state.sendEnabled = rng.bool()
            state.listVisible = 0...3
            state.panelGroupCount = 3
            let actions = (0..<10).map { _ in MonkeyActions.choose(&rng, state: state) }
            let script = Script(name: "m", commands: actions.map { Script.Located(.action($0), line: 0, column: 0) })
            let again = try ScriptParser.parse(ScriptPrinter.print(script))
            #expect(again.commands.map(\.value) == script.commands.map(\.value))
        }
    }
}

@Suite struct MonkeyTests {
    @Test func cleanHostsRunClean() {
        let monkey = Monkey(seed: 1, steps: 200) { TestHost() }
        #expect(monkey.run() == nil)
    }

    @Test func aRunReportsItsProgressAfterEachStep() {
        // Issue 45 item 3: a single long run printed nothing until it ended.
        final class Seen { var steps: [Int] = [] }
        let seen = Seen()
        var monkey = Monkey(seed: 1, steps: 50) { TestHost() }
        monkey.progress = { seen.steps.append($0) }
        #expect(monkey.run() == nil)
        #expect(seen.steps == Array(1..<50))
    }

    @Test func aPlantedBugIsFoundAndShrunkToAMinimalScript() throws {
        let make: () -> TestHost = {
            let h = TestHost()
            h.facts.keyboard = .system
            h.brokenAfterReceives = 2
            return h
        }
        var found: Monkey<TestHost>.Finding?
        for seed in UInt64(1)...50 {
            if let f = Monkey(seed: seed, steps: 200, makeHost: make).run() { found = f; break }
        }
        let f = try #require(found)
        let actions = f.script.commands.compactMap { c -> Script.Action? in if case .action(let a) = c.value { return a }; return nil }
        // Minimal: manual timing (the monkey's), one type (enables send) and two receives.
        #expect(actions.first == .timing(.manual))
        #expect(actions.count == 4)
        #expect(actions.filter { if case .verb(let v) = $0 { return v.words == "receive" }; return false }.count == 2)
        #expect(f.text.hasPrefix("# monkey seed \(f.seed), invariant broken after step"))
        // The saved text parses and replays to the same failure.
        let replay = try ScriptParser.parse(f.text)
        #expect(replay.commands.map(\.value) == f.script.commands.map(\.value))
    }

    @Test func sameSeedSameRun() {
        let make: () -> TestHost = { let h = TestHost(); h.facts.keyboard = .system; h.brokenAfterReceives = 3; return h }
        let a = Monkey(seed: 9, steps: 300, makeHost: make).run()
        let b = Monkey(seed: 9, steps: 300, makeHost: make).run()
        #expect(a?.text == b?.text)
    }
}
