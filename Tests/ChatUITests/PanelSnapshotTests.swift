import Testing
import SimCore
import EmojiText
import Raster
import EmojiSimTesting
import EmojiSimIO
import Imaging
@testable import ChatUI

/// The demo catalog's images (bundled Noto stills and generated GIFs), decoded on
/// demand; a name that is not bundled draws as the placeholder.
var demoPanelImages: ImageProvider {
    ImageProvider { name, frame in
        guard let bytes = try? BundledResources.bytes("DemoAssets/" + name),
              let image = try? AnimatedImageDecoder.decode(bytes, name: name) else { return nil }
        return try? image.frame(at: min(max(0, frame), image.frameCount - 1))
    }
}

/// Reference renders of the panel over the demo catalog (经典 64, Seed 4, Emoji 93):
/// Unicode text (`.txt`), the style layer (`.styled.txt`), the display-list tree
/// (`.tree.txt`) and pixels at scale 1 (`.png`), under Snapshots/PanelSnapshotTests/.
@Suite struct PanelSnapshotTests {
    func demo() -> (Host<EmojiPanel>, PanelDriver) {
        let panel = Host(panel: EmojiPanel(catalog: .demo), width: 375)
        return (panel, PanelDriver(panel: panel))
    }

    /// The four formats of one state; failures point at the caller's line.
    func snap(_ list: DisplayList, _ name: String, png: Bool = true, function: String = #function,
              fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line) {
        assertSnapshot(of: list, as: .ascii, named: name, fileID: fileID, filePath: filePath, function: function, line: line)
        assertSnapshot(of: list, as: .asciiStyled, named: name + ".styled", fileID: fileID, filePath: filePath,
                       function: function, line: line)
        assertSnapshot(of: list, as: .tree, named: name, fileID: fileID, filePath: filePath, function: function, line: line)
        if png {
            assertSnapshot(of: list, as: .png(RenderConfiguration(scale: 1, images: demoPanelImages)), named: name, fileID: fileID,
                           filePath: filePath, function: function, line: line)
        }
    }

    @Test func firstPage() {
        let (panel, _) = demo()
        #expect(panel.state.currentGroupName == "经典" && panel.state.pageInGroup == 0)
        snap(panel.displayList(), "first")
    }

    @Test func firstPageDarkTheme() {
        let (panel, _) = demo()
        let list = panel.displayList()
        assertSnapshot(of: list, as: .png(RenderConfiguration(scale: 1, theme: .dark, images: demoPanelImages)), named: "dark")
    }

    @Test func middlePageOfALargeGroup() {
        let (panel, _) = demo()
        let emoji = panel.state.sections.firstIndex { $0.name == "Emoji" }!
        panel.scroll(toPage: panel.state.layout.firstPage[emoji] + 2, animated: false)
        #expect(panel.state.pageInGroup == 2 && panel.state.pagesInGroup == 5)
        snap(panel.displayList(), "middle")
    }

    @Test func midScrollBetweenTwoGroups() {
        let (panel, d) = demo()
        panel.scroll(toPage: 2, animated: false) // the last page of 经典
        d.down(Point(x: 300, y: 60))
        d.slide(from: Point(x: 300, y: 60), to: Point(x: 100, y: 60), over: .milliseconds(300))
        #expect(panel.state.offset > 2 * 375 && panel.state.offset < 3 * 375)
        let list = panel.displayList()
        #expect(!list.items(inView: "EmojiPanel.page.2").isEmpty && !list.items(inView: "EmojiPanel.page.3").isEmpty)
        snap(list, "midscroll")
    }

    @Test func lastPartialPage() {
        let (panel, _) = demo()
        panel.scroll(toPage: 2, animated: false)
        #expect(panel.state.layout.emojiRange(ofPage: 2) == 46..<64)
        snap(panel.displayList(), "last-partial")
    }

    @Test func recentsGroup() {
        let (panel, d) = demo()
        for col in [3, 0, 5] { d.tap(panel.location(row: 0, column: col)) }
        panel.scroll(toSection: 0, animated: false)
        #expect(panel.state.currentGroupName == "Recents" && panel.state.sections[0].emoji.count == 3)
        snap(panel.displayList(), "recents")
    }

    @Test(arguments: [("left", 1, 0), ("right", 1, 7), ("top", 0, 4), ("bottom", 2, 4)])
    func previewNearAnEdge(_ edge: String, _ row: Int, _ column: Int) {
        let (panel, d) = demo()
        d.down(panel.location(row: row, column: column))
        d.wait(.milliseconds(300))
        let p = panel.state.preview!
        let bounds = Rect(x: 0, y: 0, width: 375, height: 216)
        #expect(bounds.union(p.placement.frame) == bounds)
        snap(panel.displayList(), "preview-\(edge)", png: edge == "left")
    }
}
