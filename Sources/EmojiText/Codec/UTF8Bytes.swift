/// Decoding helpers over valid UTF-8 (the bytes of a Swift `String`).
enum UTF8Bytes {
    /// The scalar starting at `i` and its length in bytes. `i` must be a scalar start.
    @inline(__always)
    static func decode(_ buf: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(buf[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return (((b0 & 0x1F) << 6) | (UInt32(buf[i + 1]) & 0x3F), 2) }
        if b0 < 0xF0 {
            return (((b0 & 0x0F) << 12) | ((UInt32(buf[i + 1]) & 0x3F) << 6) | (UInt32(buf[i + 2]) & 0x3F), 3)
        }
        return (((b0 & 0x07) << 18) | ((UInt32(buf[i + 1]) & 0x3F) << 12)
                | ((UInt32(buf[i + 2]) & 0x3F) << 6) | (UInt32(buf[i + 3]) & 0x3F), 4)
    }

    /// The scalar ending just before `i` (i > 0, a scalar boundary).
    @inline(__always)
    static func decodeBefore(_ buf: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        var j = i - 1
        while j > 0 && buf[j] & 0xC0 == 0x80 { j -= 1 }
        return decode(buf, at: j).value
    }
}
