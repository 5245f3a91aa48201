/// zlib (RFC 1950) and raw deflate (RFC 1951) decompression.
///
/// Design (see docs/ARCHITECTURE.md, "Imaging: PNG"):
/// - a 64-bit bit buffer refilled 8 bytes at a time with one unaligned load while at
///   least 8 input bytes remain (byte-wise near the end, padding with zeros and
///   counting the padding so that consuming it reports `truncated`);
/// - two-level Huffman tables (`HuffmanDecodeTable`) whose entries carry the length
///   base / distance base and extra-bit counts directly, so one lookup and one shift
///   decode a symbol; one refill covers a whole length/distance pair (at most 48 bits);
/// - output into one preallocated buffer (exact when the caller knows the size, as
///   PNG does; otherwise doubling), with 8-byte-wide match copies into a slack area.
/// - every output byte counts against `limit`, so a decompression bomb stops with
///   `ZlibError.outputLimitExceeded` (or is cut at the limit with `stopAtLimit`)
///   before memory grows past it.
///
/// Memory O(output) plus ~50 KiB of tables.
public enum Inflate {
    /// Decompresses a zlib stream (header, deflate data, Adler-32 trailer, all checked).
    ///
    /// - Parameters:
    ///   - input: The zlib stream.
    ///   - expectedSize: the output size when known, to allocate once.
    ///   - limit: the most output bytes allowed.
    ///   - stopAtLimit: when true, output past `limit` is silently dropped and the rest
    ///     of the stream (including the checksum) is not examined; when false, it throws.
    ///   - verifyChecksum: check the Adler-32 trailer (default).
    /// - Returns: The decompressed bytes.
    /// - Throws: `ZlibError` with the input offset of the problem.
    /// - Complexity: O(input + output).
    public static func zlib(
        _ input: [UInt8], expectedSize: Int = 0, limit: Int = 1 << 30, stopAtLimit: Bool = false,
        verifyChecksum: Bool = true
    ) throws(ZlibError) -> [UInt8] {
        try input.withUnsafeBytes { raw in
            Result { () throws(ZlibError) in
                try zlib(raw, expectedSize: expectedSize, limit: limit, stopAtLimit: stopAtLimit, verifyChecksum: verifyChecksum)
            }
        }.get()
    }

    /// The same over raw memory (PNG's concatenated IDAT data, without a copy).
    ///
    /// - Parameters:
    ///   - input: The zlib stream.
    ///   - expectedSize: The output size when known.
    ///   - limit: The most output bytes allowed.
    ///   - stopAtLimit: Whether output past `limit` is dropped instead of thrown.
    ///   - verifyChecksum: Whether the Adler-32 trailer is checked.
    /// - Returns: The decompressed bytes.
    /// - Throws: `ZlibError` with the input offset of the problem.
    /// - Complexity: O(input + output).
    public static func zlib(
        _ input: UnsafeRawBufferPointer, expectedSize: Int = 0, limit: Int = 1 << 30, stopAtLimit: Bool = false,
        verifyChecksum: Bool = true
    ) throws(ZlibError) -> [UInt8] {
        guard input.count >= 2 else { throw .truncated(offset: input.count) }
        let cmf = Int(input[0]), flg = Int(input[1])
        if (cmf << 8 | flg) % 31 != 0 { throw .invalidHeader("check bits", offset: 0) }
        if cmf & 0x0f != 8 { throw .invalidHeader("compression method \(cmf & 0x0f), not deflate", offset: 0) }
        if cmf >> 4 > 7 { throw .invalidHeader("window size 2^\((cmf >> 4) + 8)", offset: 0) }
        if flg & 0x20 != 0 { throw .invalidHeader("preset dictionary", offset: 1) }
        return try run(input, start: 2, checkAdler: verifyChecksum, expectedSize: expectedSize, limit: limit, stopAtLimit: stopAtLimit)
    }

    /// Decompresses raw deflate data (no header, no checksum).
    ///
    /// - Parameters:
    ///   - input: The deflate stream.
    ///   - expectedSize: The output size when known.
    ///   - limit: The most output bytes allowed.
    ///   - stopAtLimit: Whether output past `limit` is dropped instead of thrown.
    /// - Returns: The decompressed bytes.
    /// - Throws: `ZlibError` with the input offset of the problem.
    /// - Complexity: O(input + output).
    public static func raw(
        _ input: [UInt8], expectedSize: Int = 0, limit: Int = 1 << 30, stopAtLimit: Bool = false
    ) throws(ZlibError) -> [UInt8] {
        try input.withUnsafeBytes { raw in
            Result { () throws(ZlibError) in
                try run(raw, start: 0, checkAdler: false, expectedSize: expectedSize, limit: limit, stopAtLimit: stopAtLimit)
            }
        }.get()
    }

    private static func run(
        _ input: UnsafeRawBufferPointer, start: Int, checkAdler: Bool,
        expectedSize: Int, limit: Int, stopAtLimit: Bool
    ) throws(ZlibError) -> [UInt8] {
        var tables = DecodeTables()
        defer { tables.deallocate() }
        var r = BitReader(input, start: start)
        func finish(_ out: OutputBuffer) throws(ZlibError) {
            if checkAdler && !out.stopped {
                let pos = r.alignToByte()
                guard pos + 4 <= input.count else { throw .truncated(offset: input.count) }
                let stored = UInt32(input[pos]) << 24 | UInt32(input[pos + 1]) << 16
                    | UInt32(input[pos + 2]) << 8 | UInt32(input[pos + 3])
                let actual = Adler32.checksum(UnsafeRawBufferPointer(start: out.base, count: out.pos))
                if stored != actual { throw .checksumMismatch(expected: stored, actual: actual, offset: pos) }
            }
        }
        if expectedSize > 0 && expectedSize >= limit {
            // The output can never grow past its first allocation: decode straight into
            // the array's storage (no final copy).
            var failure: ZlibError?
            let result = [UInt8](unsafeUninitializedCapacity: limit + OutputBuffer.slack) { buf, count in
                var out = OutputBuffer(fixed: buf.baseAddress!, capacity: limit, stopAtLimit: stopAtLimit)
                do throws(ZlibError) {
                    try inflateBlocks(&r, &out, &tables)
                    try finish(out)
                } catch {
                    failure = error
                }
                count = out.pos
            }
            if let failure { throw failure }
            return result
        }
        var out = OutputBuffer(initialCapacity: min(limit, max(expectedSize, 1024)), limit: limit, stopAtLimit: stopAtLimit)
        defer { out.deallocate() }
        try inflateBlocks(&r, &out, &tables)
        try finish(out)
        return out.toArray()
    }

    // Literal/length table entries: kind 0x80 literal (value = byte), 0x81 end of block,
    // 0..5 a length (kind = extra bits, value = base length). Distance entries: kind =
    // extra bits 0..13, value = base distance.
    static let literalKind: UInt32 = 0x80
    static let endOfBlockKind: UInt32 = 0x81
    static let litlenPrimaryBits = 10
    static let distPrimaryBits = 8

    static let lengthBase: [UInt32] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                       35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [UInt32] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distBase: [UInt32] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                     257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                                     8193, 12289, 16385, 24577]
    static let distExtra: [UInt32] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                      7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    @inline(__always) static func litlenPayload(_ sym: Int) -> UInt32 {
        if sym < 256 { return UInt32(sym) << 16 | literalKind << 8 }
        if sym == 256 { return endOfBlockKind << 8 }
        if sym > 285 { return HuffmanDecodeTable.invalidKind << 8 }
        return lengthBase[sym - 257] << 16 | lengthExtra[sym - 257] << 8
    }

    @inline(__always) static func distPayload(_ sym: Int) -> UInt32 {
        if sym >= 30 { return HuffmanDecodeTable.invalidKind << 8 }
        return distBase[sym] << 16 | distExtra[sym] << 8
    }

    /// Order in which code length code lengths are sent.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static func inflateBlocks(_ r: inout BitReader, _ out: inout OutputBuffer, _ t: inout DecodeTables) throws(ZlibError) {
        var final = false
        while !final {
            try r.refill()
            let blockOffset = r.offset
            let header = r.take(3)
            final = header & 1 != 0
            switch header >> 1 {
            case 0:
                try storedBlock(&r, &out)
            case 1:
                t.buildFixed()
                try huffmanBlock(&r, &out, t)
            case 2:
                try readDynamicTables(&r, &t)
                try huffmanBlock(&r, &out, t)
            default:
                throw .invalidBlockType(offset: blockOffset)
            }
            try r.checkNotPastEnd()
            if out.stopped { return }
        }
    }

    private static func storedBlock(_ r: inout BitReader, _ out: inout OutputBuffer) throws(ZlibError) {
        let pos = r.alignToByte()
        let input = r.input
        guard pos + 4 <= input.count else { throw .truncated(offset: input.count) }
        let len = Int(input[pos]) | Int(input[pos + 1]) << 8
        let nlen = Int(input[pos + 2]) | Int(input[pos + 3]) << 8
        if len != (~nlen & 0xffff) { throw .storedLengthMismatch(offset: pos) }
        guard pos + 4 + len <= input.count else { throw .truncated(offset: input.count) }
        let n = try out.reserve(len)
        if n > 0 {
            (out.base + out.pos).update(from: input.baseAddress!.assumingMemoryBound(to: UInt8.self) + pos + 4, count: n)
            out.pos += n
        }
        r.restart(at: pos + 4 + len)
    }

    private static func readDynamicTables(_ r: inout BitReader, _ t: inout DecodeTables) throws(ZlibError) {
        try r.refill()
        let start = r.offset
        let hlit = Int(r.take(5)) + 257
        let hdist = Int(r.take(5)) + 1
        let hclen = Int(r.take(4)) + 4
        if hlit > 286 || hdist > 30 {
            throw .invalidCodeLengths("\(hlit) literal/length or \(hdist) distance codes", offset: start)
        }
        var clens = [UInt8](repeating: 0, count: 19)
        for i in 0..<hclen {
            try r.refill()
            clens[codeLengthOrder[i]] = UInt8(r.take(3))
        }
        try r.checkNotPastEnd()
        let why = clens.withUnsafeBufferPointer { lens in
            HuffmanDecodeTable.build(lengths: lens, primaryBits: 7, into: t.codeLen) { UInt32($0) << 16 }
        }
        if let why { throw .invalidCodeLengths("code length code: " + why, offset: start) }
        var lengths = [UInt8](repeating: 0, count: hlit + hdist)
        var i = 0
        while i < hlit + hdist {
            try r.refill()
            let e = t.codeLen[Int(r.bitbuf & 0x7f)]
            let n = e & 0xff
            if n == 0 { throw .invalidSymbol(offset: r.offset) }
            r.consume(n)
            let sym = Int(e >> 16)
            switch sym {
            case 0...15:
                lengths[i] = UInt8(sym); i += 1
            case 16:
                if i == 0 { throw .invalidCodeLengths("repeat with no previous length", offset: r.offset) }
                let rep = 3 + Int(r.take(2))
                if i + rep > lengths.count { throw .invalidCodeLengths("repeat past the end", offset: r.offset) }
                let prev = lengths[i - 1]
                for _ in 0..<rep { lengths[i] = prev; i += 1 }
            default:
                let rep = sym == 17 ? 3 + Int(r.take(3)) : 11 + Int(r.take(7))
                if i + rep > lengths.count { throw .invalidCodeLengths("repeat past the end", offset: r.offset) }
                i += rep // already zero
            }
        }
        try r.checkNotPastEnd()
        if lengths[256] == 0 { throw .invalidCodeLengths("no end-of-block code", offset: start) }
        let lwhy = lengths.withUnsafeBufferPointer { all in
            HuffmanDecodeTable.build(lengths: UnsafeBufferPointer(rebasing: all[0..<hlit]),
                                     primaryBits: litlenPrimaryBits, into: t.litlen, payload: litlenPayload)
        }
        if let lwhy { throw .invalidCodeLengths("literal/length code: " + lwhy, offset: start) }
        let dwhy = lengths.withUnsafeBufferPointer { all in
            HuffmanDecodeTable.build(lengths: UnsafeBufferPointer(rebasing: all[hlit...]),
                                     primaryBits: distPrimaryBits, into: t.dist, payload: distPayload)
        }
        if let dwhy { throw .invalidCodeLengths("distance code: " + dwhy, offset: start) }
        t.fixedBuilt = false
    }

    /// The hot loop: one refill per symbol (or length/distance pair).
    private static func huffmanBlock(_ reader: inout BitReader, _ out: inout OutputBuffer, _ t: DecodeTables) throws(ZlibError) {
        // A local copy: through the inout the compiler stored bitbuf/bitcount back to
        // memory on every symbol (profiled); written back once at the end.
        var r = reader
        defer { reader = r }
        let lt = t.litlen, dt = t.dist
        let lmask: UInt64 = (1 << UInt64(litlenPrimaryBits)) - 1
        let dmask: UInt64 = (1 << UInt64(distPrimaryBits)) - 1
        var base = out.base
        var pos = out.pos
        var cap = out.capacity
        defer { out.pos = pos }
        while true {
            try r.refill()
            var e = lt[Int(r.bitbuf & lmask)]
            if (e >> 8) & 0xff == HuffmanDecodeTable.subtableKind {
                e = lt[Int(e >> 16) + Int((r.bitbuf &>> UInt64(litlenPrimaryBits)) & ((1 &<< UInt64(e & 0xff)) - 1))]
            }
            r.consume(e & 0xff)
            let kind = (e >> 8) & 0xff
            if kind == literalKind {
                if pos >= cap {
                    out.pos = pos
                    if try out.reserve(1) == 0 { return }
                    base = out.base; cap = out.capacity
                }
                base[pos] = UInt8(truncatingIfNeeded: e >> 16)
                pos += 1
                // Up to two more literals without refilling while enough bits remain
                // (a literal code is at most 15 bits; after a refill 56 are there).
                var more = 2
                while more > 0 && r.bitcount >= 15 && pos < cap {
                    let e2 = lt[Int(r.bitbuf & lmask)]
                    if (e2 >> 8) & 0xff != literalKind { break }
                    r.consume(e2 & 0xff)
                    base[pos] = UInt8(truncatingIfNeeded: e2 >> 16)
                    pos += 1
                    more -= 1
                }
                continue
            }
            if kind == endOfBlockKind { break }
            if kind > 5 { throw .invalidSymbol(offset: r.offset) }
            let length = Int(e >> 16) + Int(r.bitbuf & ((1 &<< UInt64(kind)) - 1))
            r.consume(kind)
            var d = dt[Int(r.bitbuf & dmask)]
            if (d >> 8) & 0xff == HuffmanDecodeTable.subtableKind {
                d = dt[Int(d >> 16) + Int((r.bitbuf &>> UInt64(distPrimaryBits)) & ((1 &<< UInt64(d & 0xff)) - 1))]
            }
            r.consume(d & 0xff)
            let dkind = (d >> 8) & 0xff
            if dkind > 13 { throw .invalidSymbol(offset: r.offset) }
            let dist = Int(d >> 16) + Int(r.bitbuf & ((1 &<< UInt64(dkind)) - 1))
            r.consume(dkind)
            if dist > pos { throw .distanceTooFar(distance: dist, available: pos, offset: r.offset) }
            var n = length
            if pos + length > cap {
                out.pos = pos
                n = try out.reserve(length)
                base = out.base; cap = out.capacity
                if n == 0 { return }
            }
            let dst = base + pos
            let src = dst - dist
            if dist >= 8 {
                // 8-byte chunks; each reads only bytes already written (dist >= 8) and
                // may spill up to 7 bytes into the slack past `cap`.
                var k = 0
                repeat {
                    UnsafeMutableRawPointer(dst + k).storeBytes(
                        of: UnsafeRawPointer(src + k).loadUnaligned(as: UInt64.self), as: UInt64.self)
                    k += 8
                } while k < n
            } else if dist == 1 {
                dst.update(repeating: src[0], count: n)
            } else {
                for k in 0..<n { dst[k] = src[k] }
            }
            pos += n
            if n < length { return } // cut at the limit (stopAtLimit)
        }
    }
}
