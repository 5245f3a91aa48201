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

@Suite struct HuffmanTableTests {
    func build(_ lengths: [UInt8], primaryBits: Int = 10) -> (String?, [UInt32]) {
        let cap = HuffmanDecodeTable.capacity(symbols: lengths.count, primaryBits: primaryBits)
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: cap)
        defer { table.deallocate() }
        let why = lengths.withUnsafeBufferPointer {
            HuffmanDecodeTable.build(lengths: $0, primaryBits: primaryBits, into: table) { UInt32($0) << 16 }
        }
        return (why, Array(UnsafeBufferPointer(start: table, count: 1 << primaryBits)))
    }

    @Test func rejectsOverSubscribedAndIncompleteCodes() {
        #expect(build([1, 1, 1]).0 == "over-subscribed code")
        #expect(build([1, 2]).0 == "incomplete code")
        // A single 1-bit code is allowed; the other pattern is invalid.
        let (why, t) = build([0, 1])
        #expect(why == nil)
        #expect(t[0] >> 16 == 1 && t[0] & 0xff == 1)
        #expect(t[1] == HuffmanDecodeTable.invalidEntry)
    }

    @Test func longCodesGoThroughSubtables() throws {
        // Frequencies doubling per symbol give code lengths up to 15 bits: data drawn
        // with them round-trips only if 11-15-bit codes decode through the subtables.
        var data: [UInt8] = []
        for s in 0..<16 { data += [UInt8](repeating: UInt8(s * 13), count: 1 << s) }
        var rng = SeededRandom(seed: 3)
        for i in stride(from: data.count - 1, to: 0, by: -1) { data.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
        let z = Deflate.zlib(data, level: 1)
        #expect(try Inflate.zlib(z) == data)
        let lens = HuffmanCodeBuilder.lengths((0..<16).map { 1 << $0 } + [1], maxBits: 15)
        #expect(lens.max()! > 10)
    }
}
