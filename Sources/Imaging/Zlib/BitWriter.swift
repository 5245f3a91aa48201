/// LSB-first bit packing for the deflate encoder. Whole 32-bit words go out at once.
struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends the low `n` bits of `value` (n <= 32).
    @inline(__always) mutating func write(_ value: UInt32, _ n: Int) {
        buffer |= UInt64(value) &<< UInt64(count)
        count += n
        if count >= 32 {
            let w = UInt32(truncatingIfNeeded: buffer)
            bytes.append(UInt8(truncatingIfNeeded: w)); bytes.append(UInt8(truncatingIfNeeded: w >> 8))
            bytes.append(UInt8(truncatingIfNeeded: w >> 16)); bytes.append(UInt8(truncatingIfNeeded: w >> 24))
            buffer >>= 32
            count -= 32
        }
    }

    /// Pads with zero bits to a byte boundary and flushes.
    mutating func alignToByte() {
        while count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count = max(0, count - 8)
        }
        buffer = 0
    }
}
