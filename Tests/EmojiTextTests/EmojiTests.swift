import Testing
@testable import EmojiText

@Suite struct EmojiTests {
    @Test func meaningFallsBackToDefaultThenCode() {
        let e = Emoji(code: "f056", kind: .animatedImage, meanings: ["": "笑哭", "en": "tears of joy"], group: "Seed")
        #expect(e.meaning(for: "en") == "tears of joy")
        #expect(e.meaning(for: "fr") == "笑哭")
        #expect(Emoji(code: "x", kind: .unicode, group: "g").meaning() == "x")
    }
}
