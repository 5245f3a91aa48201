import SimCore
@testable import ChatUI

/// A player that only records whether it runs: enough for lifecycle tests that do not
/// need decoded frames.
final class FakePlayer: BubblePlayer {
    private(set) var isAnimating = false
    private(set) var starts = 0
    private(set) var stops = 0
    private(set) var frameIndex = 0
    func start(at now: SimInstant) { isAnimating = true; starts += 1; frameIndex = 0 }
    func stop(at now: SimInstant) { isAnimating = false; stops += 1 }
    func tick(at now: SimInstant) -> Bool { if isAnimating { frameIndex += 1 }; return isAnimating }
}

/// A deterministic layout for tests: the text length decides the number of 16 pt lines;
/// "*" marks an animated emoji; "!" alone is a big emoji.
func fakeLayout(_ m: Message, _ width: Double) -> BubbleLayout {
    let metrics = BubbleMetrics()
    let maxW = metrics.maxTextWidth(listWidth: width)
    let chars = m.serverText.count
    let perLine = max(1, Int(maxW / 8))
    let lines = max(1, (chars + perLine - 1) / perLine)
    let textW = Double(min(chars, perLine) * 8)
    let animated = m.serverText.filter { $0 == "*" }.enumerated().map { i, _ in
        BubbleLayout.AnimatedItem(code: "g\(i)", imageName: "g\(i).gif", frame: Rect(x: 0, y: 0, width: 16, height: 16))
    }
    if m.serverText == "!" {
        let f = metrics.bigEmojiFrames(sender: m.sender, count: 1, listWidth: width)
        return BubbleLayout(style: .bigEmoji, sender: m.sender, rowHeight: f.rowHeight, bubbleFrame: f.block,
                            contentFrame: f.block, tail: m.sender == .me ? .right : .left,
                            animatedItems: animated, accessibilityLabel: m.serverText)
    }
    let f = metrics.bubbleFrames(sender: m.sender, textSize: Size(width: textW, height: Double(lines * 16)), listWidth: width)
    return BubbleLayout(style: .bubble, sender: m.sender, rowHeight: f.rowHeight, bubbleFrame: f.bubble,
                        contentFrame: f.content, tail: m.sender == .me ? .right : .left,
                        animatedItems: animated, accessibilityLabel: m.serverText)
}

func fakeConversation(_ n: Int, seed: UInt64 = 1) -> [Message] {
    var rng = SeededRandom(seed: seed)
    return (0..<n).map { i in
        let len = rng.int(in: 1...120)
        var text = String(repeating: "a", count: len)
        if rng.bool(probability: 0.3) { text += "*" }
        if rng.bool(probability: 0.1) { text = "!" }
        return Message(id: .init(i), sender: rng.bool() ? .me : .other, serverText: text,
                       time: SimInstant(ticks: Int64(i) * ticksPerSecond))
    }
}

func makeFakeList(_ n: Int, width: Double = 375, height: Double = 500, seed: UInt64 = 1,
                  players: @escaping BubblePlayerFactory<FakePlayer> = { _ in FakePlayer() }) -> BubbleListHost<FakePlayer> {
    BubbleListHost(messages: fakeConversation(n, seed: seed), width: width, viewportHeight: height,
               clock: VirtualClock(), trace: Trace(), layout: fakeLayout, players: players)
}
