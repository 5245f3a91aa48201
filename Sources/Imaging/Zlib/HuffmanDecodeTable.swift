/// A two-level lookup table for decoding one canonical Huffman code of a deflate stream.
///
/// Entry layout (UInt32): bits 0-7 the number of bits the code takes (0 for an invalid
/// pattern), bits 8-15 a kind byte chosen by the caller's `payload`, bits 16-31 a value.
/// Codes up to `primaryBits` long are resolved by one lookup of the low `primaryBits`
/// bits of the bit buffer (deflate sends codes LSB first, so tables are indexed by the
/// bit-reversed code); longer codes resolve through a subtable pointer entry (kind
/// `subtableKind`, value = subtable start, bits 0-7 = subtable index bits) indexed by
/// the following bits. Sub-entries carry the full code length.
///
/// Building is O(symbols + table size). Over-subscribed codes are rejected; incomplete
/// codes are accepted only when they are a single 1-bit code (as zlib does), the unused
/// patterns decoding as invalid.
struct HuffmanDecodeTable {
    static let subtableKind: UInt32 = 0xC0
    static let invalidKind: UInt32 = 0xFF
    static let invalidEntry: UInt32 = 0xFF << 8

    /// Fills `table` (which must hold `Self.capacity(symbols:primaryBits:)` entries)
    /// from the code `lengths`; returns nil with a reason when the lengths are unusable.
    /// `payload(symbol)` gives bits 8-31 of the symbol's entry.
    static func build(
        lengths: UnsafeBufferPointer<UInt8>,
        primaryBits: Int,
        into table: UnsafeMutablePointer<UInt32>,
        payload: (Int) -> UInt32
    ) -> String? {
        var count = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &count) { raw -> String? in
            let cnt = raw.bindMemory(to: Int.self)
            var maxLen = 0
            for l in lengths where l > 0 {
                if l > 15 { return "code length over 15" }
                cnt[Int(l)] += 1
                maxLen = max(maxLen, Int(l))
            }
            let primarySize = 1 << primaryBits
            table.initialize(repeating: invalidEntry, count: primarySize)
            if maxLen == 0 { return nil } // no codes: every pattern is invalid
            // Kraft check: left < 0 is over-subscribed, left > 0 incomplete.
            var left = 1
            for len in 1...15 {
                left = (left << 1) - cnt[len]
                if left < 0 { return "over-subscribed code" }
            }
            if left > 0 && maxLen != 1 { return "incomplete code" }

            // Symbols sorted by (length, symbol) = canonical code order.
            var offsets = [Int](repeating: 0, count: 17)
            for len in 1...15 { offsets[len + 1] = offsets[len] + cnt[len] }
            let total = offsets[16]
            var sorted = [Int](repeating: 0, count: total)
            var firstCode = [Int](repeating: 0, count: 16)
            var code = 0
            for len in 1...15 {
                code = (code + cnt[len - 1]) << 1
                firstCode[len] = code
            }
            for (sym, l) in lengths.enumerated() where l > 0 {
                sorted[offsets[Int(l)]] = sym
                offsets[Int(l)] += 1
            }
            // Reversed canonical code of each sorted symbol.
            var revs = [Int](repeating: 0, count: total)
            var codeOf = firstCode
            for k in 0..<total {
                let l = Int(lengths[sorted[k]])
                revs[k] = reverseBits(codeOf[l], l)
                codeOf[l] += 1
            }
            var nextFree = primarySize
            var currentPrefix = -1
            var subStart = 0
            var subBits = 0
            for j in 0..<total {
                let sym = sorted[j]
                let len = Int(lengths[sym])
                let rev = revs[j]
                let entry = payload(sym) | UInt32(len)
                if len <= primaryBits {
                    var i = rev
                    while i < primarySize { table[i] = entry; i += 1 << len }
                    continue
                }
                let prefix = rev & (primarySize - 1)
                if prefix != currentPrefix {
                    // The codes sharing this prefix are contiguous in canonical order and
                    // the last of them is the longest: it sizes the subtable.
                    var k = j
                    while k + 1 < total && (revs[k + 1] & (primarySize - 1)) == prefix { k += 1 }
                    currentPrefix = prefix
                    subBits = Int(lengths[sorted[k]]) - primaryBits
                    subStart = nextFree
                    nextFree += 1 << subBits
                    table.advanced(by: subStart).initialize(repeating: invalidEntry, count: 1 << subBits)
                    table[prefix] = (UInt32(subStart) << 16) | (subtableKind << 8) | UInt32(subBits)
                }
                var i = rev >> primaryBits
                while i < (1 << subBits) { table[subStart + i] = entry; i += 1 << (len - primaryBits) }
            }
            return nil
        }
    }

    /// An upper bound on the entries `build` writes: the primary table plus one
    /// subtable of at most 2^(15 - primaryBits) entries per symbol longer than it.
    static func capacity(symbols: Int, primaryBits: Int) -> Int {
        (1 << primaryBits) + symbols * (1 << max(0, 15 - primaryBits))
    }

    @inline(__always) static func reverseBits(_ code: Int, _ len: Int) -> Int {
        var r = 0
        var c = code
        for _ in 0..<len { r = (r << 1) | (c & 1); c >>= 1 }
        return r
    }
}
