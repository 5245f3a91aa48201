import SimCore
import Testing
import Raster
@testable import Interaction
import Tester

/// One view with tap, long press and pan, as the emoji panel has: the arena in a
/// `Host<ArenaView>` (its one timer at the arena's next deadline, its events traced under
/// "view"), driven by a `Tester` in manual timing (every touch is placed by the test):
/// touches delivered at their instants, time pumped, settling by the Tester's idle rule.
struct GestureRig {
    let host: Host<ArenaView>
    let tester: Tester<Host<ArenaView>>

    init(minimumPress: SimDuration = .milliseconds(500), simultaneous: Bool = false, tapOnly: Bool = false) {
        var state = GestureArena.State()
        state.add(TapRecognizer())
        if !tapOnly {
            state.add(LongPressRecognizer(minimumPressDuration: minimumPress))
            state.add(PanRecognizer())
        }
        if simultaneous { state.recognizeSimultaneously("pan", "longPress") }
        host = Host(ArenaView(source: "view"), state: state)
        tester = Tester(host, timing: .manual)
    }

    var clock: VirtualClock { host.clock }
    var trace: Trace { host.trace }
    var arena: GestureArena.State { host.state }
    var updates: [GestureUpdate] { host.reducer.log.updates }

    func play(_ e: [TouchEvent]) { tester.deliver(e) }
    /// Lets `d` pass with the finger wherever the touches left it.
    func wait(_ d: SimDuration) { tester.pump(d) }
    /// Runs until no recognizer timer is pending.
    func settle() { _ = try? tester.pumpUntilIdle() }

    func states(_ name: String) -> [GestureState] { updates.filter { $0.name == name }.map(\.state) }

    /// Which gesture won the sequence.
    var winner: String {
        if states("tap").contains(.ended) { return "tap" }
        if states("longPress").contains(.began) { return "longPress" }
        if states("pan").contains(.began) { return "pan" }
        return "none"
    }
}

@Suite struct GestureArenaTests {
    static let holds = [30, 120, 300, 499, 500, 650, 800, 1200]
    static let movements = [0.0, 4, 9.9, 10.5, 25, 120]

    /// The rules, stated independently of the implementation: the finger moves in a
    /// straight line to `movement` pt over the first half of the hold.
    static func expected(holdMs: Int, movement: Double) -> String {
        let half = Double(holdMs) / 2
        if movement > 10 {
            // Crossing 10 pt happens at half * 10 / movement ms; the first sample past it begins the pan.
            let crossing = half * 10 / movement
            if crossing < 500 - 9 { return "pan" }          // well before the long-press timer
            if crossing > 500 + 9 { return "longPress" }
            return "ambiguous"
        }
        if holdMs >= 500 { return "longPress" }
        if holdMs > 750 { return "none" }
        return "tap"
    }

    @Test(arguments: holds, movements)
    func recognizerTable(holdMs: Int, movement: Double) {
        let rig = GestureRig()
        let s = TouchSynthesizer(hz: 120)
        let start = SimInstant.zero + .milliseconds(100)
        let hold = SimDuration.milliseconds(holdMs)
        let moves: [(Point, SimDuration)] = movement == 0 ? [] :
            [(Point(x: 100 + movement, y: 100), SimDuration(ticks: hold.ticks / 2))]
        rig.play(s.press(at: Point(x: 100, y: 100), start: start, hold: hold, moves: moves))
        rig.settle()
        let want = Self.expected(holdMs: holdMs, movement: movement)
        if want != "ambiguous" {
            #expect(rig.winner == want, "hold \(holdMs) ms, movement \(movement) pt: \(rig.trace.text)")
        }
        // Exactly one winner, and the losers failed.
        let winners = ["tap", "longPress", "pan"].filter { n in
            rig.states(n).contains { $0 == .began || ($0 == .ended && n == "tap") }
        }
        #expect(winners.count == 1)
        for n in ["tap", "longPress", "pan"] where n != winners.first {
            #expect(rig.states(n) == [.failed], "\(n): \(rig.states(n))")
        }
    }

    @Test func longPressBeginsAtTheExactInstantAndFollowsTheFinger() {
        let rig = GestureRig(minimumPress: .milliseconds(300))
        let s = TouchSynthesizer(hz: 60)
        rig.play(s.longPress(at: Point(x: 10, y: 10), start: .zero, hold: .milliseconds(900),
                             moves: [(Point(x: 10, y: 14), .milliseconds(200)), (Point(x: 10, y: 14), .milliseconds(400)),
                                     (Point(x: 90, y: 14), .milliseconds(700))]))
        let began = try! #require(rig.updates.first { $0.name == "longPress" && $0.state == .began })
        #expect(began.time == .zero + .milliseconds(300))
        #expect(began.location == Point(x: 10, y: 14))
        #expect(rig.states("longPress").first == .began)
        #expect(rig.states("longPress").last == .ended)
        #expect(rig.states("longPress").dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(rig.states("pan") == [.failed])   // prevented while previewing
        #expect(rig.states("tap") == [.failed])
        #expect(rig.updates.last?.location == Point(x: 90, y: 14))
        // The trace has the same transitions, in order.
        #expect(rig.trace.lines.first == "0.300s view longPress.began location=(10, 14)")
        #expect(rig.trace.lines[1] == "0.300s view tap.failed location=(10, 10)")
        #expect(rig.trace.lines[2] == "0.300s view pan.failed location=(10, 14)")
    }

    @Test func panFailsAPendingLongPressAndReportsTranslationAndVelocity() {
        let rig = GestureRig()
        rig.play(TouchSynthesizer(hz: 120).fling(from: Point(x: 300, y: 50), velocity: Point(x: -1200, y: 0),
                                                 start: .zero, duration: .milliseconds(250)))
        #expect(rig.states("longPress") == [.failed])
        #expect(rig.states("tap") == [.failed])
        let pan = rig.states("pan")
        #expect(pan.first == .began && pan.last == .ended)
        let end = try! #require(rig.updates.last)
        #expect(abs(end.velocity.x + 1200) <= 24)
        let began = try! #require(rig.updates.first { $0.name == "pan" && $0.state == .began })
        #expect(end.translation.x == end.location.x - began.location.x)
        #expect(rig.clock.pendingTimerCount == 0)
    }

    @Test func simultaneousHookLetsPanRunDuringALongPress() {
        let rig = GestureRig(simultaneous: true)
        rig.play(TouchSynthesizer(hz: 60).longPress(at: .zero, start: .zero, hold: .seconds(1),
                                                    moves: [(.zero, .milliseconds(600)), (Point(x: 80, y: 0), .milliseconds(900))]))
        #expect(rig.states("longPress").first == .began)
        #expect(rig.states("pan").first == .began)
        #expect(rig.states("pan").last == .ended)
    }

    @Test func cancelledTouchCancelsActiveGestures() {
        let rig = GestureRig()
        let s = TouchSynthesizer(hz: 60)
        rig.play(s.raw([(.began, .zero, .zero), (.cancelled, .zero, .zero + .milliseconds(700))]))
        #expect(rig.states("longPress") == [.began, .cancelled])
        #expect(rig.states("tap") == [.failed])
    }

    @Test func disablingCancelsAndOtherFingersAreIgnored() {
        let rig = GestureRig()
        rig.play([TouchEvent(phase: .began, location: .zero, timestamp: .zero)])
        rig.wait(.milliseconds(600))
        rig.host.send(.setEnabled("longPress", false))
        #expect(rig.states("longPress") == [.began, .cancelled])
        rig.play([TouchEvent(id: 2, phase: .began, location: Point(x: 50, y: 0), timestamp: .zero + .milliseconds(650)),
                  TouchEvent(id: 2, phase: .ended, location: Point(x: 50, y: 0), timestamp: .zero + .milliseconds(700)),
                  TouchEvent(phase: .ended, location: .zero, timestamp: .zero + .milliseconds(750))])
        #expect(rig.states("tap") == [.failed])
        // A fresh sequence resets: a quick tap is a tap again (long press disabled).
        rig.play(TouchSynthesizer().tap(at: .zero, start: .zero + .seconds(1)))
        #expect(rig.states("tap") == [.failed, .ended])
    }

    @Test func tapFailsAfterTheHoldLimitWithoutALongPress() {
        let rig = GestureRig(tapOnly: true)
        rig.play([TouchEvent(phase: .began, location: .zero, timestamp: .zero)])
        rig.wait(.milliseconds(749))
        #expect(rig.arena.state(of: "tap") == .possible)
        rig.wait(.milliseconds(1))
        #expect(rig.arena.state(of: "tap") == .failed)
        var arena = rig.arena
        arena.modify("tap", as: TapRecognizer.self) { $0.maximumDuration = .seconds(5) }
        #expect(arena.recognizer(named: "tap", as: TapRecognizer.self)?.maximumDuration == .seconds(5))
    }

    @Test func sameScriptSameTrace() {
        func run() -> String {
            let rig = GestureRig()
            var rng = SeededRandom(seed: 7)
            var t = SimInstant.zero
            let s = TouchSynthesizer(hz: 120)
            for _ in 0..<50 {
                let hold = SimDuration.milliseconds(rng.int(in: 20...900))
                let p = Point(x: rng.double(in: 0...300), y: rng.double(in: 0...300))
                let m = Point(x: p.x + rng.double(in: -30...30), y: p.y + rng.double(in: -30...30))
                rig.play(s.press(at: p, start: t, hold: hold, moves: [(m, SimDuration(ticks: hold.ticks / 2))]))
                t = t + hold + .milliseconds(300)
            }
            rig.settle()
            return rig.trace.text
        }
        let a = run()
        #expect(a == run())
        #expect(a.contains("tap.ended") && a.contains("longPress.began") && a.contains("pan.began"))
    }
}
