/// The parsed structure of a GIF: logical screen, palettes, loop count and every
/// frame's placement and timing. Built by `GIFParser` in one pass over the blocks
/// (O(file size / 255): data sub-blocks are skipped by their lengths, never decoded).
public struct GIFMetadata: Hashable, Sendable {
    /// "87a" or "89a".
    public var version: String
    /// The logical screen's width as stored (may be 0).
    public var screenWidth: Int
    /// The logical screen's height as stored (may be 0).
    public var screenHeight: Int
    /// The canvas frames are composited on: the logical screen, or, when the screen is
    /// declared 0 wide or high, the bounding box of the frames (as browsers do).
    public var canvasWidth: Int
    /// The canvas height (see `canvasWidth`).
    public var canvasHeight: Int
    /// Byte offset of the global colour table, nil when there is none.
    public var globalPaletteOffset: Int?
    /// Colours in the global table (0 without one).
    public var globalPaletteCount: Int
    /// The background colour index as stored; ignored when compositing, as browsers do.
    public var backgroundIndex: Int
    /// The NETSCAPE2.0 (or ANIMEXTS1.0) loop count as stored; nil when there is none.
    public var netscapeLoopCount: Int?
    /// Every image descriptor read, in file order.
    public var frames: [GIFFrameInfo]
    /// Set when the file ends early (frames read so far are kept) or a bad block ends
    /// the parse after at least one frame.
    public var truncation: GIFError?

    /// Absent block: play once; 0: forever; n: n plays (see `LoopCount`).
    public var loopCount: LoopCount {
        guard let n = netscapeLoopCount else { return .once }
        return LoopCount(storedValue: n)
    }
}
