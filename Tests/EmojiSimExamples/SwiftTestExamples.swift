// README.md, "Swift tests": a flow of Flows/delete-whole-emoji.scenario as a Swift test,
// on a ChatScreen built from Swift, with the Tester's finders and expectations.

// snippet: readme-swift-tests
import Testing
import SimCore              // Host: the one runtime of every model
import Tester               // Tester, finders (.input, .emoji("笑哭"), …), expectations
import ChatUI               // ChatScreen, SyntheticEmojiImages
import ChatHarness          // ChatScreen as the Tester's subject: its finders
import EmojiText            // EmojiCatalog (.demo)

@Suite struct DeleteKeyTests {
    @Test func theDeleteKeyRemovesAWholeEmoji() throws {
        // A screen built from Swift: a device, a catalog, messages, images (all optional).
        let screen = Host<ChatScreen>(profile: .iphone8, catalog: .demo, messages: [],
                                      images: SyntheticEmojiImages.library(for: .demo))
        let tester = Tester(screen)            // auto timing: idle before every action
        try tester.tap(.input)                 // tap input
        try screen.type("ab")                  // type "ab"
        try tester.tap(.toggle)                // tap toggle
        try tester.tap(.emoji("笑哭"))          // tap panel.emoji 笑哭
        try tester.expect(.input, .text("ab[笑哭]"))
        try tester.tap(.delete)                // tap panel.delete
        try tester.expect(.input, .text("ab"))
        try tester.tap(.delete)
        try tester.expect(.input, .text("a"))
        #expect(screen.caret == 1..<1)         // expect caret 1
        #expect(tester.isVisible(.emoji("笑哭")) && tester.count(of: .label("笑哭")) >= 1)
    }
}
// end snippet
