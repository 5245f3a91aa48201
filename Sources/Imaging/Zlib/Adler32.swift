/// Adler-32, the zlib stream checksum. The modulo is deferred over runs of 5552
/// bytes, the longest run for which the sums cannot overflow 32 bits.
public struct Adler32: Sendable {
    /// The checksum of everything fed so far (1 for nothing).
    public private(set) var value: UInt32 = 1

    /// A checksum of no bytes.
    public init() {}

    /// The Adler-32 of `bytes` in one call.
    ///
    /// - Parameter bytes: The data.
    /// - Returns: The checksum.
    /// - Complexity: O(n).
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var a = Adler32()
        a.update(bytes)
        return a.value
    }

    /// The Adler-32 of an array.
    ///
    /// - Parameter bytes: The data.
    /// - Returns: The checksum.
    /// - Complexity: O(n).
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// Feeds more data: the result is as if everything had been passed at once.
    ///
    /// - Parameter bytes: The next bytes of the stream.
    /// - Complexity: O(n).
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        let mod: UInt32 = 65521
        var a = value & 0xffff
        var b = value >> 16
        var i = 0
        let n = bytes.count
        while i < n {
            let end = min(n, i + 5552)
            // Four bytes a step keep the dependency chain short.
            while i + 4 <= end {
                a &+= UInt32(base.load(fromByteOffset: i, as: UInt8.self)); b &+= a
                a &+= UInt32(base.load(fromByteOffset: i + 1, as: UInt8.self)); b &+= a
                a &+= UInt32(base.load(fromByteOffset: i + 2, as: UInt8.self)); b &+= a
                a &+= UInt32(base.load(fromByteOffset: i + 3, as: UInt8.self)); b &+= a
                i += 4
            }
            while i < end {
                a &+= UInt32(base.load(fromByteOffset: i, as: UInt8.self)); b &+= a
                i += 1
            }
            a %= mod
            b %= mod
        }
        value = (b << 16) | a
    }
}
