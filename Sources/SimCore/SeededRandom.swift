/// SplitMix64: a tiny, fast, seeded generator (Steele, Lea and Flood, 2014). The same
/// seed gives the same sequence on every platform, which is all property tests and
/// monkey runs need. Not for cryptography.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The generator's whole state: saving it and restoring it with `init(seed:)`
    /// continues the same sequence.
    public private(set) var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`, without modulo bias. Swift's own
    /// `Int.random(in:using:)` is fine too, but its algorithm is not promised stable
    /// across releases; this one is, so recorded monkey seeds replay forever.
    ///
    /// - Parameter range: Any closed range, the full `Int` range included.
    /// - Returns: An integer in `range`.
    /// - Complexity: O(1) expected (a rejection loop that repeats with probability under 1/2).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        if span == 0 { return Int(bitPattern: UInt(next())) } // the full 64-bit range
        let limit = UInt64.max - UInt64.max % span
        var x = next()
        while x >= limit { x = next() }
        return range.lowerBound &+ Int(x % span)
    }

    /// A uniform integer in a half-open range; traps on an empty one.
    ///
    /// - Parameter range: A non-empty range.
    /// - Returns: An integer in `range`.
    public mutating func int(in range: Range<Int>) -> Int {
        precondition(!range.isEmpty, "empty range")
        return int(in: range.lowerBound...(range.upperBound - 1))
    }

    /// A uniform double in [0, 1), from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A uniform double in `range` (the upper bound itself is practically never returned).
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// True with probability `p` (0 never, 1 always).
    public mutating func bool(probability p: Double = 0.5) -> Bool { unit() < p }

    /// A uniformly chosen element, nil for an empty collection.
    public mutating func element<C: Collection>(of c: C) -> C.Element? where C.Index == Int {
        c.isEmpty ? nil : c[c.startIndex + int(in: 0..<c.count)]
    }
}
