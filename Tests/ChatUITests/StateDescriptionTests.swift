import Testing
import SimCore
import EmojiText
import ChatUI

/// The components' states print the facts a bug report needs, not every stored field
/// (the defaults printed the catalog, the layout caches and the players; issue 42).
@Suite struct StateDescriptionTests {
    @Test func aScreenPrintsItsComponentsFacts() throws {
        let host = Host<ChatScreen>(profile: .iphone8, catalog: .demo, messages: DemoConversation.messages())
        #expect("\(host.inputBar)" == "InputBar.State(text \"\", selection 0..<0, keyboard none, send disabled)")
        try host.perform(.tapTextView())
        try host.type("ab")
        let input = "\(host.inputBar)"
        #expect(input == "InputBar.State(text \"ab\", selection 2..<2, keyboard system, send enabled)")
        let panel = "\(host.panel)"
        #expect(panel.hasPrefix("EmojiPanel.State(group \(host.panelGroup), page 0 of "), "\(panel)")
        #expect(panel.hasSuffix(", offset 0, settled)"), "\(panel)")
        let rows = host.visibleRows
        #expect("\(host.list)" == "BubbleList.State(\(host.messageCount) messages, rows \(rows.lowerBound)..<\(rows.upperBound) displayed, 0 from the bottom)")
        let screen = host.withState { "\($1)" }
        #expect(screen == "ChatScreen.State(\(host.profile.name) 375x667, \(input), \(panel), \(host.list))")
        #expect(screen.count < 400, "one line a log can hold: \(screen.count) characters")
    }

    @Test func aPanelPrintsItsSearch() {
        let panel = Host(panel: EmojiPanel(catalog: .demo), width: 375)
        #expect(!"\(panel.state)".contains("search"))
        panel.send(.search("笑"))
        #expect("\(panel.state)".hasSuffix(", search \"笑\")"), "\(panel.state)")
    }
}
