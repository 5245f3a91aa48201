import Testing
import SimCore
@testable import ChatUI

/// Seeded monkey runs on the whole screen over 1,000 messages: flings on the list,
/// typed sends, receives, keyboard show / switch / hide through the real buttons.
/// After every frame: the list's invariants, keyboard avoidance (the list ends where
/// the input bar starts) and the trace's player balance.
@Suite struct ChatScreenPropertyTests {
    @Test(arguments: [21, 22] as [UInt64])
    func monkey(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let screen = makeDemoScreen(messages: DemoConversation.generated(count: 1_000, seed: seed, animatedEvery: 3))
        var running = runningPlayersFromTrace(screen.trace)
        var seen = screen.trace.totalCount
        func check(_ step: Int) {
            for e in screen.trace.retained.suffix(screen.trace.totalCount - seen) where e.source == "list" {
                if e.name == "playerStart" { running += 1 } else if e.name == "playerStop" { running -= 1 }
            }
            seen = screen.trace.totalCount
            let v = screen.list.invariantViolations()
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
                    try screen.fling(from: p, velocity: Point(x: 0, y: rng.double(in: -4_000...4_000)))
                }
            case 2:
                if screen.keyboard != .system { try screen.tap(target: "textView"); screen.settle() }
                if screen.keyboard == .system {
                    try screen.type("msg \(step) [哈哈]")
                    try screen.tap(target: "send")
                    sent += 1
                }
            case 3:
                screen.receive(rng.bool() ? "[f056] 收到" : "ok")
            case 4:
                try screen.tap(target: "toggle")
            case 5:
                try screen.tap(target: "outside")
            default:
                break
            }
            for _ in 0..<rng.int(in: 1...30) {
                screen.advanceToNextFrame(); check(step)
                farthest = max(farthest, screen.list.distanceFromBottom)
            }
        }
        #expect(farthest > 500 && sent > 0)
        #expect(screen.settle(timeout: .seconds(20)))
        check(-1)
        #expect(screen.list.pool.createdCount <= screen.list.peakDisplayed.values.reduce(0, +))
        #expect(sent == 0 || screen.trace.lines.contains { $0.contains("screen send") })
    }
}
