import Testing
import Imaging
import Raster
import ChatUI
import EmojiSimIO
@testable import Scenario

/// Redrawing only what `PixelDamage` says changed, on a canvas that keeps the previous
/// frame (what the playground does every animation frame), gives the same pixels as a
/// full render, frame after frame of a real screen: a panel fling and its snap, a tab
/// switch, a preview, typing with the caret, GIFs playing, a message sent. (A full
/// 750x1334 render a line for comparison: about 2 s in a debug build.)
@Suite struct PixelDamageScreenTests {
    @Test func regionRedrawsEqualFullRendersThroughASession() throws {
        let text = """
        device iphone8
        conversation demo
        tap toggle
        settle
        timing manual
        press 300,530
        move 160,530 over 48ms
        release
        wait 16ms
        wait 100ms
        timing auto
        tap panel.tab 1
        long-press panel.emoji f056 for 400ms
        tap panel.tab 0
        tap panel.emoji 笑哭
        tap send
        wait 16ms
        tap input
        settle
        type "hi"
        wait 600ms
        """
        let script = try ScriptParser.parse(text, name: "damage.scenario")
        let configuration = ScenarioConfiguration(script: script)
        let screen = ScenarioHosting.makeScreen(configuration, assets: .demo)
        let font = try BundledFont.unifont()
        let driver = ScenarioDriver(host: screen, configuration: configuration, runner: ScenarioRunner(font: font), name: "damage")
        let options = PixelRenderOptions(scale: 2, theme: configuration.theme, font: font, images: screen.imageProvider)
        var last = screen.displayList()
        var kept = PixelCanvas(size: last.size, options: options)
        kept.render(last)
        var partial = 0, unchanged = 0
        for c in script.commands {
            guard case .setup = c.value else {
                try driver.execute(c.value, line: c.line, column: c.column)
                let list = screen.displayList()
                let regions = PixelDamage.regions(from: last, to: list, scale: 2, width: kept.width, height: kept.height)
                let area = regions.reduce(0) { $0 + $1.area }
                if regions.isEmpty { unchanged += 1 } else if area < kept.width * kept.height { partial += 1 }
                kept.render(list, in: regions)
                last = list
                let full = PixelCanvas.render(list, options: options)
                #expect(kept.image.pixels == full.pixels, "line \(c.line): \(regions) redrawn")
                continue
            }
        }
        // The damage was partial most of the time, not the whole screen every frame.
        #expect(partial >= 8, "\(partial) partial frames, \(unchanged) unchanged")
    }
}
