/// GIF's variable-length LZW decompressor, tolerant the way browsers are.
///
/// Every table entry is stored as (start, length) of an earlier occurrence of its string
/// in the output, so emitting a code is one forward copy rather than a walk down a
/// prefix chain: entry `next` = the previous code's string plus the first byte of the
/// current one, which is exactly the output from the previous string's start, one byte
/// longer. O(output + input); no allocation besides the two 4096-entry tables.
///
/// Per code there is no per-byte loop for short strings (most codes): the string is
/// copied as one or two unaligned 8-byte words (wuffs' idea), which may write up to 15
/// bytes past its end; those bytes lie in the part of the output not yet decoded, or in
/// the `slack` bytes the caller provides past `output`, and are overwritten or ignored.
/// Input is refilled 8 bytes at a time by one unaligned load.
///
/// Tolerances: no clear code at the start; clear codes anywhere; a full 4096-entry table
/// without a clear keeps 12-bit codes and stops adding entries (the "deferred clear");
/// a missing end code (the data just runs out); data after the end code or after the
/// output is full is ignored. An invalid code stops decoding; what was decoded is kept.
struct LZWDecoder {
    enum Stop: Equatable {
        case endCode
        case outputFull
        /// The input ran out before an end code (benign when the output is full too).
        case dataExhausted
        case invalidCode(code: Int, tableSize: Int, inputByte: Int)
    }

    /// Each entry (start, length) packed as `start << 16 | length` (a string is at most
    /// 4,096 bytes; starts fit 48 bits): one load per code.
    private var table = [UInt64](repeating: 0, count: 4096)

    init() {}

    /// Bytes past `output` that `decode` may scribble on (see above).
    static let slack = 16

    /// Decodes `input` into `output` (indices), stopping when either ends.
    /// Returns the number of indices written and why decoding stopped.
    /// `minCodeSize` must be 1...8 (the parser checks). `slack` bytes of writable memory
    /// must follow `output` (their contents afterwards are unspecified) when
    /// `hasSlack`; without it, copies near the end go byte by byte.
    ///
    /// The loop is arranged for the common case (a literal or a table code, then a new
    /// entry) with wrapping arithmetic: every value is bounded by the checks (positions
    /// by `total`, codes by 4,096), so no overflow check is needed.
    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, minCodeSize: Int,
                         into output: UnsafeMutableBufferPointer<UInt8>, hasSlack: Bool = false) -> (count: Int, stop: Stop) {
        let total = output.count
        guard total > 0 else { return (0, .outputFull) }
        // Below this a copy may store two whole words (16 bytes) from `pos`.
        let wordLimit = hasSlack ? total : total - Self.slack
        let out = output.baseAddress!
        let inCount = input.count
        let clear = 1 << minCodeSize
        let end = clear + 1
        var next = clear + 2
        var codeSize = minCodeSize + 1
        var mask = (1 << codeSize) - 1
        // Chromium's rule: the code size grows when `next` reaches a multiple of 1 <<
        // codeSize (for minimum sizes 2...8 that is `next == 1 << codeSize`; for 1 it is
        // what browsers do); no growth past 12 bits.
        var growAt = (next | mask) + 1
        var bits: UInt64 = 0
        var bitCount = 0
        var ip = 0
        var pos = 0
        var prevStart = 0
        var prevLen = 0 // 0: no previous code (start, or right after a clear)

        return table.withUnsafeMutableBufferPointer { tableBuf in
            let tb = tableBuf.baseAddress!
            guard let inp = input.baseAddress else { return (0, .dataExhausted) }
            while true {
                if bitCount < codeSize {
                    if ip &+ 8 <= inCount {
                        // Refill with one 8-byte load: as many whole bytes as fit
                        // (bitCount < 12, so at least 6), the rest read again later (the
                        // bits above `bitCount` are always a prefix of the next bytes).
                        let word = UInt64(littleEndian: UnsafeRawPointer(inp + ip).loadUnaligned(as: UInt64.self))
                        bits |= word &<< UInt64(bitCount)
                        ip &+= (63 &- bitCount) &>> 3
                        bitCount |= 56
                    } else {
                        while bitCount < codeSize {
                            guard ip < inCount else { return (pos, .dataExhausted) }
                            bits |= UInt64(inp[ip]) &<< UInt64(bitCount)
                            ip &+= 1
                            bitCount &+= 8
                        }
                    }
                }
                let code = Int(truncatingIfNeeded: bits) & mask
                bits &>>= UInt64(codeSize)
                bitCount &-= codeSize

                let curStart = pos
                var curLen: Int
                if code < clear {
                    out[pos] = UInt8(truncatingIfNeeded: code)
                    curLen = 1
                } else if code > end && code < next {
                    let e = tb[code]
                    let s = Int(truncatingIfNeeded: e &>> 16)
                    curLen = Int(truncatingIfNeeded: e & 0xFFFF)
                    // The string ends at or before `pos` (it was output earlier).
                    if curLen <= 16 && pos < wordLimit {
                        // Whole words: bytes past the string are scratch (see above);
                        // those read past `pos` are past the string too.
                        let src = UnsafeRawPointer(out + s), dst = UnsafeMutableRawPointer(out + pos)
                        dst.storeBytes(of: src.loadUnaligned(as: UInt64.self), as: UInt64.self)
                        if curLen > 8 {
                            dst.storeBytes(of: src.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
                        }
                    } else {
                        let n = min(curLen, total &- pos)
                        if n <= 16 {
                            var k = 0
                            while k < n { out[pos &+ k] = out[s &+ k]; k &+= 1 }
                        } else {
                            (out + pos).update(from: out + s, count: n)
                        }
                    }
                } else if code == next && next < 4096 && prevLen > 0 {
                    // KwKwK: previous string plus its own first byte. The source
                    // overlaps the destination by one byte; copy forwards.
                    curLen = prevLen &+ 1
                    let n = min(curLen, total &- pos)
                    var k = 0
                    while k < n { out[pos &+ k] = out[prevStart &+ k]; k &+= 1 }
                } else if code == clear {
                    next = clear &+ 2
                    codeSize = minCodeSize &+ 1
                    mask = (1 &<< codeSize) &- 1
                    growAt = (next | mask) &+ 1
                    prevLen = 0
                    continue
                } else if code == end {
                    return (pos, .endCode)
                } else {
                    return (pos, .invalidCode(code: code, tableSize: next, inputByte: ip))
                }
                if prevLen > 0 && next < 4096 {
                    tb[next] = UInt64(truncatingIfNeeded: prevStart) &<< 16 | UInt64(truncatingIfNeeded: prevLen &+ 1)
                    next &+= 1
                    if next == growAt {
                        codeSize &+= 1
                        mask = (1 &<< codeSize) &- 1
                        growAt = codeSize < 12 ? (next | mask) &+ 1 : Int.max
                    }
                }
                prevStart = curStart
                prevLen = curLen
                pos &+= curLen
                if pos >= total { return (total, .outputFull) }
            }
        }
    }
}
