/// Everything the file says about one frame, read without running LZW.
public struct GIFFrameInfo: Hashable, Sendable {
    /// Offset of the image descriptor (the 0x2C byte).
    public var descriptorOffset: Int
    /// The frame's placement on the canvas, as the descriptor states it.
    public var rect: PixelRect
    /// Delay in centiseconds, as stored in the Graphic Control Extension (0 if none).
    public var delayCentiseconds: Int
    /// The Graphic Control Extension's disposal method (`.unspecified` without one).
    public var disposal: FrameDisposal
    /// The palette index drawn as transparent, if the frame has one.
    public var transparentIndex: Int?
    /// Rows are stored in the four-pass interlaced order.
    public var interlaced: Bool
    /// Offset and colour count of the local colour table, if the frame has one.
    public var localPaletteOffset: Int?
    /// Colours in the local table (0 without one).
    public var localPaletteCount: Int
    /// The LZW minimum code size byte (1 to 8 once parsed).
    public var lzwMinimumCodeSize: Int
    /// Offset of the first data sub-block's length byte.
    public var dataOffset: Int
    /// Offset just past the data (past the terminator, or the end of the file).
    public var dataEnd: Int
    /// Payload bytes in the data sub-blocks (compressed size).
    public var compressedByteCount: Int
    /// The data sub-blocks end with the file, not with a zero-length terminator.
    public var isTruncated: Bool

    /// The stored delay as a `FrameDelay` (centiseconds).
    public var delay: FrameDelay { .centiseconds(delayCentiseconds) }
}
