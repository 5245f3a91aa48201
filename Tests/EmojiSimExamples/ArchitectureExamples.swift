import Testing
import SimCore
import Raster
import EmojiSimIO

// docs/ARCHITECTURE.md, "Raster: the one seam".
@Suite struct ArchitectureExamples {
    @Test func theDisplayListSeam() throws {
        // snippet: architecture-display-list
        var list = DisplayList(width: 375, height: 667)
        list.fill(list.bounds, .background, view: "ChatScreen")
        let bubble = Rect(x: 240, y: 40, width: 120, height: 36)
        list.shadow(bubble, radius: 8)                      // drawn outside the bubble only
        list.roundedRect(bubble, radius: 8, .bubbleOutgoing, label: "Hi", view: "Bubble")
        list.text(TextLayout("Hi", maxWidth: 220), at: Point(x: 252, y: 50), .bubbleOutgoingText)
        var child = DisplayList(width: 120, height: 40)
        child.fill(child.bounds, .surface, view: "Card")
        list.clipped(to: Rect(x: 0, y: 100, width: 375, height: 200)) { l in
            l.append(contentsOf: child, at: Point(x: 16, y: 120))
        }
        let text = CharGrid(list, options: .styled).text   // review-friendly text
        let image = PixelCanvas.render(list, options: PixelRenderOptions(scale: 2, theme: .dark,
                                       font: try BundledFont.unifont()))   // RGBA Image
        let tree = list.treeDump                            // semantic dump
        // end snippet
        #expect(text.contains("Hi"))
        #expect(image.width == 750 && image.height == 1334)
        #expect(tree.contains("Bubble") && tree.contains("Card"))
    }
}
