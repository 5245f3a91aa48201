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
    static func fullLayout(_ bar: InputBar) -> TextLayout {
        let width = InputBarLayout.textContainerWidth(barWidth: bar.state.profile.size.width, configuration: bar.configuration)
        return TextLayout(InlineRun.runs(from: bar.editor.richText), maxWidth: width)
    }

    @Test func typingBreaksAFewLinesPerKeystroke() throws {
        let r = InputBarRig(InputBarConfiguration())
        try r.bar.send(.tapTextView())
        var most = 0
        for i in 0..<400 {
            try r.bar.send(.type(i % 9 == 8 ? " " : "x"))
            let cached = try #require(r.bar.state.cachedTextLayout)
            most = max(most, cached.linesBrokenByLastUpdate)
        }
        #expect(r.bar.textLayout.lines.count > 8)
        #expect(most <= 4)
        #expect(r.bar.state.cachedTextLayout == Self.fullLayout(r.bar))
    }

    @Test func theCacheIsTheFullLayoutAfterEveryKindOfEdit() throws {
        let r = InputBarRig(InputBarConfiguration())
        try r.bar.send(.tapTextView())
        func check(_ what: String) throws {
            let cached = try #require(r.bar.state.cachedTextLayout, "\(what)")
            #expect(cached == Self.fullLayout(r.bar), "\(what)")
            #expect(r.bar.textLayout == cached, "\(what)")
        }
        for word in ["hello ", "世界，", "[笑哭]", "e\u{301}", "\u{1F1E6}", "\u{1F1E8}", "[微笑", "]"] {
            try r.bar.send(.type(word)); try check("type \(word)")
        }
        try r.bar.send(.returnKey); try check("return")
        try r.bar.send(.type("line two")); try check("second line")
        try r.bar.send(.select(location: 3, length: 4)); try r.bar.send(.copy)
        try r.bar.send(.select(location: 1, length: 0)); try r.bar.send(.paste); try check("paste in the middle")
        try r.bar.send(.select(location: 5, length: 0)); try r.bar.send(.backspace); try check("delete in the middle")
        try r.bar.send(.undo); try check("undo")
        try r.bar.send(.resize(Size(width: 320, height: 568))); try check("narrower")
        try r.bar.send(.type("xyz")); try check("typing after the resize")
        try r.bar.send(.selectAll); try r.bar.send(.backspace); try check("cleared")
    }
}
