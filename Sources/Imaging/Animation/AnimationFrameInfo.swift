/// Metadata of one frame, known before any pixel is decoded.
public struct AnimationFrameInfo: Hashable, Sendable {
    /// Where the frame is drawn on the canvas (may reach outside it; drawing clips).
    public var rect: PixelRect
    /// The delay as stored in the file.
    public var delay: FrameDelay
    public var disposal: FrameDisposal
    public var blend: FrameBlend

    public init(rect: PixelRect, delay: FrameDelay, disposal: FrameDisposal = .keep, blend: FrameBlend = .over) {
        self.rect = rect; self.delay = delay; self.disposal = disposal; self.blend = blend
    }
}
