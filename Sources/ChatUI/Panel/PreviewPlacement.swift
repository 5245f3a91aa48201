import SimCore

/// Where the long-press preview bubble goes: centred above the pressed key, its bottom
/// `lift` points above the key's top, then clamped inside the panel (a key in the top
/// row or at a side edge pushes it down or inwards, never out of the panel).
///
/// Inside the bubble the magnified image sits on top and the name below it
/// (`nameHeight` points, one line of the 16 pt font).
public struct PreviewPlacement: Hashable, Sendable {
    public var frame: Rect
    public var imageFrame: Rect
    public var nameFrame: Rect

    public static let nameHeight: Double = 16

    /// - Parameters:
    ///   - key: the pressed key in panel coordinates.
    ///   - size: the bubble size.
    ///   - panel: the panel bounds.
    public init(key: Rect, size: Size, lift: Double, panel: Rect) {
        var x = key.midX - size.width / 2
        var y = key.minY - lift - size.height
        x = min(max(x, panel.minX), max(panel.minX, panel.maxX - size.width))
        y = min(max(y, panel.minY), max(panel.minY, panel.maxY - size.height))
        frame = Rect(x: x, y: y, width: size.width, height: size.height)
        let nh = min(PreviewPlacement.nameHeight, size.height / 3)
        let side = max(0, min(size.width - 8, size.height - nh - 8))
        imageFrame = Rect(x: x + (size.width - side) / 2, y: y + 4, width: side, height: side)
        nameFrame = Rect(x: x, y: y + size.height - nh - 2, width: size.width, height: nh)
    }

    /// The bubble size for a configuration and a key size.
    public static func size(for preview: PanelConfiguration.PreviewSize, key: Size) -> Size {
        switch preview {
        case .fixed(let s): return s
        case .scale(let k):
            // Room for the name below the magnified key.
            return Size(width: key.width * k + 8, height: key.height * k + nameHeight + 8)
        }
    }
}
