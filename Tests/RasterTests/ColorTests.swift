import Testing
@testable import Raster

@Suite struct ColorTests {
    @Test func hexUnpacksChannels() {
        #expect(Color(hex: 0x123456) == Color(r: 0x12, g: 0x34, b: 0x56))
        #expect(Color(hex: 0xFFFFFF, alpha: 0).a == 0)
    }
}
