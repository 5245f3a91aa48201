import Testing
import SimCore
import Imaging
import Raster
import ChatUI
import ChatHarness
import Scenario
import EmojiSimIO
import EmojiSimTesting

/// A screen's pixel snapshot is drawn in the theme the screen shows unless the strategy
/// names one, as its images are: after `.setTheme(.dark)`, `assertSnapshot(of: host,
/// as: .png)` is dark, a script's `theme dark` screen gives the same pixels through
/// `assertSnapshot` as through the script's own snapshot, and a `ScenarioDriver` draws
/// the screen in the theme it shows whatever the driver's configuration says.
@Suite struct ScreenThemeSnapshotTests {
    func png(_ host: Host<ChatScreen>, _ configuration: RenderConfiguration = .default) -> Image {
        Snapshotting<Host<ChatScreen>, Image>.png(configuration).snapshot(host)
    }

    @Test func aScreenIsDrawnInTheThemeItShows() {
        let host = Host<ChatScreen>(profile: .iphone8, catalog: .demo, messages: DemoConversation.messages())
        #expect(host.preferredTheme == .light)
        let light = png(host)
        #expect(light == png(host, RenderConfiguration(theme: .light)))
        host.send(.setTheme(.dark))
        let dark = png(host)
        #expect(dark != light)
        #expect(dark == png(host, RenderConfiguration(theme: .dark)))
        // A theme the strategy names wins over the screen's.
        #expect(png(host, RenderConfiguration(theme: .light)) == light)
    }

    @Test func aScriptsThemeIsTheScreensTheme() {
        var setup = ScenarioConfiguration()
        setup.theme = .dark
        let screen = ScenarioHosting.makeScreen(setup, assets: .demo)
        #expect(screen.preferredTheme == .dark)
        // What the script's snapshot draws (`SnapshotRenderer` with the setup's theme and
        // the host's images) is what the strategy draws by default.
        let script = SnapshotRenderer(scale: 2, theme: setup.theme, font: RenderConfiguration().font,
                                      images: screen.imageProvider).image(screen.displayList())
        #expect(png(screen) == script)
    }

    @Test func aDriverDrawsTheScreenInTheThemeItShows() throws {
        var setup = ScenarioConfiguration()
        setup.theme = .dark
        let screen = ScenarioHosting.makeScreen(setup, assets: .demo)
        let driver = ScenarioDriver(host: screen)               // default settings: light
        try driver.execute(.snapshot(Script.SnapshotRequest(name: "dark", formats: [.png])))
        screen.send(.setTheme(.light))
        try driver.execute(.snapshot(Script.SnapshotRequest(name: "light", formats: [.png])))
        #expect(driver.result.snapshots.map(\.theme) == [.dark, .light])
    }
}
