import Testing
import SimCore
import Tester
import ChatHarness
import EmojiText
import Raster
@testable import ChatUI

/// The list keeps whole layouts (glyph runs) only for rows near the viewport, within
/// `Configuration.layoutCacheBudget`, and every measured height as a number; a row laid
/// out again after its layout was dropped looks exactly as before.
@Suite struct BubbleLayoutCacheTests {
    /// Long messages mixing CJK, ASCII and placeholders, each one a few screens tall.
    static func longMessages(_ n: Int, length: Int = 2_000) -> [Message] {
        var rng = SeededRandom(seed: 18)
        let cjk = Array("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可")
        let ascii = Array("abcdefghijklmnopqrstuvwxyz ABC 0123456789 ,.!?")
        let codes = ["[笑哭]", "[哈哈]", "[微笑]", "[f056]"]
        return (0..<n).map { i in
            var s = "#\(i) "
            while s.count < length {
                let r = rng.int(in: 0...99)
                if r < 40 { s.append(cjk[rng.int(in: 0...(cjk.count - 1))]) }
                else if r < 95 { s.append(ascii[rng.int(in: 0...(ascii.count - 1))]) }
                else { s += codes[rng.int(in: 0...(codes.count - 1))] }
            }
            return Message(id: .init(i), sender: i % 2 == 0 ? .me : .other, serverText: s)
        }
    }

    static func host(_ messages: [Message], budget: Int, layout: @escaping BubbleList.LayoutProvider) -> Host<BubbleList> {
        var config = BubbleList.Configuration()
        config.layoutCacheBudget = budget
        return Host(list: BubbleList(layout: layout, players: BubbleListPlayers(factory: { _ in FakePlayer() })),
                    messages: messages, width: 375, viewportHeight: 500, configuration: config)
    }

    static func displayList(_ h: Host<BubbleList>) -> DisplayList { h.displayList() }

    @Test func rowsFarFromTheViewportHoldNoLayoutButKeepTheirHeights() {
        // Fake layouts cost 1 each: a budget of 40 keeps about 40 rows.
        let list = Self.host(fakeConversation(2_000), budget: 40, layout: fakeLayout)
        let bottomRows = list.state.displayedRows
        #expect(bottomRows.allSatisfy { list.state.hasCachedLayout(ofRow: $0) })
        // Up by 40 screens, a screen at a time: every row on the way is laid out once.
        for step in 1...40 { list.send(.setDistanceFromBottom(Double(step) * 500, animated: false)) }
        let shown = list.state.displayedRows
        #expect(list.state.layoutCount > 200)
        #expect(list.state.cachedLayoutCost <= 40, "kept \(list.state.cachedLayoutCost) for a budget of 40")
        #expect(shown.allSatisfy { list.state.hasCachedLayout(ofRow: $0) })
        // The rows at the bottom, 20,000 pt away, hold no layout; their heights stay measured.
        #expect(bottomRows.allSatisfy { !list.state.hasCachedLayout(ofRow: $0) && list.state.rowHeights.isMeasured($0) })
        // What is kept is what is nearest: just below the viewport, not the far bottom.
        #expect(list.state.hasCachedLayout(ofRow: shown.upperBound))
        #expect(list.invariantViolations().isEmpty)
    }

    @Test func scrollingBackLaysRowsOutAgainIdentically() {
        let engine = BubbleLayoutEngine(catalog: .demo)
        let messages = Self.longMessages(8, length: 1_500)
        // About two long messages' worth: most layouts are dropped on the way up.
        let budget = 3_000
        let list = Self.host(messages, budget: budget, layout: { engine.layout($0, listWidth: $1) })
        let unbounded = Self.host(messages, budget: .max, layout: { engine.layout($0, listWidth: $1) })
        let atBottom = Self.displayList(list)
        let rowsAtBottom = list.state.displayedRows
        let openedWith = list.state.layoutCount
        // To the top, a screen at a time, then back down the same way.
        var d = 0.0
        while d < list.state.maxDistanceFromBottom {
            d = min(d + 480, list.state.maxDistanceFromBottom)
            list.send(.setDistanceFromBottom(d, animated: false))
            unbounded.send(.setDistanceFromBottom(d, animated: false))
            #expect(list.state.cachedLayoutCost <= budget
                    + list.state.displayedRows.reduce(0) { $0 + BubbleLayoutCache.cost(of: list.layout(ofRow: $1)) })
        }
        #expect(rowsAtBottom.allSatisfy { !list.state.hasCachedLayout(ofRow: $0) }, "the bottom rows' layouts were dropped")
        let atTop = Self.displayList(list)
        #expect(atTop == Self.displayList(unbounded))
        while d > 0 {
            d = max(0, d - 480)
            list.send(.setDistanceFromBottom(d, animated: false))
            unbounded.send(.setDistanceFromBottom(d, animated: false))
            // Every frame draws as the list that never drops a layout draws it.
            #expect(Self.displayList(list) == Self.displayList(unbounded))
            #expect(list.state.displayedRows == unbounded.state.displayedRows)
        }
        #expect(list.state.displayedRows == rowsAtBottom)
        #expect(list.state.layoutCount > openedWith + messages.count - rowsAtBottom.count, "rows were laid out again")
        #expect(Self.displayList(list) == atBottom)
        #expect(list.state.rowHeights.total == unbounded.state.rowHeights.total)
        #expect(list.invariantViolations().isEmpty)
    }

    @Test func aWidthChangeAndBackKeepsHeightsOfDroppedLayouts() {
        let list = Self.host(fakeConversation(400), budget: 30, layout: fakeLayout)
        for step in 1...20 { list.send(.setDistanceFromBottom(Double(step) * 400, animated: false)) }
        let measured = (0..<list.state.count).filter { list.state.rowHeights.isMeasured($0) }
        list.send(.setWidth(320))
        list.send(.setWidth(375))
        // Heights at 375 come back from the numbers kept, not from layouts.
        #expect(measured.allSatisfy { list.state.rowHeights.isMeasured($0) })
        #expect(list.state.cachedLayoutCost <= 30 + list.state.displayedRows.count)
        #expect(list.invariantViolations().isEmpty)
    }

    @Test func aReloadedRowIsLaidOutFromItsNewText() {
        let list = Self.host(fakeConversation(300), budget: 20, layout: fakeLayout)
        for step in 1...10 { list.send(.setDistanceFromBottom(Double(step) * 400, animated: false)) }
        let row = list.state.count - 1
        #expect(!list.state.hasCachedLayout(ofRow: row))
        let longer = Message(id: list.state.messages[row].id, sender: .other, serverText: String(repeating: "b", count: 400))
        #expect(list.reload(longer))
        list.send(.scrollToBottom(animated: false))
        #expect(list.layout(ofRow: row) == fakeLayout(longer, 375))
        #expect(list.state.rowHeights.height(ofRow: row) == fakeLayout(longer, 375).rowHeight)
        #expect(list.invariantViolations().isEmpty)
    }
}

/// The label's whitespace collapse copies spans between whitespace; it gives what
/// collapsing character by character gives, for any text.
@Suite struct BubbleAccessibilityLabelTests {
    static func reference(_ rich: RichText, _ engine: BubbleLayoutEngine) -> String {
        var out = ""
        for run in rich.runs {
            switch run {
            case .text(let s): out += s
            case .emoji(let a):
                if let last = out.last, !last.isWhitespace { out += " " }
                out += a.emoji.meaning(for: engine.locale) + " "
            }
        }
        var collapsed = ""
        for c in out {
            if c.isWhitespace {
                if collapsed.isEmpty || collapsed.last == " " { continue }
                collapsed.append(" ")
            } else {
                collapsed.append(c)
            }
        }
        if collapsed.last == " " { collapsed.removeLast() }
        return collapsed
    }

    @Test func collapsesWhitespaceAsCharacterByCharacter() {
        let engine = BubbleLayoutEngine(catalog: .demo, locale: "en")
        let alphabet: [String] = ["a", "好", " ", "  ", "\n", "\r\n", "\t", "\u{3000}", "\u{A0}", "\u{2028}", "\u{85}",
                                  "\u{301}", "e\u{301}", " \u{301}", "[笑哭]", "[f056]", "[微笑]", "👨‍👩‍👧", "[", "]"]
        var rng = SeededRandom(seed: 3)
        for _ in 0..<400 {
            var s = ""
            for _ in 0..<rng.int(in: 0...16) { s += alphabet[rng.int(in: 0..<alphabet.count)] }
            let rich = RichText(parsing: s, catalog: .demo)
            #expect(engine.accessibilityLabel(rich) == Self.reference(rich, engine), "\(quotedLiteral(s))")
        }
    }
}
