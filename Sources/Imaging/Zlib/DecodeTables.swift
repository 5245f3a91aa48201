/// Decode tables for one stream, allocated once and rebuilt per block.
struct DecodeTables {
    let litlen: UnsafeMutablePointer<UInt32>
    let dist: UnsafeMutablePointer<UInt32>
    let codeLen: UnsafeMutablePointer<UInt32>
    var fixedBuilt = false

    init() {
        litlen = .allocate(capacity: HuffmanDecodeTable.capacity(symbols: 288, primaryBits: Inflate.litlenPrimaryBits))
        dist = .allocate(capacity: HuffmanDecodeTable.capacity(symbols: 32, primaryBits: Inflate.distPrimaryBits))
        codeLen = .allocate(capacity: HuffmanDecodeTable.capacity(symbols: 19, primaryBits: 7))
    }

    mutating func buildFixed() {
        if fixedBuilt { return }
        var l = [UInt8](repeating: 8, count: 288)
        for i in 144..<256 { l[i] = 9 }
        for i in 256..<280 { l[i] = 7 }
        _ = l.withUnsafeBufferPointer {
            HuffmanDecodeTable.build(lengths: $0, primaryBits: Inflate.litlenPrimaryBits, into: litlen, payload: Inflate.litlenPayload)
        }
        let d = [UInt8](repeating: 5, count: 32)
        _ = d.withUnsafeBufferPointer {
            HuffmanDecodeTable.build(lengths: $0, primaryBits: Inflate.distPrimaryBits, into: dist, payload: Inflate.distPayload)
        }
        fixedBuilt = true
    }

    func deallocate() {
        litlen.deallocate(); dist.deallocate(); codeLen.deallocate()
    }
}
