// libFuzzer target for the inflater alone (zlib and raw deflate), seeded with zlib
// streams (Tools/fuzz/seeds/inflate), not PNGs, so mutations reach the block decoder
// directly. Any input must inflate or throw within the output limit; what inflates is
// deflated again (both levels) and must inflate back to the same bytes.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInflate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limit = 1 << 20
    if let out = try? Inflate.zlib(bytes, limit: limit) {
        precondition(out.count <= limit, "inflate passed its limit")
        for level in [1, 6] {
            let again = try! Inflate.zlib(Deflate.zlib(out, level: level), limit: limit)
            precondition(again == out, "deflate/inflate round trip differs at level \(level)")
        }
    }
    _ = try? Inflate.zlib(bytes, limit: 4096, stopAtLimit: true, verifyChecksum: false)
    if let out = try? Inflate.raw(bytes, limit: limit) { precondition(out.count <= limit) }
    return 0
}
