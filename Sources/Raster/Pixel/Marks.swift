/// Up to eight sorted positions without a heap allocation (the shadow's row breaks).
struct Marks {
    private var v: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    subscript(i: Int) -> Int {
        get { withUnsafeBytes(of: v) { $0.load(fromByteOffset: i * MemoryLayout<Int>.stride, as: Int.self) } }
        set { withUnsafeMutableBytes(of: &v) { $0.storeBytes(of: newValue, toByteOffset: i * MemoryLayout<Int>.stride, as: Int.self) } }
    }

    /// Inserts `x` in order when it lies in lo...hi.
    mutating func insert(_ x: Int, _ lo: Int, _ hi: Int) {
        guard x >= lo && x <= hi && count < 8 else { return }
        var i = count
        while i > 0 && self[i - 1] > x { self[i] = self[i - 1]; i -= 1 }
        self[i] = x
        count += 1
    }
}
