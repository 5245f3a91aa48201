import SimCore
import Testing
@testable import Interaction

@Suite struct GesturePropertyTests {
    /// Legal transition sequences of one recognizer within one touch sequence.
    static func isLegal(_ states: [GestureState], kind: GestureKind) -> Bool {
        if states.isEmpty { return true }
        if kind == .tap { return states == [.ended] || states == [.failed] }
        if states == [.failed] { return true }
        guard states.first == .began else { return false }
        let middle = states.dropFirst().dropLast()
        guard middle.allSatisfy({ $0 == .changed }) else { return false }
        return states.count == 1 || [.ended, .cancelled, .changed].contains(states.last!)
    }

    @Test func randomStreamsGiveLegalTransitionsAndOneWinner() {
        var rng = SeededRandom(seed: 0xA11CE)
        let rig = GestureRig(minimumPress: .milliseconds(300))
        var t = SimInstant.zero + .milliseconds(10)
        for round in 0..<800 {
            let synth = TouchSynthesizer(hz: rng.bool() ? 60 : 120)
            let p = Point(x: rng.double(in: 0...375), y: rng.double(in: 0...300))
            var touches: [TouchEvent]
            switch rng.int(in: 0...4) {
            case 0: touches = synth.tap(at: p, start: t, hold: .milliseconds(rng.int(in: 10...900)),
                                        drift: Point(x: rng.double(in: -12...12), y: rng.double(in: -12...12)))
            case 1: touches = synth.press(at: p, start: t, hold: .milliseconds(rng.int(in: 100...1500)),
                                          moves: [(p + Point(x: rng.double(in: -40...40), y: 0), .milliseconds(rng.int(in: 50...1400)))])
            case 2: touches = synth.drag(along: [p, p + Point(x: rng.double(in: -300...300), y: rng.double(in: -50...50))],
                                         start: t, duration: .milliseconds(rng.int(in: 50...800)),
                                         pause: .milliseconds(rng.int(in: 0...300)))
            case 3: touches = synth.fling(from: p, velocity: Point(x: rng.double(in: -3000...3000), y: rng.double(in: -500...500)),
                                          start: t, duration: .milliseconds(rng.int(in: 60...400)))
            default:
                // A cancelled sequence with a stray second finger in the middle.
                let end = t + .milliseconds(rng.int(in: 20...900))
                touches = synth.raw([(.began, p, t), (.moved, p + Point(x: rng.double(in: -20...20), y: 0), t + .milliseconds(10))])
                touches.append(TouchEvent(id: 9, phase: .began, location: .zero, timestamp: t + .milliseconds(15)))
                touches.append(TouchEvent(id: 9, phase: .ended, location: .zero, timestamp: t + .milliseconds(16)))
                touches.append(TouchEvent(phase: .cancelled, location: p, timestamp: end))
            }
            let before = rig.updates.count
            rig.play(touches)
            t = (touches.last?.timestamp ?? t) + .milliseconds(rng.int(in: 1...200))
            rig.wait(t - rig.clock.now)
            let sequence = rig.updates[before...]
            var winners = 0
            for (name, kind) in [("tap", GestureKind.tap), ("longPress", .longPress), ("pan", .pan)] {
                let states = sequence.filter { $0.name == name }.map(\.state)
                #expect(Self.isLegal(states, kind: kind), "round \(round) \(name): \(states)")
                if states.first == .began || states == [.ended] { winners += 1 }
                // Every recognizer reaches a final state by the end of the sequence.
                #expect(states.last.map { $0.isFinished } ?? false, "round \(round) \(name) unfinished: \(states)")
            }
            #expect(winners <= 1, "round \(round)")
            #expect(rig.clock.pendingTimerCount == 0)
        }
    }
}
