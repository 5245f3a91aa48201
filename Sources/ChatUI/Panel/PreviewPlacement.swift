import SimCore

/// Where the long-press preview bubble (and the skin-tone picker) goes, as UIKit
/// keyboards show the magnified key: above the finger, never over the pressed key.
///
/// 1. Centred above the key, its bottom `lift` points above the key's top, then
///    clamped horizontally inside `bounds` (a key at a side edge pushes it inwards).
/// 2. When `bounds` leaves no room above (a panel shown alone, its top row), beside
///    the key instead, vertically centred on it and clamped: on the side towards the
///    middle of `bounds` when it fits there, else the other side.
/// 3. When neither side fits, below the key, clamped to the bottom of `bounds`.
///
/// `bounds` is where the bubble may be drawn, in panel coordinates: the panel itself
/// for a panel alone, the whole screen for a panel in a `ChatScreen` (so the preview of
/// a top-row key extends over the input bar). Bubbles larger than `bounds` are pinned
/// to its top-left. Inside the bubble the magnified image sits on top and the name
/// below it (`nameHeight` points, one line of the 16 pt font).
public struct PreviewPlacement: Hashable, Sendable {
    /// The bubble, in panel coordinates.
    public var frame: Rect
    /// The magnified image inside the bubble: a square at its top.
    public var imageFrame: Rect
    /// The name's line at the bubble's bottom.
    public var nameFrame: Rect

    /// The height of the name's line (at most a third of the bubble).
    public static let nameHeight: Double = 16

    /// Places a bubble for a pressed key by the rules above.
    ///
    /// - Parameters:
    ///   - key: the pressed key in panel coordinates.
    ///   - size: the bubble size.
    ///   - lift: the gap between the key and the bubble.
    ///   - bounds: where the bubble may go, in panel coordinates.
    public init(key: Rect, size: Size, lift: Double, bounds: Rect) {
        func clampX(_ x: Double) -> Double { min(max(x, bounds.minX), max(bounds.minX, bounds.maxX - size.width)) }
        func clampY(_ y: Double) -> Double { min(max(y, bounds.minY), max(bounds.minY, bounds.maxY - size.height)) }
        var x = clampX(key.midX - size.width / 2)
        var y = key.minY - lift - size.height
        if y < bounds.minY {
            y = clampY(key.midY - size.height / 2)
            let right = key.maxX + lift, left = key.minX - lift - size.width
            let fitsRight = right + size.width <= bounds.maxX, fitsLeft = left >= bounds.minX
            if fitsRight && (key.midX < bounds.midX || !fitsLeft) {
                x = right
            } else if fitsLeft {
                x = left
            } else {
                y = clampY(key.maxY + lift)
            }
        }
        frame = Rect(x: x, y: y, width: size.width, height: size.height)
        let nh = min(PreviewPlacement.nameHeight, size.height / 3)
        let side = max(0, min(size.width - 8, size.height - nh - 8))
        imageFrame = Rect(x: x + (size.width - side) / 2, y: y + 4, width: side, height: side)
        nameFrame = Rect(x: x, y: y + size.height - nh - 2, width: size.width, height: nh)
    }

    /// The placement inside the panel's own bounds (a panel shown alone).
    ///
    /// - Parameters:
    ///   - key: The pressed key in panel coordinates.
    ///   - size: The bubble size.
    ///   - lift: The gap between the key and the bubble.
    ///   - panel: The panel's bounds.
    public init(key: Rect, size: Size, lift: Double, panel: Rect) {
        self.init(key: key, size: size, lift: lift, bounds: panel)
    }

    /// The bubble size for a configuration and a key size.
    ///
    /// - Parameters:
    ///   - preview: The configured preview size.
    ///   - key: The key's size.
    /// - Returns: The fixed size, or the scaled key plus room for the name.
    public static func size(for preview: PanelConfiguration.PreviewSize, key: Size) -> Size {
        switch preview {
        case .fixed(let s): return s
        case .scale(let k):
            // Room for the name below the magnified key.
            return Size(width: key.width * k + 8, height: key.height * k + nameHeight + 8)
        }
    }
}
