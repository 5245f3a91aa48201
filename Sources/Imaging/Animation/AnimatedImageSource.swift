/// A decoder of an animated (or still) image that knows its metadata without decoding
/// pixels and composites frames on demand. GIF (`GIFImage`), APNG and plain PNG, still
/// images and image sequences conform; `AnimatedImage` wraps any of them.
///
/// Contract:
/// - `canvasWidth`, `canvasHeight`, `frameCount`, `loopCount` and `frameInfo(at:)` are
///   cheap (no pixel decoding) and never change.
/// - `frame(at:)` returns the full canvas as a viewer shows it after frame `index`
///   (all earlier frames composited with their disposal and blend operations), size
///   `canvasWidth x canvasHeight`. It may keep internal caches (hence non-mutating on a
///   reference type), so a source is not safe to share across threads; a simulation runs
///   on one.
/// - `index` must be in `0..<frameCount`; sources throw for anything else.
public protocol AnimatedImageSource: AnyObject {
    /// The width of the logical screen every frame is composited onto, in pixels.
    var canvasWidth: Int { get }
    /// The height of the logical screen, in pixels.
    var canvasHeight: Int { get }
    /// Frames in one play; at least 1.
    var frameCount: Int { get }
    /// How many times the animation plays in total.
    var loopCount: LoopCount { get }
    /// A short name of the format ("GIF", "PNG", "APNG", "sequence", "still").
    var formatName: String { get }
    /// Frame `index`'s placement, delay, disposal and blend, without decoding pixels.
    func frameInfo(at index: Int) -> AnimationFrameInfo
    /// The full canvas after frame `index`, composited as a viewer shows it.
    ///
    /// - Parameter index: A frame index in `0..<frameCount`.
    /// - Throws: `AnimationError` for an index out of range or data that does not decode.
    func frame(at index: Int) throws(AnimationError) -> Image
    /// A problem found while reading the metadata that did not prevent decoding, such as
    /// a truncated file whose complete frames are kept. Nil for a clean file.
    var issue: AnimationError? { get }
    /// Drops decoder state kept to speed up `frame(at:)` (canvases, checkpoints), e.g.
    /// on a memory warning. Frames still decode afterwards, from scratch.
    func releaseMemory()
    /// Bytes of decoded state the source holds now (canvases, checkpoints, buffers;
    /// not the encoded file): what `releaseMemory` would free, or the decoded pixels of
    /// a still. `ImageLibrary` keeps the sum over a run's images within its budget.
    var retainedByteCount: Int { get }
}

extension AnimatedImageSource {
    /// No issue: a source that never reads a file in part need not say anything.
    public var issue: AnimationError? { nil }
    /// Nothing to release.
    public func releaseMemory() {}
    /// Nothing retained.
    public var retainedByteCount: Int { 0 }
}

/// Errors shared by every source: the one error type of `frame(at:)` (typed throws, so the
/// core needs no `any Error`).
public enum AnimationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A frame index outside `0..<frameCount` was asked for.
    case frameIndexOutOfRange(index: Int, frameCount: Int)
    /// An image sequence was built from no stills.
    case emptySequence
    /// The compressed data of frame `index` (a PNG or APNG frame) does not decode.
    case frameDecodingFailed(index: Int, PNGError)
    /// The file was read only in part (an `issue`, not a failure): a GIF that ends early.
    case partialFile(GIFError)
    /// The message a user sees, with the byte offset when the file is at fault.
    public var description: String {
        switch self {
        case .frameIndexOutOfRange(let i, let n): return "frame index \(i) out of range (\(n) frames)"
        case .emptySequence: return "an image sequence needs at least one frame"
        // The underlying message alone: it already says what and where (byte offsets).
        case .frameDecodingFailed(_, let e): return e.description
        case .partialFile(let e): return e.description
        }
    }
}
