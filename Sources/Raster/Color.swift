/// An sRGB colour with straight (non-premultiplied) alpha, 8 bits a channel.
public struct Color: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    /// From 0xRRGGBB.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF), a: alpha)
    }
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(hex: 0x000000)
    public static let white = Color(hex: 0xFFFFFF)
}
