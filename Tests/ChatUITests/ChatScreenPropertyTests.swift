import Testing
import SimCore
import Tester
import ChatHarness
@testable import ChatUI

/// Seeded monkey runs on the whole screen over 1,000 messages: flings on the list,
/// typed sends, receives, keyboard show / switch / hide through the real buttons.
/// After every frame: the list's invariants, keyboard avoidance (the list ends where
/// the input bar starts) and the trace's player balance. Manual timing: an action may
/// land while something still moves, and every frame after it is checked.
@Suite struct ChatScreenPropertyTests {
    @Test(arguments: [21, 22] as [UInt64])
    func monkey(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let screen = makeDemoScreen(messages: DemoConversation.generated(count: 1_000, seed: seed, animatedEvery: 3))
        let tester = Tester(screen, timing: .manual)
        var running = runningPlayersFromTrace(screen.trace)
        var seen = screen.trace.totalCount
        func check(_ step: Int) {
            for e in screen.trace.retained.suffix(screen.trace.totalCount - seen) where e.source == "list" {
                if e.name == "playerStart" { running += 1 } else if e.name == "playerStop" { running -= 1 }
            }
            seen = screen.trace.totalCount
            let v = screen.listModel.invariantViolations(screen.list)
            #expect(v.isEmpty, "seed \(seed) step \(step): \(v)")
            #expect(running == screen.animatingPlayerCount)
            #expect(screen.list.viewportHeight == screen.listFrame().height)
        }
        var sent = 0
        var farthest = 0.0
        for step in 0..<30 {
            switch rng.int(in: 0..<7) {
            case 0, 1:
                let p = Point(x: rng.double(in: 40...340), y: rng.double(in: 200...400))
                if screen.component(at: p) == .list {
                    // A flick lifting at v (positive: the finger moves down, into the
                    // history); at least 200 pt/s, so its 120 pt take at most 0.6 s.
                    let v = rng.double(in: -4_000...4_000)
                    try tester.swipe(from: p, travel: Point(x: 0, y: v < 0 ? -120 : 120), velocity: max(200, abs(v)))
                }
            case 2:
                if screen.keyboard != .system { try tester.tap(.input); _ = try? tester.pumpUntilIdle() }
                if screen.keyboard == .system {
                    try screen.type("msg \(step) [哈哈]")
                    try tester.tap(.send)
                    sent += 1
                }
            case 3:
                screen.receive(rng.bool() ? "[f056] 收到" : "ok")
            case 4:
                try tester.tap(.toggle)
            case 5:
                try tester.tap(.outside)
            default:
                break
            }
            for _ in 0..<rng.int(in: 1...30) {
                tester.pumpToNextFrame(); check(step)
                farthest = max(farthest, screen.list.distanceFromBottom)
            }
        }
        #expect(farthest > 500 && sent > 0)
        try tester.pumpUntilIdle(limit: .seconds(20))
        check(-1)
        #expect(screen.list.pool.createdCount <= screen.list.peakDisplayed.values.reduce(0, +))
        #expect(sent == 0 || screen.trace.lines.contains { $0.contains("screen send") })
    }
}
