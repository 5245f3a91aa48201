import Testing
import SimCore
import EmojiText
import Raster
@testable import ChatUI

/// Issue 18, item 9: typing was quadratic because every keystroke laid out the whole
/// text. The bar now keeps its layout in the state and updates it per edit; these
/// tests bound the work (lines broken per keystroke) and check the cached layout is
/// always the full layout of the text, through typing, emoji, newlines, deletes in the
/// middle, paste, undo and a width change.
@Suite struct InputBarTextLayoutCacheTests {
    static func fullLayout(_ bar: InputBar.State) -> TextLayout {
        let width = InputBarLayout.textContainerWidth(barWidth: bar.profile.size.width, configuration: bar.configuration)
        return TextLayout(InlineRun.runs(from: bar.editor.richText), maxWidth: width)
    }

    @Test func typingBreaksAFewLinesPerKeystroke() throws {
        let r = InputBarRig(InputBarConfiguration())
        try r.send(.tapTextView())
        var most = 0
        for i in 0..<400 {
            try r.send(.type(i % 9 == 8 ? " " : "x"))
            let cached = try #require(r.bar.cachedTextLayout.value)
            most = max(most, cached.linesBrokenByLastUpdate)
        }
        #expect(r.bar.textLayout.lines.count > 8)
        #expect(most <= 4)
        #expect(r.bar.cachedTextLayout.value == Self.fullLayout(r.bar))
    }

    @Test func theCacheIsTheFullLayoutAfterEveryKindOfEdit() throws {
        let r = InputBarRig(InputBarConfiguration())
        try r.send(.tapTextView())
        func check(_ what: String) throws {
            let cached = try #require(r.bar.cachedTextLayout.value, "\(what)")
            #expect(cached == Self.fullLayout(r.bar), "\(what)")
            #expect(r.bar.textLayout == cached, "\(what)")
        }
        for word in ["hello ", "世界，", "[笑哭]", "e\u{301}", "\u{1F1E6}", "\u{1F1E8}", "[微笑", "]"] {
            try r.send(.type(word)); try check("type \(word)")
        }
        try r.send(.returnKey); try check("return")
        try r.send(.type("line two")); try check("second line")
        try r.send(.select(location: 3, length: 4)); try r.send(.copy)
        try r.send(.select(location: 1, length: 0)); try r.send(.paste); try check("paste in the middle")
        try r.send(.select(location: 5, length: 0)); try r.send(.backspace); try check("delete in the middle")
        try r.send(.undo); try check("undo")
        try r.send(.resize(Size(width: 320, height: 568))); try check("narrower")
        try r.send(.type("xyz")); try check("typing after the resize")
        try r.send(.selectAll); try r.send(.backspace); try check("cleared")
    }
}
