/// The bit reader state, kept in a struct so the hot loop's fields live in registers.
struct BitReader {
    let input: UnsafeRawBufferPointer
    let base: UnsafePointer<UInt8>
    let count: Int
    var pos: Int
    var bitbuf: UInt64 = 0
    var bitcount: UInt64 = 0
    /// Zero bytes appended past the end of the input; consuming any of them means the
    /// stream was truncated.
    var pad: Int = 0

    private static let empty: UInt8 = 0

    init(_ input: UnsafeRawBufferPointer, start: Int) {
        self.input = input
        // An empty buffer may have no base address; point at a static byte instead.
        self.base = input.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) }
            ?? withUnsafePointer(to: BitReader.empty) { $0 }
        self.count = input.count
        self.pos = start
    }

    /// Fills the bit buffer to at least 56 bits.
    @inline(__always) mutating func refill() throws(ZlibError) {
        if pos + 8 <= count {
            let w = UInt64(littleEndian: UnsafeRawPointer(base + pos).loadUnaligned(as: UInt64.self))
            bitbuf |= w &<< bitcount
            pos += Int((63 &- bitcount) &>> 3)
            bitcount |= 56
        } else {
            try refillSlow()
        }
    }

    /// Byte-wise refill near the end of the input. Past the end it appends zero bytes;
    /// once any of them has been consumed the stream is truncated. Checking here bounds
    /// the damage: at most one symbol is decoded from padding before the error.
    @inline(never) mutating func refillSlow() throws(ZlibError) {
        try checkNotPastEnd()
        while bitcount <= 56 {
            if pos < count {
                bitbuf |= UInt64(base[pos]) &<< bitcount
                pos += 1
            } else {
                pad += 1
            }
            bitcount += 8
        }
    }

    @inline(__always) mutating func consume(_ n: UInt32) {
        bitbuf &>>= UInt64(n)
        bitcount &-= UInt64(n)
    }

    @inline(__always) mutating func take(_ n: UInt32) -> UInt32 {
        let v = UInt32(truncatingIfNeeded: bitbuf & ((1 &<< UInt64(n)) - 1))
        consume(n)
        return v
    }

    /// The byte offset of the next unconsumed bit, for error messages.
    var offset: Int { min(count, pos + pad - Int(bitcount / 8)) }

    @inline(__always) func checkNotPastEnd() throws(ZlibError) {
        if pad > 0 && UInt64(pad) * 8 > bitcount { throw .truncated(offset: count) }
    }

    /// Drops the bits up to the next byte boundary and returns the byte position of
    /// what follows (bits already buffered count as unread).
    mutating func alignToByte() -> Int {
        consume(UInt32(bitcount & 7))
        return pos + pad - Int(bitcount / 8)
    }

    /// Discards the buffer and continues reading at byte `p`.
    mutating func restart(at p: Int) {
        pos = p; bitbuf = 0; bitcount = 0; pad = 0
    }
}
