/// A hash table from byte strings to integers, for the scanner's lookups straight from
/// the text's UTF-8 bytes: no `String` is created and nothing is Unicode-normalised
/// (Swift `String` hashing and equality normalise non-ASCII text, which dominated
/// the scan). Keys compare byte for byte.
///
/// Open addressing with linear probing, FNV-1a hashes, load factor at most 1/2.
/// Lookup O(key length) expected; insert amortised O(key length).
struct ByteKeyTable: Sendable {
    private var keyBytes: [UInt8] = []
    private var keyStart: [Int] = []
    private var keyLength: [Int] = []
    private var values: [Int] = []
    /// Index into the key arrays, or -1 for an empty slot. Count is a power of two.
    private var slots: [Int] = [Int](repeating: -1, count: 8)

    init() {}

    var count: Int { values.count }

    /// FNV-1a, fed a byte at a time so the scanner can hash while it reads a body.
    static let hashSeed: UInt64 = 0xCBF2_9CE4_8422_2325

    @inline(__always)
    static func hashStep(_ h: UInt64, _ b: UInt8) -> UInt64 { (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }

    @inline(__always)
    static func finish(_ h: UInt64) -> UInt64 { h ^ (h >> 29) }

    @inline(__always)
    static func hash(_ p: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = hashSeed
        for b in p { h = hashStep(h, b) }
        return finish(h)
    }

    /// Adds `key` -> `value`; a key already present keeps its first value.
    mutating func insert(_ key: [UInt8], value: Int) {
        if key.withUnsafeBufferPointer({ lookup($0) }) != nil { return }
        keyStart.append(keyBytes.count)
        keyLength.append(key.count)
        keyBytes.append(contentsOf: key)
        values.append(value)
        if values.count * 2 > slots.count {
            slots = [Int](repeating: -1, count: slots.count * 2)
            for k in 0..<values.count { place(k) }
        } else {
            place(values.count - 1)
        }
    }

    private mutating func place(_ k: Int) {
        let mask = slots.count - 1
        var i = keyBytes.withUnsafeBufferPointer { all in
            Int(truncatingIfNeeded: Self.hash(UnsafeBufferPointer(rebasing: all[keyStart[k]..<(keyStart[k] + keyLength[k])])))
        } & mask
        while slots[i] >= 0 { i = (i + 1) & mask }
        slots[i] = k
    }

    /// The value for the bytes of `key`, if present.
    @inline(__always)
    func lookup(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        lookup(key, hash: Self.hash(key))
    }

    /// The value for `key` whose `hash(key)` the caller already computed.
    @inline(__always)
    func lookup(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        return keyBytes.withUnsafeBufferPointer { all -> Int? in
            while true {
                let k = slots[i]
                if k < 0 { return nil }
                if keyLength[k] == key.count {
                    let start = keyStart[k]
                    var same = true
                    for j in 0..<key.count where all[start + j] != key[j] { same = false; break }
                    if same { return values[k] }
                }
                i = (i + 1) & mask
            }
        }
    }
}
