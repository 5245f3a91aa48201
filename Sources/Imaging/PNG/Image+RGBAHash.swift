extension Image {
    /// 64-bit FNV-1a over every RGBA byte exactly as stored (transparent pixels keep
    /// their colour): the hash of PngSuite's expected.tsv, which, unlike the GIF suite's
    /// `conformanceHash`, does not zero fully transparent pixels.
    ///
    /// - Complexity: O(pixels).
    public var rgbaHash: UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x100_0000_01b3
        pixels.withUnsafeBufferPointer { p in
            for b in p { h = (h ^ UInt64(b)) &* prime }
        }
        return h
    }
}
