import Testing
@testable import Imaging

@Suite struct ImageTests {
    @Test func hashTreatsTransparentPixelsAsZero() {
        var a = Image(width: 2, height: 1)
        var b = Image(width: 2, height: 1)
        a[0, 0] = (10, 20, 30, 0)
        b[1, 0] = (1, 2, 3, 255)
        a[1, 0] = (1, 2, 3, 255)
        #expect(a != b)
        #expect(a.conformanceHash == b.conformanceHash)
    }

    @Test func emptyImageHashIsTheFNVOffsetBasis() {
        #expect(Image(width: 0, height: 0).conformanceHash == 0xcbf2_9ce4_8422_2325)
    }

    @Test func croppingClipsToTheImage() {
        var img = Image(width: 3, height: 3)
        img[2, 2] = (9, 9, 9, 9)
        let c = img.cropped(x: 1, y: 1, width: 5, height: 5)
        #expect(c.width == 2 && c.height == 2)
        #expect(c[1, 1] == (9, 9, 9, 9))
        #expect(Image(width: 2, height: 2, pixels: [0]) == nil)
    }
}
