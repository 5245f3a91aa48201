/// A GIF as an `AnimatedImageSource`: metadata parsed at init (no LZW), frames decoded
/// and composited on demand.
///
/// Compositing follows browsers: the canvas starts transparent; a frame draws over it
/// (its transparent index leaves the canvas unchanged) clipped to the canvas; after it
/// is shown, `.background` clears its rect to transparent and `.previous` restores the
/// rect to what it was before the frame was drawn (for the first frame: transparent).
/// Palette indices past the palette's end, and frames with no palette at all, draw
/// opaque black.
///
/// Random access: the decoder keeps the canvas of the last frame it composited, so
/// playing forward costs one frame decode per frame. Going elsewhere starts from the
/// nearest *restart point* at or before the target: a frame whose base canvas is known
/// without history (frame 0; a frame after a full-canvas `.background` disposal; a
/// full-canvas frame with no transparency, once decoded complete) or a *checkpoint* (a
/// saved base canvas, taken every `checkpointInterval` frames when first passed). So `frame(at:)` decodes
/// at most `checkpointInterval` frames, and checkpoints hold at most
/// `frameCount / checkpointInterval + 1` canvases, and at most `maxCheckpointBytes` in
/// all: a large canvas keeps fewer (a 4096x4096 one, 64 MB, none), so one image's state
/// stays near its canvas and a seek backwards decodes from the last restart point.
public final class GIFImage: AnimatedImageSource {
    /// The most bytes the checkpoints of one image hold (32 MiB: eight 1024x1024 canvases).
    public static let maxCheckpointBytes = 32 << 20
    /// The parsed blocks: screen, palettes, every frame's placement and timing.
    public let metadata: GIFMetadata
    /// The file, kept whole: frames are decoded from it on demand.
    public let bytes: [UInt8]
    /// Frames between checkpoints: the most frames one `frame(at:)` decodes.
    public let checkpointInterval: Int
    /// Always "GIF".
    public var formatName: String { "GIF" }

    // Playback state: `canvas` shows frame `cursor` (-1: nothing decoded yet).
    private var cursor = -1
    private var canvas: [UInt8] = []
    private var savedForPrevious: [UInt8] = []
    private var checkpoints: [Int: [UInt8]] = [:]
    private var indices: [UInt8] = []
    private var compressed: [UInt8] = []
    private var lzw = LZWDecoder()
    /// Frames whose base canvas is known from metadata alone (transparent).
    private let restartPoint: [Bool]
    /// Frames that, when fully decoded, overwrite every canvas pixel: their base does not
    /// matter, but only once a decode has shown all their pixels are there (a corrupt
    /// frame lets the base show through, and output must not depend on access order).
    private let coversCanvasOpaquely: [Bool]
    private var frameComplete: [Bool]
    /// Problems met while decoding frames (invalid codes, data that ends early), by frame.
    public private(set) var decodeIssues: [Int: GIFError] = [:]
    /// Frames decoded (LZW runs) since creation; tests use it to check the checkpoints.
    public private(set) var framesDecoded = 0

    /// Parses the metadata.
    ///
    /// - Parameters:
    ///   - bytes: The file.
    ///   - limits: Size, frame-count and decoding limits checked from the headers.
    ///   - checkpointInterval: Frames between saved canvases; by default about an eighth
    ///     of the frames and at least 4 (at most ~8 checkpoints).
    /// - Throws: `GIFError` for a file that is not a GIF, has no frame, or exceeds `limits`.
    /// - Complexity: O(file size / 255): data sub-blocks are skipped by their lengths.
    public init(bytes: [UInt8], limits: ImageLimits = .default, checkpointInterval: Int? = nil) throws(GIFError) {
        let meta = try GIFParser.parse(bytes, limits: limits)
        self.metadata = meta
        self.bytes = bytes
        let count = meta.frames.count
        // At most ~8 checkpoints, and no fewer than 4 frames apart.
        self.checkpointInterval = max(1, checkpointInterval ?? max(4, (count + 7) / 8))
        let w = meta.canvasWidth, h = meta.canvasHeight
        var restart = [Bool](repeating: false, count: count)
        var opaque = [Bool](repeating: false, count: count)
        for (i, f) in meta.frames.enumerated() {
            let covers = f.rect.x <= 0 && f.rect.y <= 0 && f.rect.maxX >= w && f.rect.maxY >= h
            opaque[i] = covers && f.transparentIndex == nil && f.disposal != .previous
            if i == 0 { restart[i] = true; continue }
            let prev = meta.frames[i - 1]
            let prevCovers = prev.rect.x <= 0 && prev.rect.y <= 0 && prev.rect.maxX >= w && prev.rect.maxY >= h
            if prev.disposal == .background && prevCovers { restart[i] = true }
        }
        self.restartPoint = restart
        self.coversCanvasOpaquely = opaque
        self.frameComplete = [Bool](repeating: false, count: count)
    }

    /// `GIFMetadata.canvasWidth`: the logical screen, or the frames' box when it is 0.
    public var canvasWidth: Int { metadata.canvasWidth }
    /// `GIFMetadata.canvasHeight`.
    public var canvasHeight: Int { metadata.canvasHeight }
    /// The image descriptors read (a truncated file keeps its complete ones).
    public var frameCount: Int { metadata.frames.count }
    /// From the NETSCAPE2.0 block (see `LoopCount` for how its value is read).
    public var loopCount: LoopCount { metadata.loopCount }
    /// `.partialFile` when the file ends early (or without its trailer) or a bad block
    /// ends it after a frame (`GIFMetadata.issue`).
    public var issue: AnimationError? { metadata.issue }

    /// The frame's rect, delay and disposal from its descriptor and Graphic Control
    /// Extension; GIF always blends `.over`.
    public func frameInfo(at index: Int) -> AnimationFrameInfo {
        let f = metadata.frames[index]
        return AnimationFrameInfo(rect: f.rect, delay: f.delay, disposal: f.disposal, blend: .over)
    }

    /// The RGB bytes of the palette frame `index` uses (local, else global; empty if none).
    ///
    /// - Parameter index: A frame index in `0..<frameCount` (traps otherwise).
    /// - Returns: Three bytes a colour, in palette order.
    public func paletteRGB(forFrame index: Int) -> [UInt8] {
        let f = metadata.frames[index]
        if let o = f.localPaletteOffset { return Array(bytes[o..<(o + f.localPaletteCount * 3)]) }
        if let o = metadata.globalPaletteOffset { return Array(bytes[o..<(o + metadata.globalPaletteCount * 3)]) }
        return []
    }

    /// Number of canvases held as checkpoints (memory: that many x width x height x 4).
    public var checkpointCount: Int { checkpoints.count }

    /// The canvas after frame `index`, composited as browsers do (see the type).
    ///
    /// - Parameter index: A frame index in `0..<frameCount`.
    /// - Throws: `AnimationError.frameIndexOutOfRange`; broken LZW data does not throw
    ///   (the pixels decoded so far are drawn, the problem lands in `decodeIssues`).
    /// - Complexity: O(canvas) for the next frame; at most `checkpointInterval` frame
    ///   decodes for any other.
    public func frame(at index: Int) throws(AnimationError) -> Image {
        guard index >= 0, index < frameCount else {
            throw AnimationError.frameIndexOutOfRange(index: index, frameCount: frameCount)
        }
        if index != cursor { seek(to: index) }
        return Image(width: canvasWidth, height: canvasHeight, pixels: canvas)!
    }

    /// Decodes the palette indices of one frame (no compositing), with why LZW stopped.
    /// Rows are in file order (interlaced frames are not reordered). For tests and tools.
    ///
    /// - Parameter index: A frame index in `0..<frameCount` (traps otherwise).
    /// - Returns: One index a pixel of the frame's rect (pixels never decoded are 0) and
    ///   the problem that stopped LZW early, if any.
    /// - Complexity: O(compressed size + frame pixels).
    public func decodeIndices(ofFrame index: Int) -> (indices: [UInt8], error: GIFError?) {
        let f = metadata.frames[index]
        let e = decodeIndicesIntoBuffer(index)
        return (Array(indices[0..<f.rect.area]), e)
    }

    /// The canvas, checkpoints and buffers held (what `releaseMemory` frees).
    /// - Complexity: O(checkpoints).
    public var retainedByteCount: Int {
        var n = canvas.count + savedForPrevious.count + indices.count + compressed.count
        for c in checkpoints.values { n += c.count }
        return n
    }

    /// Drops the canvas and checkpoints (the next `frame(at:)` decodes from a restart point).
    public func releaseMemory() {
        cursor = -1
        canvas = []
        savedForPrevious = []
        checkpoints = [:]
        indices = []
        compressed = []
    }

    // MARK: - Seeking

    private func seek(to target: Int) {
        // Best start: the nearest restart point or checkpoint at or before the target.
        var start = target
        while start > 0 && !isRestartPoint(start) && checkpoints[start] == nil { start -= 1 }
        if cursor >= 0 && cursor < target && cursor >= start {
            while cursor < target { advance() }
            return
        }
        let pixelBytes = canvasWidth * canvasHeight * 4
        if let base = checkpoints[start] {
            canvas = base
        } else if canvas.count == pixelBytes {
            clear(PixelRect(x: 0, y: 0, width: canvasWidth, height: canvasHeight))
        } else {
            canvas = [UInt8](repeating: 0, count: pixelBytes)
        }
        draw(start)
        cursor = start
        while cursor < target { advance() }
    }

    private func isRestartPoint(_ k: Int) -> Bool {
        restartPoint[k] || (coversCanvasOpaquely[k] && frameComplete[k])
    }

    /// Disposes the current frame and draws the next one.
    private func advance() {
        dispose(cursor)
        let next = cursor + 1
        if next % checkpointInterval == 0 && !isRestartPoint(next) && checkpoints[next] == nil
            && (checkpoints.count + 1) * canvas.count <= GIFImage.maxCheckpointBytes {
            checkpoints[next] = canvas
        }
        draw(next)
        cursor = next
    }

    private func dispose(_ index: Int) {
        let f = metadata.frames[index]
        let r = f.rect.clipped(toWidth: canvasWidth, height: canvasHeight)
        guard !r.isEmpty else { return }
        switch f.disposal {
        case .unspecified, .keep:
            break
        case .background:
            clear(r)
        case .previous:
            let rowBytes = r.width * 4
            canvas.withUnsafeMutableBufferPointer { dst in
                savedForPrevious.withUnsafeBufferPointer { src in
                    for row in 0..<r.height {
                        let d = ((r.y + row) * canvasWidth + r.x) * 4
                        (dst.baseAddress! + d).update(from: src.baseAddress! + row * rowBytes, count: rowBytes)
                    }
                }
            }
        }
    }

    private func clear(_ r: PixelRect) {
        let rowBytes = r.width * 4
        canvas.withUnsafeMutableBufferPointer { dst in
            for row in 0..<r.height {
                (dst.baseAddress! + ((r.y + row) * canvasWidth + r.x) * 4).update(repeating: 0, count: rowBytes)
            }
        }
    }

    // MARK: - Drawing

    private func draw(_ index: Int) {
        let f = metadata.frames[index]
        let clip = f.rect.clipped(toWidth: canvasWidth, height: canvasHeight)
        if f.disposal == .previous {
            let rowBytes = clip.width * 4
            savedForPrevious = [UInt8](repeating: 0, count: clip.height * rowBytes)
            if !clip.isEmpty {
                canvas.withUnsafeBufferPointer { src in
                    savedForPrevious.withUnsafeMutableBufferPointer { dst in
                        for row in 0..<clip.height {
                            let s = ((clip.y + row) * canvasWidth + clip.x) * 4
                            (dst.baseAddress! + row * rowBytes).update(from: src.baseAddress! + s, count: rowBytes)
                        }
                    }
                }
            }
        }
        guard !clip.isEmpty else { return }
        if let e = decodeIndicesIntoBuffer(index) { decodeIssues[index] = e } else { frameComplete[index] = true }
        composite(index, clip: clip)
    }

    /// Runs LZW for frame `index` into `indices` (sized to the frame; what is not
    /// decoded stays index-less and is not drawn). Returns the problem, if any.
    @discardableResult
    private func decodeIndicesIntoBuffer(_ index: Int) -> GIFError? {
        let f = metadata.frames[index]
        framesDecoded += 1
        let area = f.rect.area
        // The decoder may scribble on `LZWDecoder.slack` bytes past the frame's indices.
        if indices.count < area + LZWDecoder.slack { indices = [UInt8](repeating: 0, count: area + LZWDecoder.slack) }
        // Gather the sub-block payloads into one contiguous buffer.
        if compressed.count < f.compressedByteCount { compressed = [UInt8](repeating: 0, count: f.compressedByteCount) }
        var got = 0
        bytes.withUnsafeBufferPointer { src in
            compressed.withUnsafeMutableBufferPointer { dst in
                var q = f.dataOffset
                while q < f.dataEnd {
                    let len = Int(src[q])
                    q += 1
                    if len == 0 { break }
                    let n = min(len, src.count - q)
                    if n > 0 { (dst.baseAddress! + got).update(from: src.baseAddress! + q, count: n) }
                    got += n
                    q += len
                }
            }
        }
        let result = compressed.withUnsafeBufferPointer { input in
            indices.withUnsafeMutableBufferPointer { out in
                lzw.decode(UnsafeBufferPointer(rebasing: input[0..<got]), minCodeSize: f.lzwMinimumCodeSize,
                           into: UnsafeMutableBufferPointer(rebasing: out[0..<area]), hasSlack: true)
            }
        }
        decodedCount = result.count
        switch result.stop {
        case .endCode, .outputFull:
            return result.count < area ? GIFError(.truncated(what: "image data (end code before the last pixel)"), at: f.dataEnd) : nil
        case .dataExhausted:
            return result.count < area ? GIFError(.truncated(what: "image data"), at: f.dataEnd) : nil
        case .invalidCode(let code, let size, _):
            return GIFError(.invalidLZWCode(code: code, tableSize: size), at: f.dataOffset)
        }
    }

    /// Number of indices the last LZW run produced (pixels after it are not drawn).
    private var decodedCount = 0

    private func composite(_ index: Int, clip: PixelRect) {
        let f = metadata.frames[index]
        // Palette as 256 RGBA words; missing entries are opaque black.
        var table = [UInt8](repeating: 0, count: 1024)
        let palOffset = f.localPaletteOffset ?? metadata.globalPaletteOffset
        let palCount = f.localPaletteOffset != nil ? f.localPaletteCount : metadata.globalPaletteCount
        for i in 0..<256 {
            table[i * 4 + 3] = 255
            if let o = palOffset, i < palCount {
                table[i * 4] = bytes[o + i * 3]
                table[i * 4 + 1] = bytes[o + i * 3 + 1]
                table[i * 4 + 2] = bytes[o + i * 3 + 2]
            }
        }
        let transparent = f.transparentIndex ?? -1
        let fw = f.rect.width, fh = f.rect.height
        let cw = canvasWidth
        let x0 = clip.x - f.rect.x, x1 = clip.maxX - f.rect.x // columns of the frame to draw
        let decoded = decodedCount
        table.withUnsafeBytes { palRaw in
            indices.withUnsafeBufferPointer { idx in
                canvas.withUnsafeMutableBytes { dstRaw in
                    let pal = palRaw.baseAddress!, src = idx.baseAddress!, dst = dstRaw.baseAddress!
                    for srcRow in 0..<fh {
                        if srcRow * fw >= decoded { break }
                        let row = f.interlaced ? GIFImage.interlacedRow(srcRow, height: fh) : srcRow
                        let cy = f.rect.y + row
                        if cy < clip.y || cy >= clip.maxY { continue }
                        let rowEnd = min(x1, decoded - srcRow * fw)
                        var x = x0
                        let s = src + srcRow * fw
                        let d = dst + (cy * cw + f.rect.x) * 4
                        if transparent < 0 {
                            while x < rowEnd {
                                let word = pal.loadUnaligned(fromByteOffset: Int(s[x]) &* 4, as: UInt32.self)
                                d.storeBytes(of: word, toByteOffset: x &* 4, as: UInt32.self)
                                x &+= 1
                            }
                        } else {
                            while x < rowEnd {
                                let i = Int(s[x])
                                if i != transparent {
                                    let word = pal.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                                    d.storeBytes(of: word, toByteOffset: x &* 4, as: UInt32.self)
                                }
                                x &+= 1
                            }
                        }
                    }
                }
            }
        }
    }

    /// The canvas row of the `n`-th row stored in an interlaced frame of `height` rows
    /// (passes: every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
    static func interlacedRow(_ n: Int, height h: Int) -> Int {
        let p1 = (h + 7) / 8
        if n < p1 { return n * 8 }
        let p2 = (h + 3) / 8
        if n < p1 + p2 { return (n - p1) * 8 + 4 }
        let p3 = (h + 1) / 4
        if n < p1 + p2 + p3 { return (n - p1 - p2) * 4 + 2 }
        return (n - p1 - p2 - p3) * 2 + 1
    }
}
