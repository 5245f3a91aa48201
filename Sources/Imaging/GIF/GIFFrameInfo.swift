/// Everything the file says about one frame, read without running LZW.
public struct GIFFrameInfo: Hashable, Sendable {
    /// Offset of the image descriptor (the 0x2C byte).
    public var descriptorOffset: Int
    public var rect: PixelRect
    /// Delay in centiseconds, as stored in the Graphic Control Extension (0 if none).
    public var delayCentiseconds: Int
    public var disposal: FrameDisposal
    /// The palette index drawn as transparent, if the frame has one.
    public var transparentIndex: Int?
    public var interlaced: Bool
    /// Offset and colour count of the local colour table, if the frame has one.
    public var localPaletteOffset: Int?
    public var localPaletteCount: Int
    public var lzwMinimumCodeSize: Int
    /// Offset of the first data sub-block's length byte.
    public var dataOffset: Int
    /// Offset just past the data (past the terminator, or the end of the file).
    public var dataEnd: Int
    /// Payload bytes in the data sub-blocks (compressed size).
    public var compressedByteCount: Int
    /// The data sub-blocks end with the file, not with a zero-length terminator.
    public var isTruncated: Bool

    public var delay: FrameDelay { .centiseconds(delayCentiseconds) }
}
