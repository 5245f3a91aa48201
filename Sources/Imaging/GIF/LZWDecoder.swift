/// GIF's variable-length LZW decompressor, tolerant the way browsers are.
///
/// Every table entry is stored as (start, length) of an earlier occurrence of its string
/// in the output, so emitting a code is one forward copy rather than a walk down a
/// prefix chain: entry `next` = the previous code's string plus the first byte of the
/// current one, which is exactly the output from the previous string's start, one byte
/// longer. O(output + input); no allocation besides the two 4096-entry tables.
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

    private var starts = [Int32](repeating: 0, count: 4096)
    private var lengths = [Int32](repeating: 0, count: 4096)

    init() {}

    /// Decodes `input` into `output` (indices), stopping when either ends.
    /// Returns the number of indices written and why decoding stopped.
    /// `minCodeSize` must be 1...8 (the parser checks).
    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, minCodeSize: Int,
                         into output: UnsafeMutableBufferPointer<UInt8>) -> (count: Int, stop: Stop) {
        let total = output.count
        guard total > 0 else { return (0, .outputFull) }
        let out = output.baseAddress!
        let inCount = input.count
        let clear = 1 << minCodeSize
        let end = clear + 1
        var next = clear + 2
        var codeSize = minCodeSize + 1
        var mask = (1 << codeSize) - 1
        var bits: UInt64 = 0
        var bitCount = 0
        var ip = 0
        var pos = 0
        var prevStart = 0
        var prevLen = 0 // 0: no previous code (start, or right after a clear)

        return starts.withUnsafeMutableBufferPointer { startsBuf in
            lengths.withUnsafeMutableBufferPointer { lengthsBuf in
                let st = startsBuf.baseAddress!, ln = lengthsBuf.baseAddress!
                guard let inp = input.baseAddress else { return (0, .dataExhausted) }
                while true {
                    if bitCount < codeSize {
                        if ip + 8 <= inCount && bitCount <= 8 {
                            // Refill whole bytes at once (bitCount + 56 <= 64).
                            var k = 0
                            while k < 7 {
                                bits |= UInt64(inp[ip + k]) << UInt64(bitCount)
                                bitCount += 8
                                k += 1
                            }
                            ip += 7
                        } else {
                            while bitCount < codeSize {
                                guard ip < inCount else { return (pos, .dataExhausted) }
                                bits |= UInt64(inp[ip]) << UInt64(bitCount)
                                ip += 1
                                bitCount += 8
                            }
                        }
                    }
                    let code = Int(truncatingIfNeeded: bits) & mask
                    bits >>= UInt64(codeSize)
                    bitCount -= codeSize

                    if code == clear {
                        next = clear + 2
                        codeSize = minCodeSize + 1
                        mask = (1 << codeSize) - 1
                        prevLen = 0
                        continue
                    }
                    if code == end { return (pos, .endCode) }

                    if prevLen == 0 {
                        guard code < clear else {
                            return (pos, .invalidCode(code: code, tableSize: next, inputByte: ip))
                        }
                        out[pos] = UInt8(truncatingIfNeeded: code)
                        prevStart = pos
                        prevLen = 1
                        pos += 1
                        if pos == total { return (pos, .outputFull) }
                        continue
                    }

                    let curStart = pos
                    var curLen: Int
                    if code < clear {
                        out[pos] = UInt8(truncatingIfNeeded: code)
                        curLen = 1
                    } else if code < next {
                        let s = Int(st[code])
                        curLen = Int(ln[code])
                        let n = min(curLen, total - pos)
                        // Source ends at or before `pos`: no overlap.
                        if n <= 16 {
                            var k = 0
                            while k < n { out[pos + k] = out[s + k]; k += 1 }
                        } else {
                            (out + pos).update(from: out + s, count: n)
                        }
                        if n < curLen { return (total, .outputFull) }
                    } else if code == next && next < 4096 {
                        // KwKwK: previous string plus its own first byte. The source
                        // overlaps the destination by one byte; copy forwards.
                        curLen = prevLen + 1
                        let n = min(curLen, total - pos)
                        var k = 0
                        while k < n { out[pos + k] = out[prevStart + k]; k += 1 }
                        if n < curLen { return (total, .outputFull) }
                    } else {
                        return (pos, .invalidCode(code: code, tableSize: next, inputByte: ip))
                    }
                    if next < 4096 {
                        st[next] = Int32(truncatingIfNeeded: prevStart)
                        ln[next] = Int32(truncatingIfNeeded: prevLen + 1)
                        next += 1
                        // Chromium's rule; the same as `next == 1 << codeSize` for minimum
                        // code sizes 2...8, and what browsers do for size 1.
                        if next & mask == 0 && codeSize < 12 {
                            codeSize += 1
                            mask = (1 << codeSize) - 1
                        }
                    }
                    prevStart = curStart
                    prevLen = curLen
                    pos += curLen
                    if pos == total { return (pos, .outputFull) }
                }
            }
        }
    }
}
