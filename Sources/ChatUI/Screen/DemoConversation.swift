import SimCore

/// Conversations for demos, tests and benchmarks, over the demo catalog's codes:
/// mixed Chinese and English, description codes (`[微笑]`), file-name codes of animated
/// emoji (`[f056]`), UTF-8 hex placeholders (`[f09f9884]`), Unicode emoji, big-emoji
/// messages and long CJK text that wraps. Deterministic.
public enum DemoConversation {
    /// The hand-written lines, in order: (sender, server text).
    public static let script: [(Message.Sender, String)] = [
        (.other, "你好！Are you coming tonight? [微笑]"),
        (.me, "Yes! 我七点到 [哈哈]"),
        (.other, "[f056]"),
        (.me, "😄👍"),
        (.other, "Great, see you there. 记得带上那本书，我们上次说好的那本关于城市与河流的小说，还有你答应借我的相机。"),
        (.me, "OK [f09f9884] 没问题"),
        (.other, "[跳跳][转圈][眨眼]"),
        (.me, "The bus is late again [流汗] 可能要晚十分钟"),
        (.other, "No worries [爱心] take your time"),
        (.me, "🎉"),
        (.other, "[f057] 这只猫是不是很像你家的那只？"),
        (.me, "哈哈哈 exactly [笑哭][笑哭]"),
    ]

    /// The script as messages, one a minute.
    ///
    /// - Parameter startID: The first message's id; the others follow.
    /// - Returns: The messages, oldest first.
    public static func messages(startID: Int = 0) -> [Message] {
        script.enumerated().map { i, line in
            Message(id: .init(startID + i), sender: line.0, serverText: line.1,
                    time: SimInstant(ticks: Int64(i) * 60 * ticksPerSecond))
        }
    }

    /// A long conversation: the script's lines cycled, with short seeded variations.
    /// When `animatedEvery` is k > 0, every k-th message holds an animated emoji
    /// (cycling through the catalog's animated codes).
    ///
    /// - Parameters:
    ///   - count: The number of messages.
    ///   - seed: The seed of the variations; the same seed gives the same conversation.
    ///   - animatedEvery: Put an animated emoji in every k-th message (and in no other);
    ///     0 leaves the lines as they are.
    /// - Returns: The messages, ids `0..<count`, one a second.
    /// - Complexity: O(*n*) in `count`.
    public static func generated(count: Int, seed: UInt64 = 1, animatedEvery: Int = 0) -> [Message] {
        var rng = SeededRandom(seed: seed)
        let animated = ["[哈哈]", "[眨眼]", "[跳跳]", "[转圈]", "[f056]", "[f057]", "[f058]", "[f059]"]
        let fillers = ["ok", "好的", "[微笑]", "See you!", "收到 [呲牙]", "Let me check 一下", "👍", "[色][色]",
                       "今天的天气真不错，我们去公园走走吧？", "Sounds good [得意]"]
        var out: [Message] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let line = script[i % script.count]
            var text = rng.bool(probability: 0.5) ? line.1 : fillers[rng.int(in: 0..<fillers.count)]
            if animatedEvery > 0 {
                // Exactly every k-th message carries one animated emoji; no other does.
                text = text.replacingAnimated(animated)
                if i % animatedEvery == 0 { text += " " + animated[(i / animatedEvery) % animated.count] }
            }
            out.append(Message(id: .init(i), sender: rng.bool() ? .me : .other, serverText: text,
                               time: SimInstant(ticks: Int64(i) * ticksPerSecond)))
        }
        return out
    }
}

private extension String {
    /// Drops the animated codes (for conversations that control where GIFs are).
    func replacingAnimated(_ codes: [String]) -> String {
        var s = self
        for c in codes { s = s.removingOccurrences(of: c) }
        return s.isEmpty ? "ok" : s
    }
}
