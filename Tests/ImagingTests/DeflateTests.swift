import SimCore
import Testing
@testable import Imaging

@Suite struct DeflateTests {
    /// Inputs with every kind of structure: empty, one byte, runs, text-like repeats,
    /// noise (stored fallback), and mixtures longer than one block and the window.
    static func samples() -> [[UInt8]] {
        var rng = SeededRandom(seed: 42)
        var out: [[UInt8]] = [[], [7], [UInt8](repeating: 0, count: 100_000)]
        out.append((0..<70_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
        out.append(Array(String(repeating: "the quick brown fox jumps over the lazy dog. ", count: 2000).utf8))
        var mixed: [UInt8] = []
        for k in 0..<400 {
            let len = Int(rng.next() % 300)
            if k % 3 == 0 { mixed += (0..<len).map { _ in UInt8(truncatingIfNeeded: rng.next() % 4) } }
            else if mixed.count > 40_000 {
                let start = Int(rng.next() % UInt64(mixed.count - 300))
                mixed += mixed[start..<(start + len)]
            } else { mixed += (0..<len).map { UInt8(truncatingIfNeeded: $0 &* 31) } }
        }
        out.append(mixed)
        return out
    }

    @Test func roundTripsAtEveryLevel() throws {
        for (i, data) in Self.samples().enumerated() {
            for level in [0, 1, 3, 6, 9] {
                let z = Deflate.zlib(data, level: level)
                let back = try Inflate.zlib(z, limit: data.count)
                #expect(back == data, "sample \(i) level \(level)")
            }
        }
    }

    @Test func compressesRepetitiveDataAndStoresNoise() throws {
        let s = Self.samples()
        #expect(Deflate.zlib(s[2]).count < 400) // 100 KB of zeros
        #expect(Deflate.zlib(s[4]).count < 2_000) // a repeated sentence
        // Noise: the stored fallback keeps the overhead to a few bytes per 64 KiB.
        #expect(Deflate.zlib(s[3]).count < s[3].count + 40)
    }

    @Test func isDeterministic() {
        let data = Self.samples()[5]
        #expect(Deflate.zlib(data) == Deflate.zlib(data))
    }

    @Test func manySmallRandomInputsRoundTrip() throws {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<300 {
            let n = Int(rng.next() % 600)
            let alphabet = UInt64(1 + rng.next() % 8)
            let data = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next() % alphabet) }
            let level = Int(rng.next() % 10)
            #expect(try Inflate.raw(Deflate.raw(data, level: level)) == data)
        }
    }

    @Test func huffmanLengthsRespectTheLimit() {
        // Fibonacci frequencies force a deep optimal tree.
        var f = [Int](repeating: 0, count: 30)
        var a = 1, b = 1
        for i in 0..<30 { f[i] = a; (a, b) = (b, a + b) }
        let lens = HuffmanCodeBuilder.lengths(f, maxBits: 15)
        #expect(lens.allSatisfy { $0 >= 1 && $0 <= 15 })
        let kraft = lens.reduce(0.0) { $0 + 1.0 / Double(1 << Int($1)) }
        #expect(kraft <= 1.0)
    }
}
