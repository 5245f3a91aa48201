/// Builds length-limited canonical Huffman codes for the deflate encoder.
enum HuffmanCodeBuilder {
    /// Code lengths for `freqs` with no code longer than `maxBits`. Symbols with zero
    /// frequency get length 0. A lone used symbol gets a 1-bit partner so the code is
    /// complete. Optimal Huffman first; if too deep, frequencies are halved (keeping them
    /// non-zero) and it is rebuilt, which converges in a few rounds. O(n log n).
    static func lengths(_ freqs: [Int], maxBits: Int) -> [UInt8] {
        var f = freqs
        var result = [UInt8](repeating: 0, count: freqs.count)
        let used = f.indices.filter { f[$0] > 0 }
        if used.isEmpty { return result }
        if used.count == 1 {
            result[used[0]] = 1
            result[used[0] == 0 ? 1 : 0] = 1
            return result
        }
        while true {
            let depths = huffmanDepths(f, symbols: f.indices.filter { f[$0] > 0 })
            if depths.allSatisfy({ $0.1 <= maxBits }) {
                for (s, d) in depths { result[s] = UInt8(d) }
                return result
            }
            for i in f.indices where f[i] > 0 { f[i] = (f[i] + 1) / 2 }
        }
    }

    /// Plain Huffman depths with the two-queue method over symbols sorted by frequency.
    private static func huffmanDepths(_ f: [Int], symbols: [Int]) -> [(Int, Int)] {
        let leaves = symbols.sorted { (f[$0], $0) < (f[$1], $1) }
        let n = leaves.count
        // Nodes 0..<n are leaves, n... internal; parent links give depths.
        var weight = leaves.map { f[$0] } + [Int](repeating: 0, count: n - 1)
        var parent = [Int](repeating: -1, count: 2 * n - 1)
        var li = 0, ii = n, next = n
        func pick() -> Int {
            if li < n && (ii >= next || weight[li] <= weight[ii]) { li += 1; return li - 1 }
            ii += 1; return ii - 1
        }
        while next < 2 * n - 1 {
            let a = pick(), b = pick()
            weight[next] = weight[a] + weight[b]
            parent[a] = next; parent[b] = next
            next += 1
        }
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        for k in stride(from: 2 * n - 3, through: 0, by: -1) { depth[k] = depth[parent[k]] + 1 }
        return (0..<n).map { (leaves[$0], depth[$0]) }
    }

    /// Canonical codes, bit-reversed for LSB-first output.
    static func codes(_ lengths: [UInt8]) -> [UInt32] {
        var count = [Int](repeating: 0, count: 16)
        for l in lengths where l > 0 { count[Int(l)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + count[bits - 1]) << 1
            next[bits] = code
        }
        return lengths.map { l in
            guard l > 0 else { return 0 }
            let c = next[Int(l)]
            next[Int(l)] += 1
            return UInt32(HuffmanDecodeTable.reverseBits(c, Int(l)))
        }
    }
}
