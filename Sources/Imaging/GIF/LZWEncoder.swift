/// GIF's LZW compressor, packing codes LSB-first into 255-byte sub-blocks.
///
/// Starts with a clear code; when the table reaches 4096 entries it emits a clear and
/// starts over (so every decoder, deferred-clear aware or not, reads it). The code size
/// grows exactly when the decoder's does: after the entry numbered `1 << codeSize` has
/// been assigned (the decoder lags one code behind and grows on the same code).
/// O(n) with an open-addressing table of 8192 slots (load at most one half).
struct LZWEncoder {
    private var keys = [Int32](repeating: -1, count: 8192)
    private var values = [UInt16](repeating: 0, count: 8192)

    init() {}

    /// Compresses `indices` (each `< 1 << minCodeSize`) into sub-blocks, terminator included.
    mutating func encode(_ indices: [UInt8], minCodeSize: Int) -> [UInt8] {
        let clear = 1 << minCodeSize, end = clear + 1
        var codeSize = minCodeSize + 1
        var next = clear + 2
        var packed: [UInt8] = []
        packed.reserveCapacity(indices.count / 2 + 16)
        var bits: UInt64 = 0, bitCount = 0

        func emit(_ code: Int) {
            bits |= UInt64(code) << UInt64(bitCount)
            bitCount += codeSize
            while bitCount >= 8 {
                packed.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
                bitCount -= 8
            }
        }

        func reset() {
            for i in 0..<keys.count { keys[i] = -1 }
            codeSize = minCodeSize + 1
            next = clear + 2
        }

        reset()
        emit(clear)
        if !indices.isEmpty {
            var prefix = Int(indices[0])
            var i = 1
            while i < indices.count {
                let c = Int(indices[i])
                i += 1
                let key = Int32(prefix << 8 | c)
                var slot = (prefix &* 0x9E37 ^ c &* 0x3B) & 8191
                var found = -1
                while keys[slot] != -1 {
                    if keys[slot] == key { found = Int(values[slot]); break }
                    slot = (slot + 1) & 8191
                }
                if found >= 0 { prefix = found; continue }
                emit(prefix)
                keys[slot] = key
                values[slot] = UInt16(next)
                next += 1
                if next > 1 << codeSize && codeSize < 12 { codeSize += 1 }
                if next == 4096 {
                    emit(clear)
                    reset()
                }
                prefix = c
            }
            emit(prefix)
            // The decoder adds one more entry on reading this code and may grow then.
            if next == 1 << codeSize && codeSize < 12 && next > clear + 2 { codeSize += 1 }
        }
        emit(end)
        if bitCount > 0 { packed.append(UInt8(truncatingIfNeeded: bits)) }

        var out: [UInt8] = []
        out.reserveCapacity(packed.count + packed.count / 255 + 2)
        var p = 0
        while p < packed.count {
            let n = min(255, packed.count - p)
            out.append(UInt8(n))
            out.append(contentsOf: packed[p..<(p + n)])
            p += n
        }
        out.append(0)
        return out
    }
}
