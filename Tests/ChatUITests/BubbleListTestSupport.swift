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

/// A fake-layout list of `n` messages in a `Host` (its own clock and trace); `players`
/// makes the fake players the host starts and stops.
func makeFakeList(_ n: Int, width: Double = 375, height: Double = 500, seed: UInt64 = 1,
                  players: @escaping BubblePlayerFactory<FakePlayer> = { _ in FakePlayer() }) -> Host<BubbleList> {
    Host(list: BubbleList(layout: fakeLayout, players: BubbleListPlayers(factory: players)),
         messages: fakeConversation(n, seed: seed), width: width, viewportHeight: height)
}

/// What the list tests ask a hosted list, read from its state and reducer.
extension Host where R == BubbleList {
    /// Appends a message; returns whether the list follows it to the bottom (a sent
    /// message, or a received one while at or heading to the bottom).
    @discardableResult
    func append(_ message: Message) -> Bool {
        let follows = message.sender == .me || state.isAtOrHeadingToBottom
        send(.append(message))
        return follows
    }

    /// Reloads the row of `message.id`; false (and nothing sent) for an unknown id.
    @discardableResult
    func reload(_ message: Message) -> Bool {
        guard state.row(of: message.id) != nil else { return false }
        send(.reload(message))
        return true
    }

    /// A row's layout (laid out without caching when the cache holds none).
    func layout(ofRow row: Int) -> BubbleLayout { reducer.layout(ofRow: row, in: state) }

    /// GIF players running now (the host's registry).
    var animatingPlayerCount: Int { reducer.players?.count ?? 0 }

    /// The frame the player of a cell's slot shows, nil when none runs there.
    func playerFrame(_ key: BubblePlayerKey) -> Int? { reducer.players?.frameIndex(key) }
}
