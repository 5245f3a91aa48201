import Testing
import SimCore
import EmojiText
@testable import ChatUI
import ChatHarness

/// The two-row skin-tone picker of two-person emoji (issue 44 item 3): one row of tones
/// per person, a preview of the combination, placed as the one-row callout.
@Suite struct TwoTonePickerTests {
    static let tones = ["\u{1F3FB}", "\u{1F3FC}", "\u{1F3FD}", "\u{1F3FE}", "\u{1F3FF}"]
    static let base = Emoji(code: "🧑‍🤝‍🧑", kind: .unicode, meanings: ["": "people holding hands"], group: "People")
    /// The 25 variants as emoji-test.txt lists them: person one's tone, then person two's.
    static let variants = tones.flatMap { a in
        tones.map { b in Emoji(code: "🧑" + a + "\u{200D}🤝\u{200D}🧑" + b, kind: .unicode, group: "People") }
    }

    func panel() -> (Host<EmojiPanel>, PanelDriver) {
        var group = PanelFixtures.group("People", "p", count: 30)
        group.emoji[11] = Self.base // row 1, column 3 of the first page
        let (panel, d) = makePanel([group], variants: { $0.code == Self.base.code ? Self.variants : [] })
        panel.send(.setPreviewBounds(Rect(x: 0, y: -400, width: 375, height: 616)))
        return (panel, d)
    }

    @Test func eachPersonGetsARowAndTheLiftInsertsTheCombination() throws {
        let (panel, d) = panel()
        d.down(panel.location(row: 1, column: 3))
        d.wait(.milliseconds(300))
        let picker = try #require(panel.state.skinPicker)
        #expect(picker.twoTone == .init(first: nil, second: nil) && picker.options.count == 26 && picker.targetCount == 10)
        // Six cells wide (the preview and five tones), two rows tall: inside the screen.
        #expect(picker.frame.width == 6 * picker.cellWidth && picker.frame.minX >= 0 && picker.frame.maxX <= 375)
        #expect(picker.frame(ofTarget: 5).minY > picker.frame(ofTarget: 0).minY)
        d.move(picker.frame(ofTarget: 1).center) // person one: medium-light (person two follows)
        #expect(panel.state.skinPicker?.options[panel.state.skinPicker!.selected].code == "🧑🏼‍🤝‍🧑🏼")
        d.move(picker.frame(ofTarget: 8).center) // person two: medium-dark
        let chosen = "🧑🏼‍🤝‍🧑🏾"
        #expect(panel.state.skinPicker?.options[panel.state.skinPicker!.selected].code == chosen)
        #expect(panel.trace.text.contains("panel skinToneChanged code=\(chosen)"))
        d.up(picker.frame(ofTarget: 8).center)
        #expect(d.delegateCalls().last == .didSelect(Self.variants[1 * 5 + 3]))
        #expect(panel.state.skinTones[Self.base.code]?.code == chosen)
    }

    @Test func aSlideAlongOneRowKeepsTheOtherFollowing() throws {
        // A finger that enters the bottom row at its light end and slides to medium-dark
        // chooses only person two: person one, never touched, follows to the end (it
        // latched on the first tone crossed, so a scripted `move` inserted 🏻 + 🏾).
        let (panel, d) = panel()
        d.down(panel.location(row: 1, column: 3))
        d.wait(.milliseconds(300))
        let picker = try #require(panel.state.skinPicker)
        for t in 5...8 { d.move(picker.frame(ofTarget: t).center) }
        #expect(panel.state.skinPicker?.twoTone == .init(first: nil, second: .mediumDark))
        #expect((0..<10).filter { panel.state.skinPicker!.isTargetSelected($0) } == [3, 8])
        d.up(picker.frame(ofTarget: 8).center)
        #expect(d.delegateCalls().last == .didSelect(Self.variants[3 * 5 + 3]))
    }

    @Test func itReopensOnTheChosenTonesAndDrawsBothRows() throws {
        let (panel, d) = panel()
        let key = panel.location(row: 1, column: 3)
        d.down(key)
        d.wait(.milliseconds(300))
        var picker = try #require(panel.state.skinPicker)
        d.move(picker.frame(ofTarget: 4).center)
        d.move(picker.frame(ofTarget: 5).center)
        d.up(picker.frame(ofTarget: 5).center)
        d.settle()
        d.down(panel.state.location(ofEmoji: "🧑🏿‍🤝‍🧑🏻") ?? key)
        d.wait(.milliseconds(300))
        picker = try #require(panel.state.skinPicker)
        #expect(picker.twoTone == .init(first: .dark, second: .light))
        #expect((0..<10).filter { picker.isTargetSelected($0) } == [4, 5])
        // The top row shows each tone on person one with person two light; the bottom row the reverse.
        #expect(picker.emoji(ofTarget: 0).code == "🧑🏻‍🤝‍🧑🏻" && picker.emoji(ofTarget: 9).code == "🧑🏿‍🤝‍🧑🏿")
        let labels = panel.state.displayList(at: panel.clock.now).items
            .filter { $0.viewName == "EmojiPanel.skinTones" }.compactMap { item -> String? in
                if case .image(let ref, _) = item.command { return ref.code } else { return nil }
            }
        #expect(labels.count == 11 && labels.first == "🧑🏿‍🤝‍🧑🏻")
    }

    @Test func sameToneVariantsWithOneModifierMatch() {
        #expect(SkinTone.variant("🤝🏽", wears: .medium, .medium))
        #expect(SkinTone.variant("🫱🏽‍🫲🏿", wears: .medium, .dark))
        #expect(!SkinTone.variant("🫱🏽‍🫲🏿", wears: .dark, .medium))
        #expect(SkinTone.perPerson(in: "🧑🏻‍🤝‍🧑🏻") == [.light, .light])
    }
}
