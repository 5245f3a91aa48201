/// What happens to a frame's area after it has been shown, before the next frame is
/// drawn. GIF disposal methods 0 to 3 and APNG `dispose_op` 0 to 2 map onto these.
public enum FrameDisposal: Hashable, Sendable, CustomStringConvertible {
    /// GIF 0: no disposal specified; treated like `.keep`.
    case unspecified
    /// GIF 1, APNG NONE: leave the frame on the canvas.
    case keep
    /// GIF 2, APNG BACKGROUND: clear the frame's rect to transparent (browsers ignore the
    /// GIF background colour; so do we).
    case background
    /// GIF 3, APNG PREVIOUS: restore the rect to what it was before this frame was drawn.
    case previous

    /// The APNG spec's name: "unspecified", "none", "background" or "previous".
    public var description: String {
        switch self {
        case .unspecified: return "unspecified"
        case .keep: return "none"
        case .background: return "background"
        case .previous: return "previous"
        }
    }
}

/// How a frame's pixels combine with the canvas: APNG `blend_op`. GIF frames always
/// `.over` (transparent index pixels leave the canvas as it was).
public enum FrameBlend: Hashable, Sendable, CustomStringConvertible {
    /// APNG SOURCE: the frame's pixels replace the rect's, transparency included.
    case source
    /// APNG OVER: alpha-composited over the canvas.
    case over
    /// "source" or "over".
    public var description: String { self == .source ? "source" : "over" }
}
