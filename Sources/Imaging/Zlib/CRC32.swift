/// CRC-32 (ISO-HDLC, polynomial 0xEDB88320 reflected), as used by PNG chunks and gzip.
///
/// Slicing-by-8: eight 256-entry tables let the hot loop consume 8 bytes per step,
/// several times faster than the byte-at-a-time table walk. 8 KiB of tables
/// built once (a lazily initialised global, thread-safe by Swift's rules).
public struct CRC32: Sendable {
    /// The running value, already finalised (xor-ed), so `value` is always the CRC of
    /// everything fed so far.
    public private(set) var value: UInt32 = 0

    /// A CRC of no bytes (0).
    public init() {}

    /// The CRC of `bytes` in one call.
    ///
    /// - Parameter bytes: The data.
    /// - Returns: The CRC-32.
    /// - Complexity: O(n).
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var c = CRC32()
        c.update(bytes)
        return c.value
    }

    /// The CRC of an array.
    ///
    /// - Parameter bytes: The data.
    /// - Returns: The CRC-32.
    /// - Complexity: O(n).
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// Feeds more data: the result is as if everything had been passed at once.
    ///
    /// - Parameter bytes: The next bytes.
    /// - Complexity: O(n).
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds more data from raw memory.
    ///
    /// - Parameter bytes: The next bytes.
    /// - Complexity: O(n), eight bytes a step.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var crc = ~value
        let n = bytes.count
        var i = 0
        crc32Tables.withUnsafeBufferPointer { t in
            while i + 8 <= n {
                let lo = UInt32(littleEndianBytesAt: base + i) ^ crc
                let hi = UInt32(littleEndianBytesAt: base + i + 4)
                crc = t[7 * 256 + Int(lo & 0xff)] ^ t[6 * 256 + Int((lo >> 8) & 0xff)]
                    ^ t[5 * 256 + Int((lo >> 16) & 0xff)] ^ t[4 * 256 + Int(lo >> 24)]
                    ^ t[3 * 256 + Int(hi & 0xff)] ^ t[2 * 256 + Int((hi >> 8) & 0xff)]
                    ^ t[1 * 256 + Int((hi >> 16) & 0xff)] ^ t[Int(hi >> 24)]
                i += 8
            }
            while i < n {
                let b = base.load(fromByteOffset: i, as: UInt8.self)
                crc = t[Int((crc ^ UInt32(b)) & 0xff)] ^ (crc >> 8)
                i += 1
            }
        }
        value = ~crc
    }
}

extension UInt32 {
    /// Reads 4 bytes little-endian from an unaligned address.
    @inline(__always) init(littleEndianBytesAt p: UnsafeRawPointer) {
        self = UInt32(littleEndian: p.loadUnaligned(as: UInt32.self))
    }
}

/// Table k maps a byte to its CRC contribution k bytes further on.
private let crc32Tables: [UInt32] = {
    var t = [UInt32](repeating: 0, count: 8 * 256)
    for n in 0..<256 {
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        t[n] = c
    }
    for n in 0..<256 {
        var c = t[n]
        for k in 1..<8 {
            c = t[Int(c & 0xff)] ^ (c >> 8)
            t[k * 256 + n] = c
        }
    }
    return t
}()
