/// Decodes PNG files to RGBA8 `Image`s: every colour type and bit depth, palettes,
/// tRNS, Adam7, all filters; ancillary chunks are skipped (an APNG decodes here as its
/// default image; `APNGDecoder` plays the animation).
///
/// Untrusted input: the declared size is checked against `limits` before any pixel
/// memory is allocated, the inflater is capped at exactly the bytes the scanlines
/// need, and every failure is a `PNGError` naming the chunk and byte offset.
/// Memory: the compressed data once, the filtered scanlines once, and the output image.
public struct PNGDecoder: Sendable {
    /// Checked against IHDR before any pixel memory is allocated.
    public var limits: ImageLimits
    /// Check chunk CRC-32s and the zlib Adler-32 (default). Browsers skip CRCs; turning
    /// this off decodes files whose only damage is a checksum.
    public var verifyChecksums: Bool

    /// - Parameters:
    ///   - limits: Size limits.
    ///   - verifyChecksums: Whether CRC-32s and the Adler-32 are checked.
    public init(limits: ImageLimits = .default, verifyChecksums: Bool = true) {
        self.limits = limits
        self.verifyChecksums = verifyChecksums
    }

    /// The header only (signature, chunks and CRCs checked; nothing decompressed).
    ///
    /// - Parameter bytes: The file.
    /// - Returns: IHDR's fields.
    /// - Throws: `PNGError` for a malformed chunk structure.
    /// - Complexity: O(file size).
    public func header(of bytes: [UInt8]) throws(PNGError) -> PNGHeader {
        try Self.withBytes(bytes) { (raw) throws(PNGError) in try PNGStructure.parse(raw, limits: limits, verifyChecksums: verifyChecksums).header }
    }

    /// Decodes the default image (an APNG's IDAT image, not its frames).
    ///
    /// - Parameter bytes: The file.
    /// - Returns: The pixels as RGBA8.
    /// - Throws: `PNGError` naming the chunk and byte offset.
    /// - Complexity: O(file size + pixels).
    public func decode(_ bytes: [UInt8]) throws(PNGError) -> Image {
        try Self.withBytes(bytes) { (raw) throws(PNGError) in
            let s = try PNGStructure.parse(raw, limits: limits, verifyChecksums: verifyChecksums)
            return try Self.decodeImage(raw, ranges: s.idat, header: s.header, structure: s)
        }
    }

    static func withBytes<T>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(PNGError) -> T) throws(PNGError) -> T {
        try bytes.withUnsafeBytes { raw in Result { () throws(PNGError) in try body(raw) } }.get()
    }

    /// Gathers the compressed data of `ranges` (IDAT or fdAT payloads), inflates it and
    /// turns the scanlines into an image of `header`'s size.
    static func decodeImage(
        _ file: UnsafeRawBufferPointer, ranges: [Range<Int>], header: PNGHeader, structure: PNGStructure
    ) throws(PNGError) -> Image {
        let compressedCount = ranges.reduce(0) { $0 + $1.count }
        var compressed = [UInt8](repeating: 0, count: compressedCount)
        compressed.withUnsafeMutableBytes { dst in
            var at = 0
            for r in ranges {
                dst.baseAddress!.advanced(by: at).copyMemory(from: file.baseAddress!.advanced(by: r.lowerBound), byteCount: r.count)
                at += r.count
            }
        }
        let expected = header.filteredDataSize()
        var filtered: [UInt8]
        do {
            filtered = try Inflate.zlib(compressed, expectedSize: expected, limit: expected, stopAtLimit: true,
                                       verifyChecksum: structure.verifyChecksums)
        } catch {
            throw .badZlibStream(error, offset: fileOffset(ofStreamOffset: error.streamOffset, in: ranges))
        }
        if filtered.count < expected { throw .imageDataTooShort(expected: expected, actual: filtered.count) }
        return try reconstruct(&filtered, header: header, structure: structure)
    }

    /// Maps an offset in the concatenated chunk payloads back to the file.
    static func fileOffset(ofStreamOffset o: Int, in ranges: [Range<Int>]) -> Int {
        var left = o
        for r in ranges {
            if left < r.count { return r.lowerBound + left }
            left -= r.count
        }
        return ranges.last?.upperBound ?? 0
    }

    /// Unfilters the scanlines in place and converts them to RGBA8.
    static func reconstruct(_ filtered: inout [UInt8], header: PNGHeader, structure: PNGStructure) throws(PNGError) -> Image {
        try validateFilters(filtered, header: header)
        let converter = PNGRowConverter(header: header, palette: structure.palette,
                                        grayKey: structure.grayKey, rgbKey: structure.rgbKey)
        let width = header.width, height = header.height
        let bpp = header.filterStride
        let maxRowBytes = header.rowBytes(width: width)
        let zeroRow = UnsafeMutablePointer<UInt8>.allocate(capacity: maxRowBytes + 8)
        zeroRow.initialize(repeating: 0, count: maxRowBytes + 8)
        defer { zeroRow.deallocate() }
        let count = width * height * 4
        let pixels = filtered.withUnsafeMutableBufferPointer { fbuf in
            let data = fbuf.baseAddress!
            return [UInt8](unsafeUninitializedCapacity: count) { out, n in
                let dst = out.baseAddress!
                if !header.interlaced {
                    // Unfilter and convert row by row while the row is in cache.
                    let stride = maxRowBytes + 1
                    for y in 0..<height {
                        let row = data + y * stride
                        let prev = y == 0 ? UnsafePointer(zeroRow) : UnsafePointer(row - stride + 1)
                        PNGUnfilter.unfilterRow(row + 1, prev: prev, filter: row[0], rowBytes: maxRowBytes, bpp: bpp)
                        converter.convert(row + 1, width: width, into: dst + y * width * 4, dstStep: 4)
                    }
                } else {
                    var at = 0
                    for pass in Adam7.passes {
                        let (pw, ph) = pass.size(width: width, height: height)
                        if pw == 0 || ph == 0 { continue }
                        let rb = header.rowBytes(width: pw)
                        for y in 0..<ph {
                            let row = data + at + y * (rb + 1)
                            let prev = y == 0 ? UnsafePointer(zeroRow) : UnsafePointer(row - rb)
                            PNGUnfilter.unfilterRow(row + 1, prev: prev, filter: row[0], rowBytes: rb, bpp: bpp)
                            let oy = pass.y0 + y * pass.dy
                            converter.convert(row + 1, width: pw, into: dst + (oy * width + pass.x0) * 4, dstStep: 4 * pass.dx)
                        }
                        at += ph * (rb + 1)
                    }
                }
                n = count
            }
        }
        return Image(width: width, height: height, pixels: pixels)!
    }

    /// Checks every scanline's filter byte before anything is unfiltered. O(rows).
    static func validateFilters(_ filtered: [UInt8], header: PNGHeader) throws(PNGError) {
        func check(at: Int, rows: Int, rowBytes: Int, pass: Int) throws(PNGError) {
            for y in 0..<rows {
                let f = filtered[at + y * (rowBytes + 1)]
                if f > 4 { throw .invalidFilter(Int(f), row: y, pass: pass) }
            }
        }
        if !header.interlaced {
            try check(at: 0, rows: header.height, rowBytes: header.rowBytes(width: header.width), pass: 0)
            return
        }
        var at = 0
        for (i, pass) in Adam7.passes.enumerated() {
            let (pw, ph) = pass.size(width: header.width, height: header.height)
            if pw == 0 || ph == 0 { continue }
            let rb = header.rowBytes(width: pw)
            try check(at: at, rows: ph, rowBytes: rb, pass: i + 1)
            at += ph * (rb + 1)
        }
    }
}

extension ZlibError {
    /// The byte offset in the compressed stream (for mapping into the file).
    var streamOffset: Int {
        switch self {
        case let .invalidHeader(_, o), let .invalidBlockType(o), let .storedLengthMismatch(o),
             let .invalidCodeLengths(_, o), let .invalidSymbol(o), let .distanceTooFar(_, _, o),
             let .truncated(o), let .checksumMismatch(_, _, o):
            o
        case .outputLimitExceeded: 0
        }
    }
}
