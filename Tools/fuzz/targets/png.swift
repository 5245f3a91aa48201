
// Built by Tools/fuzz/fuzz.sh with the SimCore and Imaging sources as one module.
/// libFuzzer entry for the PNG/APNG decoders: any input must decode or throw a
/// PNGError, never trap, hang or allocate without bound. Limits are lowered so that a
/// valid-looking huge header is refused rather than slowing the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageLimits(maxWidth: 2048, maxHeight: 2048, maxPixels: 1 << 20, maxFrames: 64)
    _ = try? PNGDecoder(limits: limits).decode(bytes)
    return 0
}
