import SimCore

/// A device the screen is simulated on: size in points, pixel scale, safe area and the
/// heights of the two keyboards. The emoji keyboard is often a different height from
/// the system one, and switching between them animates from one height to the other.
public struct DeviceProfile: Hashable, Sendable {
    /// The name scripts and the CLI use (`iphone8`, `320x568@2`).
    public var name: String
    /// The screen in points, portrait.
    public var size: Size
    /// Pixels per point of pixel snapshots (2 or 3 on the built-in devices).
    public var scale: Int
    /// The status bar (top) and home indicator (bottom) areas content stays out of.
    public var safeArea: Insets
    /// Height of the system keyboard in portrait, without the safe-area bottom.
    public var systemKeyboardHeight: Double
    /// Height of the emoji keyboard (the EmojiPanel), without the safe-area bottom.
    public var emojiKeyboardHeight: Double

    /// Creates a profile; each parameter sets the property of the same name.
    ///
    /// - Parameters:
    ///   - name: The profile's name.
    ///   - size: The screen in points.
    ///   - scale: Pixels per point.
    ///   - safeArea: The safe-area insets.
    ///   - systemKeyboardHeight: The system keyboard's height above the safe area.
    ///   - emojiKeyboardHeight: The emoji keyboard's height above the safe area.
    public init(name: String, size: Size, scale: Int, safeArea: Insets = .zero,
                systemKeyboardHeight: Double, emojiKeyboardHeight: Double) {
        self.name = name; self.size = size; self.scale = scale; self.safeArea = safeArea
        self.systemKeyboardHeight = systemKeyboardHeight
        self.emojiKeyboardHeight = emojiKeyboardHeight
    }

    /// iPhone 8: 375 x 667 pt at 2x, no home indicator; the system keyboard is 216 pt
    /// (plus 44 pt of QuickType bar = 260 pt as measured in UIKit's willShow frames).
    public static let iphone8 = DeviceProfile(
        name: "iphone8", size: Size(width: 375, height: 667), scale: 2,
        safeArea: Insets(top: 20, left: 0, bottom: 0, right: 0),
        systemKeyboardHeight: 260, emojiKeyboardHeight: 216)

    /// iPhone 14: 390 x 844 pt at 3x, 47 pt status area and a 34 pt home indicator; the
    /// system keyboard (with the QuickType bar) is 302 pt above the home indicator, 336
    /// pt in all as UIKit's willShow end frame reports it (`systemKeyboardHeight` is
    /// the part above the safe area, so 302 + 34 = 336).
    public static let iphone14 = DeviceProfile(
        name: "iphone14", size: Size(width: 390, height: 844), scale: 3,
        safeArea: Insets(top: 47, left: 0, bottom: 34, right: 0),
        systemKeyboardHeight: 302, emojiKeyboardHeight: 250)

    /// The profiles scripts name (`device iphone8`), in that order.
    public static let builtIn: [DeviceProfile] = [.iphone8, .iphone14]

    /// A custom size (e.g. from `device 320x568@2`): no safe area, and keyboards as tall
    /// as the iPhone 8's (260 pt and 216 pt, not scaled to the screen).
    ///
    /// - Parameters:
    ///   - width: The width in points.
    ///   - height: The height in points.
    ///   - scale: Pixels per point.
    /// - Returns: A profile named `WxH@S`.
    public static func custom(width: Double, height: Double, scale: Int) -> DeviceProfile {
        DeviceProfile(name: "\(formatPoints(width))x\(formatPoints(height))@\(scale)",
                      size: Size(width: width, height: height), scale: scale,
                      systemKeyboardHeight: 260, emojiKeyboardHeight: 216)
    }

    /// The screen's rectangle in points, at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: size) }
}
