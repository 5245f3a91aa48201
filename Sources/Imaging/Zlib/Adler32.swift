/// Adler-32, the zlib stream checksum. O(n); the modulo is deferred over runs of 5552
/// bytes, the longest run for which the sums cannot overflow 32 bits.
public struct Adler32: Sendable {
    public private(set) var value: UInt32 = 1

    public init() {}

    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var a = Adler32()
        a.update(bytes)
        return a.value
    }

    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        let mod: UInt32 = 65521
        var a = value & 0xffff
        var b = value >> 16
        var i = 0
        let n = bytes.count
        while i < n {
            let end = min(n, i + 5552)
            // 16 bytes a step: b gains 16 a plus the bytes weighted 16...1, a their sum.
            // The two sums have no loop-carried dependency, so they vectorise.
            while i + 16 <= end {
                var sum: UInt32 = 0, weighted: UInt32 = 0
                for k in 0..<16 {
                    let x = UInt32(base.load(fromByteOffset: i + k, as: UInt8.self))
                    sum &+= x
                    weighted &+= x &* UInt32(16 - k)
                }
                b &+= a &* 16 &+ weighted
                a &+= sum
                i += 16
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
