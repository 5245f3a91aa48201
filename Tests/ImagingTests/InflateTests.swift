import Testing
@testable import Imaging

/// Streams made by zlib 1.3 (python3 zlib.compress), embedded as literals.
@Suite struct InflateTests {
    static let fixed: [UInt8] = [120, 218, 203, 72, 205, 201, 201, 87, 200, 64, 39, 117, 20, 170, 114, 50, 147, 20, 1, 173, 0, 10, 207]
    static let stored: [UInt8] = [120, 1, 1, 3, 0, 252, 255, 97, 98, 99, 2, 77, 1, 39]
    static let dynamic: [UInt8] = [120, 218, 29, 143, 65, 2, 0, 81, 4, 66, 175, 210, 213, 66, 229, 254, 39, 24, 127, 22, 22, 168, 60, 93, 170, 221, 205, 212, 50, 225, 106, 202, 36, 193, 76, 136, 217, 197, 120, 102, 197, 160, 90, 101, 4, 35, 45, 78, 58, 73, 27, 174, 189, 13, 226, 229, 82, 233, 198, 112, 128, 9, 236, 213, 229, 160, 95, 199, 53, 6, 89, 199, 4, 78, 60, 141, 46, 136, 85, 207, 55, 170, 246, 85, 11, 125, 241, 222, 173, 11, 115, 110, 174, 231, 30, 166, 217, 251, 174, 99, 231, 82, 29, 170, 135, 170, 146, 58, 234, 35, 158, 237, 135, 237, 154, 204, 86, 132, 165, 35, 246, 184, 255, 160, 35, 194, 189, 83, 188, 51, 71, 41, 67, 182, 75, 207, 119, 79, 167, 14, 222, 149, 58, 137, 44, 212, 234, 24, 200, 155, 112, 38, 93, 251, 1, 72, 254, 106, 189]
    static let dynamicText = "cbebhhhgdbhaggahedbfaaa agdga dhh dfddheag bcebf g deeh gahdggcf fbh bc gfhahaegcc dad  dg ffhe ag c  dgahf d ghfgfa  fhadc cb eabbahaedebcfebcce ceehfhhbaegfgdebe dgadagcach g d hd agfgaecdaebbeecgeca adhc agdfbdgdhbge hafgeacdfcfgdebg f h dbabccc def efffbedhc bfagbgccfbgb dbefe bhebaeaabgbaddgcbh"

    @Test func decodesFixedHuffman() throws {
        #expect(try Inflate.zlib(Self.fixed) == Array("hello hello hello hello, zlib!".utf8))
    }

    @Test func decodesStored() throws {
        #expect(try Inflate.zlib(Self.stored) == Array("abc".utf8))
    }

    @Test func decodesDynamicHuffman() throws {
        #expect(try Inflate.zlib(Self.dynamic) == Array(Self.dynamicText.utf8))
        #expect(Adler32.checksum(Array(Self.dynamicText.utf8)) == 0x48fe_6abd)
    }

    @Test func checksumsMatchKnownValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        // Slicing-by-8 and the byte loop agree across lengths and split points.
        let data = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ $0 >> 3) }
        var c = CRC32()
        c.update(Array(data[0..<13])); c.update(Array(data[13...]))
        #expect(c.value == CRC32.checksum(data))
    }

    @Test func badAdlerIsReportedWithItsOffset() {
        var bad = Self.dynamic
        bad[bad.count - 1] ^= 1
        #expect(throws: ZlibError.checksumMismatch(expected: 0x48fe_6abc, actual: 0x48fe_6abd, offset: bad.count - 4)) {
            try Inflate.zlib(bad)
        }
    }

    @Test func badHeadersAreRejected() {
        #expect(throws: ZlibError.invalidHeader("check bits", offset: 0)) { try Inflate.zlib([120, 219, 0]) }
        #expect(throws: ZlibError.truncated(offset: 1)) { try Inflate.zlib([120]) }
        // 0x78 0x20 | check: preset dictionary flag
        let cmf = 0x78, flg0 = 0x20
        let flg = flg0 + (31 - (cmf * 256 + flg0) % 31) % 31
        #expect(throws: ZlibError.invalidHeader("preset dictionary", offset: 1)) { try Inflate.zlib([UInt8(cmf), UInt8(flg), 0, 0]) }
    }

    @Test func truncationAnywhereIsATypedError() {
        for cut in 0..<Self.dynamic.count {
            do {
                _ = try Inflate.zlib(Array(Self.dynamic[0..<cut]))
                Issue.record("cut at \(cut) decoded")
            } catch {
                switch error {
                case .truncated, .checksumMismatch, .invalidSymbol, .invalidCodeLengths, .distanceTooFar: break
                default: Issue.record("cut at \(cut): \(error)")
                }
            }
        }
    }

    @Test func reservedBlockTypeAndStoredMismatch() {
        // BFINAL=1, BTYPE=11
        #expect(throws: ZlibError.invalidBlockType(offset: 0)) { try Inflate.raw([0b0000_0111]) }
        #expect(throws: ZlibError.storedLengthMismatch(offset: 1)) { try Inflate.raw([1, 3, 0, 0, 0, 97, 98, 99]) }
    }

    @Test func outputLimitStopsABomb() throws {
        // 1 MiB of zeros compresses to ~1 KiB.
        var bomb: [UInt8] = [1, 0, 0, 0xff, 0xff] // placeholder replaced below
        bomb = Deflate.zlib([UInt8](repeating: 0, count: 1 << 20))
        #expect(bomb.count < 4096)
        #expect(throws: ZlibError.outputLimitExceeded(limit: 1000)) { try Inflate.zlib(bomb, limit: 1000) }
        let cut = try Inflate.zlib(bomb, limit: 1000, stopAtLimit: true)
        #expect(cut.count == 1000)
    }

    @Test func distanceBeyondOutputIsRejected() {
        // Fixed block: length 3 (code 257 = 0000001) then distance code 0 (dist 1)
        // with no output yet.
        var w = BitWriterForTests()
        w.put(1, 1); w.put(1, 2) // final, fixed
        w.putReversed(0b0000001, 7) // symbol 257
        w.putReversed(0, 5) // distance 1
        #expect(throws: ZlibError.distanceTooFar(distance: 1, available: 0, offset: 2)) { try Inflate.raw(w.bytes) }
    }
}

/// LSB-first bit packing for hand-made deflate streams.
struct BitWriterForTests {
    var bytes: [UInt8] = []
    var nbits = 0
    mutating func put(_ value: Int, _ count: Int) {
        for i in 0..<count {
            if nbits % 8 == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8((value >> i) & 1) << UInt8(nbits % 8)
            nbits += 1
        }
    }
    /// Huffman codes are sent most significant bit first.
    mutating func putReversed(_ code: Int, _ count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) { put((code >> i) & 1, 1) }
    }
}
