import Imaging
import SimCore
import Testing
@testable import Raster

/// Skipping what later opaque rects repaint (`Occlusion`) is an optimisation: these tests
/// hold a render to the pixels of drawing every command, and check what it skips.
@Suite struct OcclusionTests {
    let theme = Theme(name: "test", colors: [
        .background: Color(hex: 0x204060), .text: Color(hex: 0xFFFFFF), .inputBackground: Color(hex: 0xF7F7F7),
        .shadow: Color(hex: 0x000000, alpha: 90), .accent: Color(hex: 0xFF8000, alpha: 200),
        .panelBackground: Color(hex: 0xF2F2F2), .bubbleOutgoing: Color(hex: 0x95EC69),
    ])

    func list(_ commands: [DrawCommand]) -> DisplayList {
        DisplayList(size: Size(width: 40, height: 30), items: commands.map { DisplayItem($0) })
    }

    func hidden(_ commands: [DrawCommand], scale: Double = 2) -> [Bool]? {
        Occlusion.hiddenItems(in: list(commands), scale: scale, theme: theme,
                              clip: PixelClip(x0: 0, y0: 0, x1: Int(40 * scale), y1: Int(30 * scale)))
    }

    @Test func aBackgroundUnderBandsThatTileItIsSkipped() {
        let h = hidden([
            .fillRect(Rect(x: 0, y: 0, width: 40, height: 30), .background),
            .roundedRect(Rect(x: 4, y: 4, width: 10, height: 6), radius: 3, .bubbleOutgoing),
            .fillRect(Rect(x: 0, y: 0, width: 40, height: 10), .inputBackground),
            .fillRect(Rect(x: 0, y: 10, width: 40, height: 20), .panelBackground),
        ])
        #expect(h == [true, true, false, false])
    }

    @Test func aGapBetweenTheBandsKeepsTheBackground() {
        // Rows 20...21 (10 to 10.5 points at 2x) are covered by neither band.
        let h = hidden([
            .fillRect(Rect(x: 0, y: 0, width: 40, height: 30), .background),
            .fillRect(Rect(x: 0, y: 0, width: 40, height: 10), .inputBackground),
            .fillRect(Rect(x: 0, y: 10.5, width: 40, height: 19.5), .panelBackground),
        ])
        #expect(h == [false, false, false])
    }

    @Test func translucentFractionalOrFadedRectsHideNothing() {
        let under = DrawCommand.roundedRect(Rect(x: 2, y: 2, width: 10, height: 10), radius: 2, .inputBackground)
        // Translucent colour.
        #expect(hidden([under, .fillRect(Rect(x: 0, y: 0, width: 40, height: 30), .shadow)]) == nil)
        // Edges between pixels: the edge pixels blend, so the rect does not repaint them.
        #expect(hidden([under, .fillRect(Rect(x: 0.25, y: 0, width: 39.5, height: 30), .panelBackground)]) == nil)
        // Inside a fade.
        #expect(hidden([under, .pushOpacity(0.5), .fillRect(Rect(x: 0, y: 0, width: 40, height: 30), .panelBackground),
                        .popOpacity]) == nil)
        // Rounded corners.
        #expect(hidden([under, .roundedRect(Rect(x: 0, y: 0, width: 40, height: 30), radius: 2, .panelBackground)]) == nil)
        // The same rect with square corners, opaque, at full opacity: hidden.
        #expect(hidden([under, .roundedRect(Rect(x: 0, y: 0, width: 40, height: 30), radius: 0, .panelBackground)])
                == [true, false])
    }

    @Test func anOccluderCoversOnlyWithinItsClip() {
        let h = hidden([
            .fillRect(Rect(x: 2, y: 2, width: 10, height: 10), .inputBackground),
            .fillRect(Rect(x: 2, y: 20, width: 10, height: 5), .inputBackground),
            .pushClip(Rect(x: 0, y: 0, width: 40, height: 15)),
            .fillRect(Rect(x: 0, y: 0, width: 40, height: 30), .panelBackground),
            .popClip,
        ])
        #expect(h == [true, false, false, false, false])
    }

    /// As a user of the renderer sees it (public API only): a screen whose bands cover its
    /// background renders exactly as the same screen without the background, and with a
    /// point of gap between the bands the background shows there.
    @Test func aCoveredBackgroundChangesNoPixelOfAScreen() {
        // `separator`, not `background`: the canvas clears to `background` itself.
        func screen(background: Bool, gap: Double) -> Image {
            var list = DisplayList(width: 40, height: 30)
            if background { list.items.append(DisplayItem(.fillRect(Rect(x: 0, y: 0, width: 40, height: 30), .separator))) }
            list.items.append(DisplayItem(.fillRect(Rect(x: 0, y: 0, width: 40, height: 8), .surface)))
            list.items.append(DisplayItem(.fillRect(Rect(x: 0, y: 8 + gap, width: 40, height: 22 - gap), .panelBackground)))
            list.items.append(DisplayItem(.roundedRect(Rect(x: 4, y: 12, width: 20, height: 8), radius: 4, .bubbleOutgoing)))
            return PixelCanvas.render(list, options: PixelRenderOptions(scale: 2, theme: .light))
        }
        #expect(screen(background: true, gap: 0).pixels == screen(background: false, gap: 0).pixels)
        let shown = screen(background: true, gap: 1), cleared = screen(background: false, gap: 1)
        let sep = Theme.light.color(.separator)
        #expect(shown[10, 17] == (sep.r, sep.g, sep.b, 255))
        #expect(shown[10, 17] != cleared[10, 17])
    }

    /// Random flat lists of shapes, shadows and clipped or faded groups, some of them
    /// opaque whole-pixel rects: the render equals drawing each group as a list of its
    /// own (where nothing can be hidden), pixel for pixel.
    @Test func skippingHiddenCommandsNeverChangesAPixel() {
        var rng = SeededRandom(seed: 41)
        var skipped = 0
        let roles: [ColorRole] = [.background, .text, .inputBackground, .shadow, .accent, .panelBackground, .bubbleOutgoing]
        for case_ in 0..<150 {
            let scale = 1 + case_ % 3
            func q(_ range: Int, _ steps: Int) -> Double { Double(Int(rng.next() % UInt64(range * steps))) / Double(steps) }
            var groups: [[DrawCommand]] = []
            for _ in 0..<(2 + Int(rng.next() % 9)) {
                let steps = rng.next() % 2 == 0 ? 1 : 4 // whole points, or quarters
                let r = Rect(x: q(30, steps) - 4, y: q(22, steps) - 4, width: 1 + q(40, steps), height: 1 + q(30, steps))
                let role = roles[Int(rng.next() % UInt64(roles.count))]
                var c: DrawCommand
                switch rng.next() % 7 {
                case 0: c = .fillRect(r, role)
                case 1: // a band across the canvas, as a screen's bars and panels are
                    c = .fillRect(Rect(x: -1, y: q(26, 4), width: 42, height: 1 + q(12, 4)),
                                  rng.next() % 4 == 0 ? role : .panelBackground)
                case 2: c = .roundedRect(r, radius: rng.next() % 2 == 0 ? 0 : q(6, 2), role)
                case 3: c = .shadow(r, radius: q(4, 2), offset: Point(x: q(3, 2), y: q(3, 2)), blur: q(4, 2), role)
                case 4: c = .circle(r, role)
                case 5: c = .fillRect(Rect(x: -1, y: -1, width: 42, height: 32), role)
                default: c = .border(r, width: 1 + q(2, 2), radius: q(4, 2), role)
                }
                switch rng.next() % 5 {
                case 0: groups.append([.pushClip(Rect(x: q(20, 2), y: q(15, 2), width: q(30, 2), height: q(20, 2))), c, .popClip])
                case 1: groups.append([.pushOpacity(q(2, 4)), c, .popOpacity])
                default: groups.append([c])
                }
            }
            let options = PixelRenderOptions(scale: scale, theme: theme)
            let all = list(groups.flatMap { $0 })
            var fast = PixelCanvas(size: all.size, options: options)
            fast.clear(theme.color(.text))
            fast.draw(all)
            var slow = PixelCanvas(size: all.size, options: options)
            slow.clear(theme.color(.text))
            for g in groups { slow.draw(list(g)) }
            #expect(fast.image.pixels == slow.image.pixels, "case \(case_): \(groups)")
            let h = Occlusion.hiddenItems(in: all, scale: Double(scale), theme: theme,
                                          clip: PixelClip(x0: 0, y0: 0, x1: 40 * scale, y1: 30 * scale))
            skipped += h?.filter { $0 }.count ?? 0
        }
        #expect(skipped > 50, "the cases hide too little to test the skipping: \(skipped) commands")
    }
}
