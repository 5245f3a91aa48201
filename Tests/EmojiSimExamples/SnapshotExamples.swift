// README.md, "Snapshots": snapshot tests in Swift Testing and XCTest.

// snippet: readme-snapshots
import Testing
import XCTest
import SimCore              // Point
import Raster               // DisplayList, TextLayout
import ChatUI               // EmojiPanel, ChatScreen
import Scenario             // ScenarioConfiguration
import EmojiSimIO           // ScenarioHosting: the demo screen with its bundled images
import EmojiSimTesting

@Suite struct PanelSnapshots {
    @Test(.snapshots()) func firstPage() {
        let panel = EmojiPanel(catalog: .demo, configuration: .device(.iphone8)).initialState(width: 375)
        assertSnapshot(of: panel.displayList(at: .zero), as: .ascii, named: "first-page")
    }

    @Test(.snapshots(record: .missing))                      // the test's record mode (optional)
    func wholeScreen() {
        let screen = ScenarioHosting.makeScreen(ScenarioConfiguration(), assets: .demo)
        assertSnapshots(of: screen, as: [.ascii, .asciiStyled, .png])   // several at once
    }

    @Test(.snapshots()) func seedChain() {
        assertScenario("Tests/Scenarios/seed-chain.scenario")   // a script as one test
    }
}

final class CardTests: XCTestCase {                             // XCTest
    func testCard() {
        var card = DisplayList(width: 96, height: 48)
        card.border(card.bounds, radius: 4, .border)
        card.text(TextLayout("卡片 card"), at: Point(x: 8, y: 16))
        XCTAssertNil(withSnapshotTesting(record: .missing) { assertSnapshot(of: card, as: .png) })
    }
}
// end snippet

// docs/ARCHITECTURE.md, "EmojiSimTesting": the strategies, and pullback.
@Suite struct StrategyExamples {
    /// A value that is not a display list, snapshotted through `pullback`.
    struct Model { var screen: SimCore.Host<ChatScreen> }

    @Test(.snapshots()) func strategies() {
        let screen = ScenarioHosting.makeScreen(ScenarioConfiguration(), assets: .demo)
        let model = Model(screen: screen)
        // snippet: architecture-strategies
        assertSnapshot(of: screen, as: .ascii)                  // CharGrid text, .txt
        assertSnapshot(of: screen, as: .asciiStyled, named: "styled")
        assertSnapshot(of: screen, as: .tree)                   // .tree.txt
        assertSnapshot(of: screen, as: .png(RenderConfiguration(scale: 2, theme: .dark)))  // its own images
        assertSnapshot(of: model, as: Snapshotting<SimCore.Host<ChatScreen>, String>.ascii.pullback { (m: Model) in m.screen })
        // end snippet
    }
}
