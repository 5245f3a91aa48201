/// Metadata of one frame, known before any pixel is decoded.
public struct AnimationFrameInfo: Hashable, Sendable {
    /// Where the frame is drawn on the canvas (may reach outside it; drawing clips).
    public var rect: PixelRect
    /// The delay as stored in the file.
    public var delay: FrameDelay
    /// What happens to the frame's rect before the next frame is drawn.
    public var disposal: FrameDisposal
    /// How the frame's pixels combine with the canvas.
    public var blend: FrameBlend

    /// Frame metadata; by default the frame stays on the canvas and blends over it (GIF's rules).
    ///
    /// - Parameters:
    ///   - rect: Where the frame is drawn.
    ///   - delay: The stored delay.
    ///   - disposal: What happens afterwards (`.keep`).
    ///   - blend: How it combines (`.over`).
    public init(rect: PixelRect, delay: FrameDelay, disposal: FrameDisposal = .keep, blend: FrameBlend = .over) {
        self.rect = rect; self.delay = delay; self.disposal = disposal; self.blend = blend
    }
}
