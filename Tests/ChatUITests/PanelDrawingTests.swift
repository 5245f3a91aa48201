import Testing
import SimCore
import EmojiText
import Imaging
import Raster
@testable import ChatUI

@Suite struct PanelDrawingTests {
    func images(in list: DisplayList, view: String) -> [ImageRef] {
        list.items.compactMap { item -> ImageRef? in
            guard item.viewName == view, case let .image(r, _) = item.command else { return nil }
            return r
        }
    }

    @Test func firstPageDrawsItsKeysStillWithMeaningsAsLabels() {
        let (panel, _) = makePanel()
        let list = panel.displayList()
        let keys = images(in: list, view: "EmojiPanel.page.0")
        #expect(keys.count == 23)
        #expect(keys.map(\.displayCode) == (0..<23).map { PanelFixtures.groups[0].emoji[$0].code })
        // The delete key is a backspace icon, labelled for screen readers.
        let icons = list.items(inView: "EmojiPanel.page.0").filter {
            if case .icon(.deleteBackward, _, _) = $0.command { return true } else { return false }
        }
        #expect(icons.count == 1 && icons[0].accessibilityLabel == "Delete")
        #expect(keys.allSatisfy { $0.frameIndex == nil })
        let labels = list.accessibilityItems.compactMap(\.accessibilityLabel)
        #expect(labels.contains("Faces 7") && labels.contains("Delete") && labels.contains("Page 1 of 2"))
        #expect(labels.contains("Animals") && labels.contains("Food")) // category tabs
        #expect(list.items(inView: "EmojiPanel.page.1").isEmpty)       // not visible: not drawn
    }

    @Test func onlyVisiblePagesAreDrawnAndEachPageOnce() {
        let (panel, d) = makePanel(PanelFixtures.groups + [PanelFixtures.group("Big", "b", count: 3600)])
        _ = panel.displayList()
        #expect(panel.pageDrawCount == 1)
        // Mid-scroll: two pages visible.
        d.down(Point(x: 300, y: 60))
        d.slide(from: Point(x: 300, y: 60), to: Point(x: 150, y: 60), over: .milliseconds(200))
        for _ in 0..<5 { _ = panel.displayList() }
        #expect(panel.pageDrawCount == 2) // page 1 drawn once, then served from the cache
        let list = panel.displayList()
        #expect(!list.items(inView: "EmojiPanel.page.0").isEmpty && !list.items(inView: "EmojiPanel.page.1").isEmpty)
        #expect(list.items(inView: "EmojiPanel.page.2").isEmpty)
        #expect(panel.pageCacheHits >= 10)
        d.up(Point(x: 150, y: 60))
        d.settle()
        // A recents change redraws (new generation).
        let before = panel.pageDrawCount
        panel.select(PanelFixtures.groups[1].emoji[0])
        _ = panel.displayList()
        #expect(panel.pageDrawCount == before + 1)
    }

    @Test func pageControlHiddenForASinglePageGroupAndDotsFollowThePage() {
        let (panel, _) = makePanel()
        panel.scroll(toPage: 4, animated: false) // Animals page 3 of 5
        let dots = panel.displayList().items(inView: "EmojiPanel.pageControl")
        #expect(dots.count == 5)
        #expect(dots.compactMap(\.accessibilityLabel) == ["Page 3 of 5"])
        panel.scroll(toSection: 2, animated: false) // Food: one page
        #expect(panel.displayList().items(inView: "EmojiPanel.pageControl").isEmpty)
    }

    @Test func categoryBarHighlightsTheCurrentGroup() {
        let (panel, _) = makePanel()
        panel.scroll(toPage: 3, animated: false)
        let selected = panel.displayList().items(inView: "EmojiPanel.categoryBar")
            .filter { $0.state.contains(.selected) }.compactMap(\.accessibilityLabel)
        #expect(selected == ["Animals"])
    }

    @Test func theAnimatedPreviewPlaysWhileKeysStayStill() throws {
        let groups = [PanelFixtures.group("Gifs", "g", count: 10, animatedEvery: 1)]
        let lib = ImageLibrary()
        for i in 0..<3 { lib.register("still\(i)", image: AnimatedImage(still: Image(width: 2, height: 2))) }
        lib.registerSequence("g002.gif", frames: ["still0", "still1", "still2"], delay: .milliseconds(100))
        let (panel, d) = makePanel(groups, images: lib)
        d.down(panel.location(row: 0, column: 2))
        d.wait(.milliseconds(300))
        func previewFrame() -> Int? {
            images(in: panel.displayList(), view: "EmojiPanel.preview").first?.frameIndex
        }
        #expect(previewFrame() == 0)
        d.wait(.milliseconds(150))
        #expect(previewFrame() == 1)
        d.wait(.milliseconds(100))
        #expect(previewFrame() == 2)
        d.wait(.milliseconds(100))
        #expect(previewFrame() == 0) // loops forever
        #expect(images(in: panel.displayList(), view: "EmojiPanel.page.0").allSatisfy { $0.frameIndex == nil })
        #expect(panel.state.previewPlayback?.state.isPlaying == true)
        // Sliding to a still emoji stops the player; its preview is a still.
        d.move(panel.location(row: 0, column: 3))
        #expect(panel.state.previewPlayback == nil && previewFrame() == nil)
        d.up(panel.location(row: 0, column: 3))
        #expect(panel.displayList().items(inView: "EmojiPanel.preview").isEmpty)
        #expect(panel.clock.pendingTimerCount == 0) // no frames requested once the preview is gone
    }

    @Test func unicodeKeysPrintTheirGlyph() {
        let smile = Emoji(code: "😄", kind: .unicode, meanings: ["": "grinning face with smiling eyes"], group: "Smileys")
        let image = Emoji(code: "f056", kind: .staticImage, imageName: "f056.png", meanings: ["": "😂"], group: "Seed")
        let named = Emoji(code: "[哈哈]", kind: .staticImage, imageName: "haha.png", meanings: ["": "哈哈"], group: "Seed")
        #expect(PanelRenderer.glyph(smile) == "😄")
        #expect(PanelRenderer.glyph(image) == "😂")
        #expect(PanelRenderer.glyph(named) == nil)
        let (panel, _) = makePanel([PanelSection(name: "Smileys", emoji: [smile])])
        #expect(CharGrid(panel.displayList()).text.contains("😄"))
    }

    @Test func searchBarShowsTheQuery() {
        var c = PanelConfiguration.standard
        c.searchBarHeight = 48
        c.height = 264
        let (panel, _) = makePanel(configuration: c)
        #expect(CharGrid(panel.displayList()).text.contains("Search emoji"))
        panel.search("food")
        let text = CharGrid(panel.displayList()).text
        #expect(text.contains("food") && !text.contains("Search emoji"))
        panel.search("zzz")
        #expect(CharGrid(panel.displayList()).text.contains("No results"))
    }

    @Test func withoutASearchBarTheQueryShowsInTheCategoryBarBesideASearchTab() {
        let (panel, _) = makePanel()
        #expect(!CharGrid(panel.displayList()).text.contains("⌕"))
        panel.search("animals")
        let list = panel.displayList()
        // The results' tab is a magnifying glass of its own, not the first result's image.
        let tabs = list.items.filter { $0.viewName == "EmojiPanel.categoryBar" && $0.accessibilityLabel != nil }
        #expect(tabs.count == 1)
        if case .icon(let icon, _, _) = tabs.first?.command { #expect(icon == .search) } else { Issue.record("the search tab is not an icon: \(String(describing: tabs.first))") }
        #expect(tabs.first?.accessibilityLabel == "Search results")
        // The field, labelled Search, shows the query in every format.
        #expect(list.items.contains { $0.viewName == "EmojiPanel.search" && $0.accessibilityLabel == "Search" })
        let bottom = CharGrid(list).text.split(separator: "\n").last { $0.contains("⌕") }
        #expect(bottom?.contains("animals") == true, "\(CharGrid(list).text)")
        #expect(CharGrid(list, options: CharGridOptions(asciiOnly: true)).text.contains("animals"))
        panel.clearSearch()
        #expect(!CharGrid(panel.displayList()).text.contains("animals"))
    }
}

@Suite struct PanelPageControlTests {
    @Test func manyPagesShowAWindowOfDotsAroundTheCurrentOne() {
        let (panel, _) = makePanel([PanelFixtures.group("Big", "b", count: 23 * 90)])
        func dots() -> [DisplayItem] { panel.displayList().items(inView: "EmojiPanel.pageControl") }
        #expect(dots().count == 22) // (375 - 16) / 16 dots fit
        #expect(dots().first?.accessibilityLabel == "Page 1 of 90")
        panel.scroll(toPage: 50, animated: false)
        let d = dots()
        let current = d.firstIndex { $0.accessibilityLabel == "Page 51 of 90" }
        #expect(current == 11 && d.count == 22)
        panel.scroll(toPage: 89, animated: false)
        #expect(dots().last?.accessibilityLabel == "Page 90 of 90")
    }
}
