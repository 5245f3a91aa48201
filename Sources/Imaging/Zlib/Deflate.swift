/// zlib / raw deflate compression: LZ77 over a 32 KiB window with hash chains and
/// lazy matching (zlib's level parameters), coded per block with whichever of dynamic
/// Huffman, fixed Huffman or stored is smallest.
///
/// Time O(n x chain length); memory O(n) output plus 64 KiB + 128 KiB chain tables.
/// Deterministic: the same input and level give the same bytes everywhere.
public enum Deflate {
    /// A zlib stream (header, deflate data, Adler-32). `level` 0 stores, 1-9 trade
    /// speed for size as in zlib (6 is zlib's default).
    public static func zlib(_ data: [UInt8], level: Int = 6) -> [UInt8] {
        let lvl = max(0, min(9, level))
        return zlib(data, level: lvl, config: configs[lvl])
    }

    /// `zlib(_:level:)` with the match finder's parameters given (`level` only picks
    /// the header's level field and stored for 0).
    static func zlib(_ data: [UInt8], level lvl: Int, config: Config) -> [UInt8] {
        var w = BitWriter(capacity: data.count / 2 + 64)
        let flevel = lvl < 2 ? 0 : lvl < 6 ? 1 : lvl == 6 ? 2 : 3
        let cmf = 0x78
        var flg = flevel << 6
        flg += (31 - (cmf * 256 + flg) % 31) % 31
        w.write(UInt32(cmf), 8)
        w.write(UInt32(flg), 8)
        data.withUnsafeBufferPointer { compress($0, level: lvl, config: config, into: &w) }
        w.alignToByte()
        let a = Adler32.checksum(data)
        w.bytes.append(UInt8(a >> 24)); w.bytes.append(UInt8((a >> 16) & 0xff))
        w.bytes.append(UInt8((a >> 8) & 0xff)); w.bytes.append(UInt8(a & 0xff))
        return w.bytes
    }

    /// Raw deflate data (no header or checksum).
    public static func raw(_ data: [UInt8], level: Int = 6) -> [UInt8] {
        var w = BitWriter(capacity: data.count / 2 + 64)
        let lvl = max(0, min(9, level))
        data.withUnsafeBufferPointer { compress($0, level: lvl, config: configs[lvl], into: &w) }
        w.alignToByte()
        return w.bytes
    }

    /// zlib's match-finder parameters; `maxInsert`: in lazy mode, a match longer than
    /// this links only its last positions into the hash chains.
    struct Config { var good, lazy, nice, chain: Int; var greedy: Bool; var maxInsert = 258 }
    static let configs: [Config] = [
        Config(good: 0, lazy: 0, nice: 0, chain: 0, greedy: true),
        Config(good: 4, lazy: 4, nice: 8, chain: 4, greedy: true),
        Config(good: 4, lazy: 5, nice: 16, chain: 8, greedy: true),
        Config(good: 4, lazy: 6, nice: 32, chain: 32, greedy: true),
        Config(good: 4, lazy: 4, nice: 16, chain: 16, greedy: false),
        Config(good: 8, lazy: 16, nice: 32, chain: 32, greedy: false),
        Config(good: 8, lazy: 16, nice: 128, chain: 128, greedy: false, maxInsert: 128),
        Config(good: 8, lazy: 32, nice: 128, chain: 256, greedy: false),
        Config(good: 32, lazy: 128, nice: 258, chain: 1024, greedy: false),
        Config(good: 32, lazy: 258, nice: 258, chain: 4096, greedy: false),
    ]

    static let windowSize = 32768
    static let hashBits = 15
    static let hash3Bits = 14
    static let maxItemsPerBlock = 16384

    static func compress(_ input: UnsafeBufferPointer<UInt8>, level: Int, config cfg: Config, into w: inout BitWriter) {
        let n = input.count
        if level == 0 || n == 0 {
            writeStored(input, from: 0, to: n, final: true, into: &w)
            return
        }
        var enc = BlockEncoder()
        let head = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << hashBits)
        head.initialize(repeating: -1, count: 1 << hashBits)
        let head3 = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << hash3Bits)
        head3.initialize(repeating: -1, count: 1 << hash3Bits)
        let prev = UnsafeMutablePointer<Int32>.allocate(capacity: windowSize)
        prev.initialize(repeating: -1, count: windowSize)
        defer { head.deallocate(); head3.deallocate(); prev.deallocate() }
        let src = input.baseAddress!
        var cand3 = -1

        /// Links position i into the 4-byte hash chains and the 3-byte table; returns
        /// the previous position with the same 4-byte hash (-1: none) and leaves the
        /// previous one with the same 3-byte hash in `cand3`. Bytes are read
        /// little-endian so the hashes, and so the output, are the same on any machine.
        @inline(__always) func insert(_ i: Int) -> Int {
            guard i + 4 <= n else {
                if i + 3 <= n {
                    let v = UInt32(src[i]) | UInt32(src[i + 1]) << 8 | UInt32(src[i + 2]) << 16
                    let h3 = Int((v &* 0x9E37_79B1) >> UInt32(32 - hash3Bits))
                    cand3 = Int(head3[h3])
                    head3[h3] = Int32(truncatingIfNeeded: i)
                } else {
                    cand3 = -1
                }
                return -1
            }
            let v = UInt32(littleEndian: UnsafeRawPointer(src + i).loadUnaligned(as: UInt32.self))
            let h = Int((v &* 0x1E35_A7BD) >> UInt32(32 - hashBits))
            let h3 = Int(((v & 0xFF_FFFF) &* 0x9E37_79B1) >> UInt32(32 - hash3Bits))
            let candidate = Int(head[h])
            prev[i & (windowSize - 1)] = Int32(truncatingIfNeeded: candidate)
            head[h] = Int32(truncatingIfNeeded: i)
            cand3 = Int(head3[h3])
            head3[h3] = Int32(truncatingIfNeeded: i)
            return candidate
        }

        /// The longest match at `i` longer than `minLen`: the 4-byte chain from
        /// `firstCandidate`, walking at most `chainLimit` links, and for a length-3 match
        /// only the latest position with the same 3 bytes (`cand3`, within 4 KiB, as
        /// zlib drops farther length-3 matches). (0, 0) when there is none.
        @inline(__always) func longest(_ i: Int, _ firstCandidate: Int, _ minLen: Int, _ chainLimit: Int) -> (Int, Int) {
            var best = minLen, bestDist = 0
            let maxLen = min(258, n - i)
            if maxLen <= best { return (0, 0) }
            let here = src + i
            if best < 3 && cand3 >= 0 && i - cand3 <= 4096 && maxLen >= 3 {
                let there = src + cand3
                if there[0] == here[0] && there[1] == here[1] && there[2] == here[2] {
                    best = 3; bestDist = i - cand3
                    if maxLen == 3 { return (3, bestDist) }
                }
            }
            guard maxLen >= 4 else { return bestDist == 0 ? (0, 0) : (best, bestDist) }
            let first4 = UnsafeRawPointer(here).loadUnaligned(as: UInt32.self)
            var cand = firstCandidate
            var chain = chainLimit
            while cand >= 0 && i - cand <= windowSize && chain > 0 {
                let there = src + cand
                if there[best] == here[best] && UnsafeRawPointer(there).loadUnaligned(as: UInt32.self) == first4 {
                    var len = 4
                    while len + 8 <= maxLen {
                        let x = UnsafeRawPointer(here + len).loadUnaligned(as: UInt64.self)
                            ^ UnsafeRawPointer(there + len).loadUnaligned(as: UInt64.self)
                        if x != 0 { len += UInt64(littleEndian: x).trailingZeroBitCount >> 3; break }
                        len += 8
                    }
                    if len + 8 > maxLen { while len < maxLen && here[len] == there[len] { len += 1 } }
                    len = min(len, maxLen)
                    if len > best {
                        best = len; bestDist = i - cand
                        if len >= cfg.nice || len == maxLen { break }
                    }
                }
                let next = Int(prev[cand & (windowSize - 1)])
                if next >= cand { break } // a slot overwritten by a newer position
                cand = next
                chain -= 1
            }
            return bestDist == 0 ? (0, 0) : (best, bestDist)
        }

        var blockStart = 0
        var covered = 0
        func flushIfFull(final: Bool) {
            if enc.count >= maxItemsPerBlock || final {
                enc.writeBlock(input, from: blockStart, to: covered, final: final, into: &w)
                blockStart = covered
            }
        }

        var i = 0
        if cfg.greedy {
            while i < n {
                let cand = insert(i)
                let (len, dist) = longest(i, cand, 2, cfg.chain)
                if len >= 3 {
                    enc.match(len, dist)
                    if len <= cfg.lazy { for p in (i + 1)..<(i + len) { _ = insert(p) } }
                    i += len
                } else {
                    enc.literal(src[i])
                    i += 1
                }
                covered = i
                flushIfFull(final: false)
            }
        } else {
            var matchAvailable = false
            var matchLen = 2, matchDist = 0
            while i < n {
                let cand = insert(i)
                let prevLen = matchLen, prevDist = matchDist
                matchLen = 2
                if prevLen < cfg.lazy {
                    let chain = prevLen >= cfg.good ? cfg.chain >> 2 : cfg.chain
                    let (l, d) = longest(i, cand, prevLen, chain)
                    if l >= 3 && !(l == 3 && d > 4096) { matchLen = l; matchDist = d }
                }
                if prevLen >= 3 && matchLen <= prevLen {
                    // The match found at i - 1 is at least as good: take it.
                    enc.match(prevLen, prevDist)
                    let end = i - 1 + prevLen
                    var p = prevLen > cfg.maxInsert ? max(i + 1, end - 3) : i + 1
                    while p < end { _ = insert(p); p += 1 }
                    i = end
                    matchAvailable = false
                    matchLen = 2
                    covered = i
                    flushIfFull(final: false)
                } else if matchAvailable {
                    enc.literal(src[i - 1])
                    covered = i
                    i += 1
                    flushIfFull(final: false)
                } else {
                    matchAvailable = true
                    i += 1
                }
            }
            if matchAvailable { enc.literal(src[n - 1]); covered = n }
        }
        covered = n
        flushIfFull(final: true)
    }

    /// Stored blocks for `input[from..<to]` (split at 65,535 bytes).
    static func writeStored(_ input: UnsafeBufferPointer<UInt8>, from: Int, to: Int, final: Bool, into w: inout BitWriter) {
        var p = from
        repeat {
            let len = min(65535, to - p)
            let last = p + len == to
            w.write(last && final ? 1 : 0, 1)
            w.write(0, 2)
            w.alignToByte()
            w.write(UInt32(len), 16)
            w.write(UInt32(~len & 0xffff), 16)
            w.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[p..<(p + len)]))
            p += len
        } while p < to
    }
}
