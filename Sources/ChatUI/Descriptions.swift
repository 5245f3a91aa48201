import SimCore
import EmojiText

// What a porter's logs show of the components' states. The defaults print every stored
// field, the catalog, the layout caches and the players included (thousands of lines for
// one state); these print the facts a bug report needs, in the words of the traces and
// scripts (group names, pages, unit ranges, placeholders). Numbers print as traces print
// them (`formatPoints`), and no reflection is used: the wasm build has none.

/// `3..<5`, without the generic printing Embedded Swift lacks.
private func rangeText(_ r: Range<Int>) -> String { "\(r.lowerBound)..<\(r.upperBound)" }

extension EmojiPanel.State: CustomStringConvertible {
    /// `EmojiPanel.State(group 经典, page 0 of 3, offset 0, settled)`, then the
    /// preview's emoji, the open skin-tone picker and the search query when there are.
    public var description: String {
        var out = "EmojiPanel.State(group \(currentGroupName), page \(pageInGroup) of \(pagesInGroup)"
        out += ", offset \(formatPoints(offset)), \(isSettled ? "settled" : "moving")"
        if let p = preview { out += ", preview \(p.emoji)" }
        if let k = skinPicker { out += ", skin tones of \(k.base)" }
        if let q = query { out += ", search \(quotedLiteral(q))" }
        return out + ")"
    }
}

extension InputBar.State: CustomStringConvertible {
    /// `InputBar.State(text "ab[笑哭]", selection 3..<3, keyboard emoji, send enabled)`:
    /// the backed text, the selection in units, the keyboard asked for and send.
    /// - Complexity: O(text length).
    public var description: String {
        "InputBar.State(text \(quotedLiteral(text)), selection \(rangeText(selectedRange)), "
            + "keyboard \(keyboard.kind.rawValue), send \(isSendEnabled ? "enabled" : "disabled"))"
    }
}

extension BubbleList.State: CustomStringConvertible {
    /// `BubbleList.State(12 messages, rows 4..<12 displayed, 0 from the bottom)`.
    public var description: String {
        "BubbleList.State(\(count) message\(count == 1 ? "" : "s"), rows \(rangeText(displayedRows)) displayed, "
            + "\(formatPoints(distanceFromBottom)) from the bottom)"
    }
}

extension ChatScreen.State: CustomStringConvertible {
    /// The device, then the three components' states (see theirs):
    /// `ChatScreen.State(iphone8 375x667, InputBar.State(...), EmojiPanel.State(...), BubbleList.State(...))`.
    /// - Complexity: O(the input's text length).
    public var description: String {
        "ChatScreen.State(\(profile.name) \(profile.size), \(inputBar), \(panel), \(list))"
    }
}
