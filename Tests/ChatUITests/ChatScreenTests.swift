import Testing
import SimCore
import EmojiText
import Raster
@testable import ChatUI

func makeDemoScreen(profile: DeviceProfile = .iphone14, messages: [Message] = DemoConversation.messages(),
                    theme: Theme = .light) -> ChatScreen {
    var config = ChatScreen.Configuration()
    config.theme = theme
    return ChatScreen(profile: profile, catalog: .demo, messages: messages,
                      images: SyntheticEmojiImages.library(for: .demo), configuration: config)
}

@Suite struct ChatScreenTests {
    @Test func opensAtTheBottomWithTheDemoConversation() {
        let screen = makeDemoScreen()
        #expect(screen.messageCount == DemoConversation.script.count)
        #expect(screen.visibleRows.upperBound == screen.messageCount)
        #expect(screen.list.isAtBottom)
        let grid = CharGrid(screen.displayList())
        print(grid.text)
        #expect(screen.list.invariantViolations().isEmpty)
    }
}
