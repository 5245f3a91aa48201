/// An sRGB colour with straight (non-premultiplied) alpha, 8 bits a channel.
public struct Color: Hashable, Sendable {
    /// Red.
    public var r: UInt8
    /// Green.
    public var g: UInt8
    /// Blue.
    public var b: UInt8
    /// Alpha: 0 transparent, 255 opaque.
    public var a: UInt8
    /// A colour from its channels; opaque unless `a` is given.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    /// From 0xRRGGBB.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF), a: alpha)
    }
    /// Transparent black: what a canvas starts as.
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    public static let black = Color(hex: 0x000000)
    /// Opaque white.
    public static let white = Color(hex: 0xFFFFFF)
}
