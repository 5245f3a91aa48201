import Testing
import SimCore
import Tester
import ChatHarness
import Imaging
import Interaction
@testable import ChatUI

/// Seeded monkey runs over a 1,000-message demo conversation with real layout and GIF
/// players: flings through the pan recognizer, sends, receives, keyboard show / switch
/// / hide animating the visible height, width changes. After every 60 Hz frame the
/// display and animation invariants hold and the cells never outnumber what the
/// visible rows needed.
@Suite struct BubbleListFramePropertyTests {
    @Test(arguments: [11, 12, 13] as [UInt64])
    func monkey(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let h = ListHarness(DemoConversation.generated(count: 1_000, seed: seed, animatedEvery: 2),
                            width: 390, height: 600)
        let list = h.host
        var arena = GestureArena.State()
        arena.add(PanRecognizer(name: "pan"))
        var keyboard = Keyboard.State(profile: .iphone14)
        let baseHeight = 600.0
        var nextID = 1_000_000
        var frames = 0
        var farthest = 0.0
        var running = runningPlayersFromTrace(h.trace)
        var seen = h.trace.totalCount
        #expect(running == list.animatingPlayerCount && running > 0)

        /// One display-link frame: the host ticks the list and its players at the frame
        /// boundary, then the keyboard moves and the list's visible height follows it.
        func frame() {
            h.tester.pumpToNextFrame()
            _ = Keyboard().reduce(into: &keyboard, .tick, at: h.clock.now)
            list.send(.setViewportHeight(baseHeight - keyboard.overlap(at: h.clock.now)))
            frames += 1
            farthest = max(farthest, list.state.distanceFromBottom)
            for e in h.trace.retained.suffix(h.trace.totalCount - seen) where e.source == "list" {
                if e.name == "playerStart" { running += 1 } else if e.name == "playerStop" { running -= 1 }
            }
            seen = h.trace.totalCount
            let v = list.invariantViolations()
            #expect(v.isEmpty, "seed \(seed) frame \(frames): \(v)")
            #expect(running == list.animatingPlayerCount && h.runningPlayers == running,
                    "a player runs outside the visible rows")
        }

        for _ in 0..<40 {
            switch rng.int(in: 0..<8) {
            case 0, 1, 2:
                let v = rng.double(in: -5_000...5_000)
                let x = rng.double(in: 40...340), y = rng.double(in: 150...350)
                let touches = TouchSynthesizer(hz: 120).fling(from: Point(x: x, y: y), velocity: Point(x: 0, y: v),
                                                              start: h.clock.now + .milliseconds(1))
                for (i, t) in touches.enumerated() {
                    while h.clock.now + .frames(1, at: 60) <= t.timestamp { frame() }
                    if t.timestamp > h.clock.now { h.tester.pump(t.timestamp - h.clock.now) }
                    if i == 0 { list.send(.touchDown) }
                    for u in GestureArena().reduce(into: &arena, .touch(t), at: t.timestamp).compactMap({ $0.update }) { list.send(.pan(u)) }
                }
            case 3:
                list.send(.append(Message(id: .init(nextID), sender: .me, serverText: "sent [哈哈] \(nextID)")))
                nextID += 1
            case 4:
                list.send(.append(Message(id: .init(nextID), sender: .other, serverText: rng.bool() ? "[f058]" : "收到 ok")))
                nextID += 1
            case 5:
                let kinds: [KeyboardKind] = [.system, .emoji, .none]
                _ = Keyboard().reduce(into: &keyboard, .show(kinds[rng.int(in: 0..<3)]), at: h.clock.now)
            case 6:
                list.send(.setWidth(rng.element(of: [320.0, 375, 390, 430])!))
            default:
                break
            }
            for _ in 0..<rng.int(in: 1...40) { frame() }
        }
        #expect(list.state.pool.reusedCount > 0 && list.state.appearanceCount > 20)
        #expect(farthest > 3_000, "the flings went deep into the history")
        #expect(h.cache.statistics.peakBytes <= h.cache.byteBudget)
    }
}
