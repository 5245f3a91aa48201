/// Reads a GIF's block structure into `GIFMetadata` without decoding any pixel.
///
/// One pass, O(number of blocks): image data is skipped sub-block by sub-block. Limits
/// are checked as soon as a size is read, before anything depends on it. A file that
/// ends early keeps the frames whose descriptor was read (their data may be partial)
/// and reports `truncation`. A file with a logical screen but no image at all has one
/// empty frame (browsers show a transparent canvas); with neither it throws.
///
/// LZW minimum code sizes above 8 are refused, as giflib does (DGifSetupDecompress:
/// "this can only happen on a severely malformed GIF", D_GIF_ERR_READ_FAILED). Firefox
/// (nsGIFDecoder2, `datasize > MAX_LZW_BITS` with MAX_LZW_BITS 12) and Chromium
/// (SkGifImageReader, `dataSize >= SK_MAX_DICTIONARY_ENTRY_BITS`) accept up to 12 or 11,
/// drawing indices past the palette as transparent; such files only come from broken
/// or hostile encoders (a palette has at most 256 entries), and indices stay one byte
/// here, so the stricter reading wins. A frame after a good one that has such a code
/// size ends the parse like a truncation (earlier frames are kept).
public enum GIFParser {
    /// - Parameters:
    ///   - bytes: The file.
    ///   - limits: Checked as soon as each size is read.
    /// - Returns: The metadata, with `truncation` set for a file that ends early.
    /// - Throws: `GIFError` for a file that is not a GIF or breaks `limits`.
    /// - Complexity: O(blocks).
    public static func parse(_ bytes: [UInt8], limits: ImageLimits = .default) throws(GIFError) -> GIFMetadata {
        // Through Result: withUnsafeBufferPointer rethrows untyped.
        try bytes.withUnsafeBufferPointer { b in Result { () throws(GIFError) in try parse(b, limits: limits) } }.get()
    }

    static func parse(_ b: UnsafeBufferPointer<UInt8>, limits: ImageLimits) throws(GIFError) -> GIFMetadata {
        let n = b.count
        guard n >= 6, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46, b[3] == 0x38,
              b[4] == 0x37 || b[4] == 0x39, b[5] == 0x61 else {
            throw GIFError(n == 0 ? .truncated(what: "the header") : .notAGIF, at: 0)
        }
        guard n >= 13 else { throw GIFError(.truncated(what: "the logical screen descriptor"), at: n) }
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        let screenW = u16(6), screenH = u16(8)
        let packed = b[10]
        var meta = GIFMetadata(version: b[4] == 0x37 ? "87a" : "89a", screenWidth: screenW, screenHeight: screenH,
                               canvasWidth: screenW, canvasHeight: screenH,
                               globalPaletteOffset: nil, globalPaletteCount: 0, backgroundIndex: Int(b[11]),
                               netscapeLoopCount: nil, frames: [], truncation: nil)
        guard limits.allows(width: screenW, height: screenH) else {
            throw GIFError(.imageTooLarge(width: screenW, height: screenH), at: 6)
        }
        var p = 13
        if packed & 0x80 != 0 {
            let count = 2 << Int(packed & 7)
            guard p + count * 3 <= n else { throw GIFError(.truncated(what: "the global colour table"), at: n) }
            meta.globalPaletteOffset = p
            meta.globalPaletteCount = count
            p += count * 3
        }

        // Pending Graphic Control Extension values for the next image.
        var delay = 0, disposal = FrameDisposal.unspecified, transparent: Int? = nil
        var decodedBytes = 0
        let screenArea = screenW * screenH

        /// Skips data sub-blocks from `q`; returns (end offset, payload bytes, ended by EOF).
        func skipSubBlocks(_ start: Int) -> (end: Int, payload: Int, truncated: Bool) {
            var q = start, payload = 0
            while true {
                guard q < n else { return (n, payload, true) }
                let len = Int(b[q])
                q += 1
                if len == 0 { return (q, payload, false) }
                if q + len > n { return (n, payload + (n - q), true) }
                payload += len
                q += len
            }
        }

        /// Ends the parse: an error before any frame, a reported issue after one.
        func stop(_ error: GIFError) throws(GIFError) {
            if meta.frames.isEmpty { throw error }
            meta.truncation = error
        }

        parsing: while true {
            guard p < n else { break } // a missing trailer after complete blocks is common and harmless
            let introducer = b[p]
            switch introducer {
            case 0x3B:
                break parsing
            case 0x21:
                guard p + 2 <= n else { try stop(GIFError(.truncated(what: "an extension"), at: n)); break parsing }
                let label = b[p + 1]
                let blockStart = p + 2
                if label == 0xF9, blockStart < n, b[blockStart] >= 4, blockStart + 5 <= n {
                    let f = b[blockStart + 1]
                    let d = Int((f >> 2) & 7)
                    disposal = d == 1 ? .keep : d == 2 ? .background : d == 3 ? .previous : .unspecified
                    delay = u16(blockStart + 2)
                    transparent = f & 1 != 0 ? Int(b[blockStart + 4]) : nil
                } else if label == 0xFF, blockStart + 12 <= n, b[blockStart] == 11 {
                    let id = Array(b[(blockStart + 1)..<(blockStart + 12)])
                    let netscape = Array("NETSCAPE2.0".utf8), animexts = Array("ANIMEXTS1.0".utf8)
                    if id == netscape || id == animexts {
                        let sub = blockStart + 12
                        if sub + 4 <= n, b[sub] >= 3, b[sub + 1] == 1 {
                            meta.netscapeLoopCount = u16(sub + 2)
                        }
                    }
                }
                let r = skipSubBlocks(blockStart)
                if r.truncated { try stop(GIFError(.truncated(what: "an extension"), at: n)); break parsing }
                p = r.end
            case 0x2C:
                let at = p
                guard p + 10 <= n else { try stop(GIFError(.truncated(what: "an image descriptor"), at: n)); break parsing }
                let rect = PixelRect(x: u16(p + 1), y: u16(p + 3), width: u16(p + 5), height: u16(p + 7))
                let f = b[p + 9]
                p += 10
                guard limits.allows(width: rect.width, height: rect.height) else {
                    throw GIFError(.imageTooLarge(width: rect.width, height: rect.height), at: at + 5)
                }
                guard meta.frames.count < limits.maxFrames else {
                    throw GIFError(.tooManyFrames(limit: limits.maxFrames), at: at)
                }
                // An image of zero width or height draws nothing, so encoders sometimes
                // write no palette or data for it: take it as an empty frame and carry on
                // at the next block (browsers show the canvas unchanged).
                let empty = rect.area == 0
                func emptyFrame(at q: Int) throws(GIFError) {
                    // It still costs a composite of the canvas.
                    decodedBytes += ImageLimits.frameCost(frameArea: 0, canvasArea: screenArea)
                    guard decodedBytes <= limits.maxDecodedBytes else {
                        throw GIFError(.decodedBytesLimit(limit: limits.maxDecodedBytes), at: at)
                    }
                    meta.frames.append(GIFFrameInfo(
                        descriptorOffset: at, rect: rect, delayCentiseconds: delay, disposal: disposal,
                        transparentIndex: transparent, interlaced: false, localPaletteOffset: nil, localPaletteCount: 0,
                        lzwMinimumCodeSize: 2, dataOffset: q, dataEnd: q, compressedByteCount: 0, isTruncated: false))
                    delay = 0; disposal = .unspecified; transparent = nil
                }
                let afterDescriptor = p
                var localOffset: Int? = nil, localCount = 0
                if f & 0x80 != 0 {
                    localCount = 2 << Int(f & 7)
                    guard p + localCount * 3 <= n else {
                        if empty { try emptyFrame(at: afterDescriptor); break parsing }
                        try stop(GIFError(.truncated(what: "a local colour table"), at: n)); break parsing
                    }
                    localOffset = p
                    p += localCount * 3
                }
                guard p < n else {
                    if empty { try emptyFrame(at: p); break parsing }
                    try stop(GIFError(.truncated(what: "image data"), at: n)); break parsing
                }
                let minCode = Int(b[p])
                guard minCode >= 1, minCode <= 8 else {
                    if empty { try emptyFrame(at: afterDescriptor); p = afterDescriptor; continue parsing }
                    try stop(GIFError(.invalidLZWMinimumCodeSize(minCode), at: p)); break parsing
                }
                let r = skipSubBlocks(p + 1)
                // Overflow-checked: on a 32-bit Int the sum can pass Int.max before the limit.
                let (sum, overflow) = decodedBytes.addingReportingOverflow(
                    ImageLimits.frameCost(frameArea: rect.area, canvasArea: screenArea))
                decodedBytes = sum
                guard !overflow, decodedBytes <= limits.maxDecodedBytes else {
                    throw GIFError(.decodedBytesLimit(limit: limits.maxDecodedBytes), at: at)
                }
                meta.frames.append(GIFFrameInfo(
                    descriptorOffset: at, rect: rect, delayCentiseconds: delay, disposal: disposal,
                    transparentIndex: transparent, interlaced: f & 0x40 != 0,
                    localPaletteOffset: localOffset, localPaletteCount: localCount,
                    lzwMinimumCodeSize: minCode, dataOffset: p + 1, dataEnd: r.end,
                    compressedByteCount: r.payload, isTruncated: r.truncated))
                delay = 0; disposal = .unspecified; transparent = nil
                p = r.end
                if r.truncated { meta.truncation = GIFError(.truncated(what: "image data"), at: n); break parsing }
            default:
                try stop(GIFError(.unknownBlock(introducer: introducer), at: p))
                break parsing
            }
        }

        if screenW == 0 || screenH == 0 {
            // Browsers size a zero screen from the frames.
            var w = screenW, h = screenH
            for fr in meta.frames { w = max(w, fr.rect.maxX); h = max(h, fr.rect.maxY) }
            guard limits.allows(width: w, height: h) else { throw GIFError(.imageTooLarge(width: w, height: h), at: 6) }
            meta.canvasWidth = w; meta.canvasHeight = h
            // The canvas grew after the frames were counted: count them again.
            var total = 0
            for fr in meta.frames {
                total += ImageLimits.frameCost(frameArea: fr.rect.area, canvasArea: w * h)
                guard total <= limits.maxDecodedBytes else { throw GIFError(.decodedBytesLimit(limit: limits.maxDecodedBytes), at: fr.descriptorOffset) }
            }
        }
        if meta.frames.isEmpty {
            // No image: browsers show the logical screen, fully transparent. Nothing at all
            // to show (no screen either) stays an error.
            guard meta.canvasWidth > 0, meta.canvasHeight > 0, meta.truncation == nil else {
                throw meta.truncation ?? GIFError(.noFrames, at: p)
            }
            meta.frames.append(GIFFrameInfo(
                descriptorOffset: p, rect: PixelRect(x: 0, y: 0, width: 0, height: 0), delayCentiseconds: delay,
                disposal: .unspecified, transparentIndex: nil, interlaced: false, localPaletteOffset: nil,
                localPaletteCount: 0, lzwMinimumCodeSize: 2, dataOffset: p, dataEnd: p, compressedByteCount: 0,
                isTruncated: false))
        }
        return meta
    }
}
