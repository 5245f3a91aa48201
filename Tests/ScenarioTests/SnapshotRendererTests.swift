import Testing
import SimCore
import Imaging
import Raster
import ChatUI
import ChatHarness
import Scenario
import EmojiSimIO
import EmojiSimTesting

/// The one snapshot renderer: every format it draws is what the strategies of
/// `assertSnapshot` give (so the scenario verifier, the tests and the wasm ABI, which all
/// call it, write the same bytes), and the legend codes a run shares pass through it.
@Suite struct SnapshotRendererTests {
    static func screen() -> Host<ChatScreen> { ScenarioHosting.makeScreen(ScenarioConfiguration(), assets: .demo) }

    @Test func everyFormatIsTheStrategysBytes() throws {
        let screen = Self.screen()
        let list = screen.displayList()
        let font = try BundledFont.unifont()
        let renderer = SnapshotRenderer(scale: 2, theme: .dark, font: font, images: screen.imageProvider)
        let configuration = RenderConfiguration(scale: 2, theme: .dark, font: font)
        for format in Script.SnapshotFormat.allCases {
            let bytes = renderer.render(list, as: format).bytes
            let expected: [UInt8]
            switch format {
            case .ascii: expected = Array(Snapshotting<Host<ChatScreen>, String>.ascii.snapshot(screen).utf8)
            case .styled: expected = Array(Snapshotting<Host<ChatScreen>, String>.asciiStyled.snapshot(screen).utf8)
            case .tree: expected = Array(Snapshotting<Host<ChatScreen>, String>.tree.snapshot(screen).utf8)
            case .png:
                let s = Snapshotting<Host<ChatScreen>, Image>.png(configuration)
                expected = s.diffing.toData(s.snapshot(screen))
            case .ppm:
                let s = Snapshotting<Host<ChatScreen>, Image>.ppm(configuration)
                expected = s.diffing.toData(s.snapshot(screen))
            }
            #expect(bytes == expected, "\(format)")
            #expect(!bytes.isEmpty, "\(format)")
        }
        // Pixel formats carry their codec; the picture is the renderer's `image`.
        #expect(renderer.render(list, as: .png) == .image(renderer.image(list), .png))
        #expect(renderer.render(list, as: .ppm) == .image(renderer.image(list), .ppm))
        #expect(renderer.render(list, as: .tree) == .text(list.treeDump))
    }

    @Test func aRunsTextSnapshotsShareTheirLegendCodes() {
        func card(_ names: [String]) -> DisplayList {
            var list = DisplayList(width: 96, height: 32)
            for (i, n) in names.enumerated() {
                list.image(ImageRef(name: n + ".gif", code: n), in: Rect(x: Double(16 * i), y: 0, width: 16, height: 16))
            }
            return list
        }
        let renderer = SnapshotRenderer()
        var codes = LegendCodes()
        _ = renderer.render(card(["f056"]), as: .png, codes: &codes)
        _ = renderer.render(card(["f056"]), as: .tree, codes: &codes)
        #expect(codes.count == 0, "pixel and tree formats give no codes")
        guard case .text(let first) = renderer.render(card(["f056"]), as: .ascii, codes: &codes) else {
            Issue.record("ascii is text"); return
        }
        #expect(codes.count == 1)
        let code = codes.code(for: "f056")
        #expect(first.contains(code))
        guard case .text(let second) = renderer.render(card(["f057", "f056"]), as: .styled, codes: &codes) else {
            Issue.record("styled is text"); return
        }
        #expect(codes.count == 2)
        #expect(codes.code(for: "f056") == code, "an emoji keeps its code for the whole run")
        #expect(second.contains(code))
    }
}
