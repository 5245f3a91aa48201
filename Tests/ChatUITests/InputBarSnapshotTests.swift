import Testing
import SimCore
import Raster
import EmojiSimTesting
@testable import ChatUI

/// Reference renders of the bar's states (Snapshots/InputBarSnapshotTests/): strict
/// 7-bit ASCII, the Unicode grid with its style layer, and PNG (light; dark for a
/// few). Record with EMOJISIM_RECORD (see EmojiSimTesting's RecordMode).
@Suite struct InputBarSnapshotTests {
    // Scale 1 keeps the references small while PNGs are stored uncompressed.
    static var light: RenderConfiguration { RenderConfiguration(scale: 1) }
    static var dark: RenderConfiguration { RenderConfiguration(scale: 1, theme: .dark) }

    @Test(arguments: try! InputBarSnapshotFixtures.barStates().map(\.name))
    func bar(_ name: String) throws {
        let list = try #require(try InputBarSnapshotFixtures.barStates().first { $0.name == name }?.list)
        assertSnapshot(of: list, as: .ascii(.ascii), named: name + ".ascii")
        assertSnapshot(of: list, as: .asciiStyled, named: name + ".styled")
        assertSnapshot(of: list, as: .png(Self.light), named: name + ".light")
    }

    @Test(arguments: try! InputBarSnapshotFixtures.screenStates().map(\.name))
    func screen(_ name: String) throws {
        let list = try #require(try InputBarSnapshotFixtures.screenStates().first { $0.name == name }?.list)
        assertSnapshot(of: list, as: .ascii(.ascii), named: name + ".ascii")
        assertSnapshot(of: list, as: .asciiStyled, named: name + ".styled")
        assertSnapshot(of: list, as: .png(Self.light), named: name + ".light")
    }

    @Test func darkTheme() throws {
        let bars = try InputBarSnapshotFixtures.barStates()
        let bar = try #require(bars.first { $0.name == "marked-text" }?.list)
        assertSnapshot(of: bar, as: .png(Self.dark), named: "marked-text.dark")
        let screens = try InputBarSnapshotFixtures.screenStates()
        let list = try #require(screens.first { $0.name == "screen-switch-mid" }?.list)
        assertSnapshot(of: list, as: .png(Self.dark), named: "screen-switch-mid.dark")
    }

    /// The tree dump: the semantic snapshot of the states with the most structure.
    @Test func trees() throws {
        let bars = try InputBarSnapshotFixtures.barStates()
        for name in ["one-line-inline-emoji", "scrolled-seven-lines", "selection", "marked-text", "send-highlighted"] {
            let list = try #require(bars.first { $0.name == name }?.list)
            assertSnapshot(of: list, as: .tree, named: name)
        }
    }
}
