import Testing
@testable import Imaging

@Suite struct ImageTransformTests {
    func sample() -> Image {
        var img = Image(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { img[x, y] = (UInt8(x * 60), UInt8(y * 60), 7, x == 3 && y == 0 ? 0 : 255) } }
        return img
    }

    func normalized(_ img: Image) -> Image {
        var out = img
        for i in stride(from: 0, to: out.pixels.count, by: 4) where out.pixels[i + 3] == 0 {
            out.pixels[i] = 0; out.pixels[i + 1] = 0; out.pixels[i + 2] = 0
        }
        return out
    }

    @Test func identityAndQuarterTurns() {
        let img = sample()
        #expect(ImageTransform.identity.apply(to: img) == normalized(img))
        let r = ImageTransform(rotationDegrees: 90).apply(to: img)
        // Clockwise: source (x, y) lands at (3 - y, x).
        for y in 0..<4 { for x in 0..<4 where img[x, y].a == 255 { #expect(r[3 - y, x] == img[x, y]) } }
        var four = img
        for _ in 0..<4 { four = ImageTransform(rotationDegrees: 90).apply(to: four) }
        #expect(four == normalized(img))
        #expect(ImageTransform(rotationDegrees: -270).apply(to: img) == r)
    }

    @Test func translationAndScale() {
        let img = sample()
        let t = ImageTransform(translateX: 1).apply(to: img)
        #expect(t[0, 1].a == 0 && t[1, 1] == img[0, 1] && t[3, 2] == img[2, 2])
        let small = ImageTransform.scale(0.5).apply(to: img)
        #expect(small[0, 0].a == 0 && small[1, 1].a > 0)
        let faded = ImageTransform(opacity: 0.5).apply(to: img)
        #expect(faded[1, 1].a == 128 && faded[1, 1].r == img[1, 1].r)
    }

    @Test func trigIsAccurateAndExactAtQuarterTurns() {
        #expect(DeterministicTrig.sinCos(degrees: 90) == (1, 0))
        #expect(DeterministicTrig.sinCos(degrees: 180) == (0, -1))
        #expect(DeterministicTrig.sinCos(degrees: -90) == (-1, 0))
        let (s, c) = DeterministicTrig.sinCos(degrees: 30)
        #expect(abs(s - 0.5) < 1e-15 && abs(c - 0.75.squareRoot()) < 1e-15)
        for d in stride(from: -720.0, through: 720, by: 7.5) {
            let (s, c) = DeterministicTrig.sinCos(degrees: d)
            #expect(abs(s * s + c * c - 1) < 1e-14)
        }
    }
}
