import Imaging
import SimCore
import Testing
@testable import Raster

/// `PixelDamage.regions` and `PixelCanvas.render(_:in:)`: what changed between two
/// lists, and a canvas kept from the old one brought to the new by redrawing only that.
@Suite struct PixelDamageTests {
    let theme = Theme(name: "test", colors: [
        .background: Color(hex: 0x101010), .accent: Color(hex: 0xFF0000), .text: Color(hex: 0xFFFFFF),
        .shadow: Color(hex: 0x0000FF, alpha: 128), .secondaryText: Color(hex: 0x00FF00),
    ])

    func list(_ build: (inout DisplayList) -> Void) -> DisplayList {
        var l = DisplayList(width: 100, height: 80)
        build(&l)
        return l
    }

    /// Renders `a`, brings the canvas to `b` by regions, and compares with a full render of `b`.
    func redraw(_ a: DisplayList, _ b: DisplayList, scale: Int = 2) -> (regions: [PixelRect], equal: Bool) {
        let options = PixelRenderOptions(scale: scale, theme: theme)
        var kept = PixelCanvas(size: a.size, options: options)
        kept.render(a)
        let regions = PixelDamage.regions(from: a, to: b, scale: scale, width: kept.width, height: kept.height)
        kept.render(b, in: regions)
        return (regions, kept.image.pixels == PixelCanvas.render(b, options: options).pixels)
    }

    func scene(x: Double, clip: Double = 60, opacity: Double = 1, extra: Bool = false) -> DisplayList {
        list { l in
            l.fill(Rect(x: 0, y: 0, width: 100, height: 80), .background)
            l.roundedRect(Rect(x: 4, y: 60, width: 30, height: 12), radius: 4, .accent)
            l.clipped(to: Rect(x: 0, y: 0, width: 100, height: clip)) { l in
                l.shadow(Rect(x: x, y: 10, width: 20, height: 20), radius: 3, offset: Point(x: 0, y: 2), blur: 4)
                l.withOpacity(opacity) { l in
                    l.circle(Rect(x: x, y: 10, width: 20, height: 20), .accent)
                    l.line(from: Point(x: x, y: 40), to: Point(x: x + 30, y: 50), width: 1.5, .text)
                }
                l.border(Rect(x: x + 2, y: 34, width: 16, height: 8), width: 1, radius: 2, .secondaryText)
                if extra { l.icon(.send, in: Rect(x: x, y: 44, width: 12, height: 12), .text) }
            }
            l.fill(Rect(x: 70, y: 62, width: 20, height: 10), .text)
        }
    }

    @Test func anUnchangedListHasNoDamage() {
        #expect(PixelDamage.regions(from: scene(x: 10), to: scene(x: 10), scale: 2, width: 200, height: 160).isEmpty)
    }

    @Test func aMoveDamagesTheOldAndNewPlacesOnly() {
        let r = redraw(scene(x: 10), scene(x: 14))
        #expect(r.equal)
        let area = r.regions.reduce(0) { $0 + $1.area }
        #expect(area > 0 && area < 200 * 160 / 2)
        // Inside the clip (60 points: 120 pixels): the rounded rect and the fill below are untouched.
        #expect(r.regions.allSatisfy { $0.maxY <= 120 })
    }

    @Test func changedBracketsAndLengthsStillRedrawExactly() {
        for (a, b) in [(scene(x: 10), scene(x: 10, clip: 40)),     // a clip changes
                       (scene(x: 10), scene(x: 10, opacity: 0.5)), // an opacity changes
                       (scene(x: 10), scene(x: 22, extra: true)),  // items added
                       (scene(x: 22, extra: true), scene(x: 10))] {
            for scale in 1...3 { #expect(redraw(a, b, scale: scale).equal) }
        }
    }

    @Test func anotherSizeOrBadGeometryDamagesEverything() {
        var big = scene(x: 10)
        big.size = Size(width: 120, height: 80)
        #expect(PixelDamage.regions(from: scene(x: 10), to: big, scale: 1, width: 100, height: 80)
                == [PixelRect(x: 0, y: 0, width: 100, height: 80)])
        var bad = scene(x: 10)
        bad.append(.fillRect(Rect(x: .nan, y: 0, width: 5, height: 5), .accent))
        #expect(PixelDamage.regions(from: scene(x: 10), to: bad, scale: 1, width: 100, height: 80)
                == [PixelRect(x: 0, y: 0, width: 100, height: 80)])
    }
}
