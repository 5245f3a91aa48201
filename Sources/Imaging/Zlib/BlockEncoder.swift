/// Collects the LZ77 items of one deflate block and writes the block in the cheapest
/// of the three encodings (exact bit counts compared). O(items + alphabet log alphabet).
struct BlockEncoder {
    /// A literal byte, or `matchFlag | length << 16 | distance`.
    private var items: [UInt32] = []
    private var litFreq = [Int](repeating: 0, count: 286)
    private var distFreq = [Int](repeating: 0, count: 30)
    static let matchFlag: UInt32 = 0x8000_0000

    var count: Int { items.count }

    init() { items.reserveCapacity(Deflate.maxItemsPerBlock + 2) }

    @inline(__always) mutating func literal(_ b: UInt8) {
        items.append(UInt32(b))
        litFreq[Int(b)] += 1
    }

    @inline(__always) mutating func match(_ length: Int, _ distance: Int) {
        items.append(Self.matchFlag | UInt32(length) << 16 | UInt32(distance))
        litFreq[257 + Int(lengthCode[length])] += 1
        distFreq[distCode(distance)] += 1
    }

    /// Length 3...258 -> index into Inflate.lengthBase (symbol - 257).
    let lengthCode: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 259)
        for code in 0..<29 {
            let base = Int(Inflate.lengthBase[code])
            let span = 1 << Int(Inflate.lengthExtra[code])
            for l in base..<min(259, base + span) { t[l] = UInt8(code) }
        }
        t[258] = 28
        return t
    }()

    @inline(__always) func distCode(_ d: Int) -> Int {
        // Distance codes come in pairs per power of two above 4.
        if d <= 4 { return d - 1 }
        let l = Int.bitWidth - (d - 1).leadingZeroBitCount - 1 // floor(log2(d - 1))
        return 2 * l + (((d - 1) >> (l - 1)) & 1)
    }

    mutating func writeBlock(_ input: UnsafeBufferPointer<UInt8>, from: Int, to: Int, final: Bool, into w: inout BitWriter) {
        litFreq[256] = 1
        let litLens = HuffmanCodeBuilder.lengths(litFreq, maxBits: 15)
        var distLens = HuffmanCodeBuilder.lengths(distFreq, maxBits: 15)
        if distLens.allSatisfy({ $0 == 0 }) { distLens[0] = 1; distLens[1] = 1 }

        // The code-length sequence and its own code.
        let hlit = max(257, (litLens.lastIndex { $0 != 0 } ?? 0) + 1)
        let hdist = max(1, (distLens.lastIndex { $0 != 0 } ?? 0) + 1)
        let rle = Self.runLengthEncode(Array(litLens[0..<hlit]) + Array(distLens[0..<hdist]))
        var clFreq = [Int](repeating: 0, count: 19)
        for (sym, _) in rle { clFreq[sym] += 1 }
        let clLens = HuffmanCodeBuilder.lengths(clFreq, maxBits: 7)
        var hclen = 19
        while hclen > 4 && clLens[Inflate.codeLengthOrder[hclen - 1]] == 0 { hclen -= 1 }

        var extraBits = 0
        for code in 0..<29 { extraBits += litFreq[257 + code] * Int(Inflate.lengthExtra[code]) }
        for code in 0..<30 { extraBits += distFreq[code] * Int(Inflate.distExtra[code]) }
        var dynamicBits = 3 + 14 + hclen * 3 + extraBits
        for (sym, _) in rle { dynamicBits += Int(clLens[sym]) + (sym == 16 ? 2 : sym == 17 ? 3 : sym == 18 ? 7 : 0) }
        var fixedBits = 3 + extraBits
        for s in 0..<286 {
            dynamicBits += litFreq[s] * Int(litLens[s])
            fixedBits += litFreq[s] * (s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8)
        }
        for s in 0..<30 {
            dynamicBits += distFreq[s] * Int(distLens[s])
            fixedBits += distFreq[s] * 5
        }
        let storedBits = (to - from) * 8 + ((to - from) / 65535 + 1) * 40

        if storedBits < dynamicBits && storedBits < fixedBits {
            Deflate.writeStored(input, from: from, to: to, final: final, into: &w)
        } else if fixedBits <= dynamicBits {
            w.write(final ? 1 : 0, 1); w.write(1, 2)
            writeItems(litCodes: Self.fixedLitCodes, litLens: Self.fixedLitLens,
                       distCodes: Self.fixedDistCodes, distLens: Self.fixedDistLens, into: &w)
        } else {
            w.write(final ? 1 : 0, 1); w.write(2, 2)
            w.write(UInt32(hlit - 257), 5); w.write(UInt32(hdist - 1), 5); w.write(UInt32(hclen - 4), 4)
            for k in 0..<hclen { w.write(UInt32(clLens[Inflate.codeLengthOrder[k]]), 3) }
            let clCodes = HuffmanCodeBuilder.codes(clLens)
            for (sym, extra) in rle {
                w.write(clCodes[sym], Int(clLens[sym]))
                switch sym {
                case 16: w.write(UInt32(extra), 2)
                case 17: w.write(UInt32(extra), 3)
                case 18: w.write(UInt32(extra), 7)
                default: break
                }
            }
            writeItems(litCodes: HuffmanCodeBuilder.codes(litLens), litLens: litLens,
                       distCodes: HuffmanCodeBuilder.codes(distLens), distLens: distLens, into: &w)
        }
        items.removeAll(keepingCapacity: true)
        for i in litFreq.indices { litFreq[i] = 0 }
        for i in distFreq.indices { distFreq[i] = 0 }
    }

    static let fixedLitLens: [UInt8] = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
    static let fixedLitCodes = HuffmanCodeBuilder.codes(fixedLitLens)
    static let fixedDistLens = [UInt8](repeating: 5, count: 30)
    static let fixedDistCodes = HuffmanCodeBuilder.codes(fixedDistLens)

    private func writeItems(litCodes: [UInt32], litLens: [UInt8], distCodes: [UInt32], distLens: [UInt8], into w: inout BitWriter) {
        for item in items {
            if item & Self.matchFlag == 0 {
                w.write(litCodes[Int(item)], Int(litLens[Int(item)]))
            } else {
                let length = Int((item >> 16) & 0x1ff)
                let dist = Int(item & 0xffff)
                let lc = Int(lengthCode[length])
                w.write(litCodes[257 + lc], Int(litLens[257 + lc]))
                let le = Int(Inflate.lengthExtra[lc])
                if le > 0 { w.write(UInt32(length) - Inflate.lengthBase[lc], le) }
                let dc = distCode(dist)
                w.write(distCodes[dc], Int(distLens[dc]))
                let de = Int(Inflate.distExtra[dc])
                if de > 0 { w.write(UInt32(dist) - Inflate.distBase[dc], de) }
            }
        }
        w.write(litCodes[256], Int(litLens[256]))
    }

    /// Code lengths as (symbol, extra) with 16 = repeat previous 3-6, 17 = zeros 3-10,
    /// 18 = zeros 11-138.
    static func runLengthEncode(_ lens: [UInt8]) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        var i = 0
        while i < lens.count {
            let v = lens[i]
            var run = 1
            while i + run < lens.count && lens[i + run] == v { run += 1 }
            var left = run
            if v == 0 {
                while left >= 11 { let r = min(138, left); out.append((18, r - 11)); left -= r }
                if left >= 3 { out.append((17, left - 3)); left = 0 }
                while left > 0 { out.append((0, 0)); left -= 1 }
            } else {
                out.append((Int(v), 0)); left -= 1
                while left >= 3 { let r = min(6, left); out.append((16, r - 3)); left -= r }
                while left > 0 { out.append((Int(v), 0)); left -= 1 }
            }
            i += run
        }
        return out
    }
}
