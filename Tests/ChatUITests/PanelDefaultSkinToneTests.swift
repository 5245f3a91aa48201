import Testing
import SimCore
import EmojiText
import Raster
@testable import ChatUI
import ChatHarness

/// The default skin tone (issue 44 item 1): every emoji with a variant in that tone
/// shows it, in the grid, the search results and Recents; a long-press pick of one
/// emoji wins over it; a change is traced and redrawn.
@Suite struct PanelDefaultSkinToneTests {
    func demoPanel(_ tone: SkinTone?) -> (Host<EmojiPanel>, PanelDriver) {
        var c = PanelConfiguration.standard
        c.defaultSkinTone = tone
        let panel = Host(panel: EmojiPanel(catalog: .demo, configuration: c), width: 375)
        return (panel, PanelDriver(panel: panel))
    }

    static let wave = "👋"

    /// The codes of the image items of the page in view (what the keys draw).
    func drawnCodes(_ panel: Host<EmojiPanel>) -> [String] {
        panel.state.displayList(at: panel.clock.now).items.compactMap { item -> String? in
            if case .image(let ref, _) = item.command, (item.viewName ?? "").hasPrefix("EmojiPanel.page") { return ref.code } else { return nil }
        }
    }

    @Test func everyKeyWithTheToneShowsItsVariant() throws {
        let (panel, _) = demoPanel(.medium)
        var toned = 0
        for (s, section) in panel.state.sections.enumerated() {
            for (i, e) in section.emoji.enumerated() {
                let shown = try #require(panel.state.shown(section: s, index: i))
                let variant = SkinTone.variant(wearing: .medium, among: EmojiCatalog.demo.variants(of: e))
                #expect(shown.code == (variant ?? e).code)
                if variant != nil { toned += 1 }
            }
        }
        #expect(toned >= 8) // the demo's hands with five tones
        // Without a default tone nothing is toned (the yellow base, as before).
        let (plain, _) = demoPanel(nil)
        #expect(plain.state.defaultToned.isEmpty)
        #expect(plain.state.sections.enumerated().allSatisfy { s, sec in
            sec.emoji.indices.allSatisfy { plain.state.shown(section: s, index: $0) == sec.emoji[$0] }
        })
    }

    @Test func aTapInsertsTheTonedVariantAndItIsDrawn() throws {
        let (panel, d) = demoPanel(.dark)
        let cat = EmojiCatalog.demo
        let base = try #require(cat.emoji(forCode: Self.wave))
        let dark = try #require(SkinTone.variant(wearing: .dark, among: cat.variants(of: base)))
        #expect(dark.code == "👋🏿")
        let s = try #require(panel.state.sections.firstIndex { $0.emoji.contains(base) })
        let i = try #require(panel.state.sections[s].emoji.firstIndex(of: base))
        panel.scroll(toPage: panel.state.layout.page(section: s, index: i)!, animated: false)
        #expect(drawnCodes(panel).contains(dark.code) && !drawnCodes(panel).contains(base.code))
        d.tap(try #require(panel.location(ofEmoji: base.code)))
        #expect(d.delegateCalls() == [.didSelect(dark)])
        #expect(panel.state.recents.first == dark)
    }

    @Test func searchResultsAndRecentsHonourTheTone() throws {
        let (panel, _) = demoPanel(.mediumLight)
        let base = try #require(EmojiCatalog.demo.emoji(forCode: Self.wave))
        panel.setRecents([base])
        panel.scroll(toPage: 0, animated: false)
        #expect(panel.state.sections[0].kind == .recents)
        #expect(panel.state.shown(section: 0, index: 0)?.code == "👋🏼")
        panel.search("waving hand")
        let results = panel.state.sections[0]
        let k = try #require(results.emoji.firstIndex(of: base))
        #expect(panel.state.shown(section: 0, index: k)?.code == "👋🏼")
        #expect(drawnCodes(panel).contains("👋🏼"))
    }

    @Test func aLongPressPickWinsOverTheDefault() throws {
        let (panel, d) = demoPanel(.medium)
        let base = try #require(EmojiCatalog.demo.emoji(forCode: Self.wave))
        let s = try #require(panel.state.sections.firstIndex { $0.emoji.contains(base) })
        let i = try #require(panel.state.sections[s].emoji.firstIndex(of: base))
        panel.scroll(toPage: panel.state.layout.page(section: s, index: i)!, animated: false)
        let key = try #require(panel.location(ofEmoji: base.code))
        d.down(key)
        d.wait(.milliseconds(300))
        let picker = try #require(panel.state.skinPicker)
        // The picker opens on the tone the key shows: the default's.
        #expect(picker.options[picker.selected].code == "👋🏽")
        // Picking the yellow base keeps it yellow, the default notwithstanding.
        d.move(picker.frame(ofOption: 0).center)
        d.up(picker.frame(ofOption: 0).center)
        #expect(d.delegateCalls() == [.didSelect(base)])
        #expect(panel.state.skinTones[base.code] == base)
        // The pick put a Recents group in front: find the key again.
        let s2 = try #require(panel.state.sections.firstIndex { $0.kind != .recents && $0.emoji.contains(base) })
        #expect(panel.state.shown(section: s2, index: i) == base)
        // Another default tone changes the other keys, not this one.
        var c = panel.state.configuration
        c.defaultSkinTone = .dark
        panel.configure(c)
        #expect(panel.state.toned(base) == base)
        #expect(panel.trace.text.contains("panel defaultSkinTone tone=dark"))
    }

    @Test func changingTheToneRedrawsTheKeys() throws {
        let (panel, _) = demoPanel(nil)
        let base = try #require(EmojiCatalog.demo.emoji(forCode: Self.wave))
        let s = try #require(panel.state.sections.firstIndex { $0.emoji.contains(base) })
        let i = try #require(panel.state.sections[s].emoji.firstIndex(of: base))
        panel.scroll(toPage: panel.state.layout.page(section: s, index: i)!, animated: false)
        #expect(drawnCodes(panel).contains(base.code))
        var c = panel.state.configuration
        c.defaultSkinTone = .light
        panel.configure(c)
        #expect(drawnCodes(panel).contains("👋🏻") && !drawnCodes(panel).contains(base.code))
        c.defaultSkinTone = nil
        panel.configure(c)
        #expect(drawnCodes(panel).contains(base.code))
        #expect(panel.trace.text.contains("panel defaultSkinTone tone=none"))
    }

    @Test func twoPersonFamiliesTakeTheToneForBoth() {
        let variants = ["🧑🏻‍🤝‍🧑🏻", "🧑🏻‍🤝‍🧑🏼", "🧑🏼‍🤝‍🧑🏼"].map { Emoji(code: $0, kind: .unicode, group: "") }
        #expect(SkinTone.variant(wearing: .light, among: variants)?.code == "🧑🏻‍🤝‍🧑🏻")
        #expect(SkinTone.variant(wearing: .mediumLight, among: variants)?.code == "🧑🏼‍🤝‍🧑🏼")
        #expect(SkinTone.variant(wearing: .dark, among: variants) == nil)
        #expect(SkinTone.allCases.allSatisfy { SkinTone(scriptName: $0.scriptName) == $0 })
        #expect(SkinTone(scriptName: "yellow") == nil)
    }
}
