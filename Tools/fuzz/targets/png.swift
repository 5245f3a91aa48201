// libFuzzer target for the PNG and APNG decoders. Built by Tools/fuzz/fuzz.sh with the
// SimCore and Imaging sources as one module.
//
// Any input must decode or throw, never trap, hang or allocate without bound. Limits
// are lowered so that a valid-looking huge header is refused rather than slowing the
// run. Decoded images are re-encoded and decoded again (the round trip must be exact),
// and ImageHeader.probe must agree with the decoder on the size.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageLimits(maxWidth: 2048, maxHeight: 2048, maxPixels: 1 << 20, maxFrames: 64, maxDecodedBytes: 1 << 24)
    // Checksums off: mutated inputs then reach inflate, unfiltering and compositing
    // instead of stopping at the first CRC (the CRC path is covered by the seeds).
    if let image = try? PNGDecoder(limits: limits, verifyChecksums: false).decode(bytes), image.width * image.height <= 1 << 16 {
        let again = try? PNGDecoder().decode(PNGEncoder(compressionLevel: 1).encode(image))
        precondition(again == image, "PNG re-encode round trip differs")
    }
    let checked = try? PNGDecoder(limits: limits).decode(bytes)
    // The header probe is what catalog check and the importers trust without decoding:
    // it must never trap, and on a file the checked decoder accepts it must state the
    // size the decoder produced.
    if let header = try? ImageHeader.probe(bytes), let checked {
        precondition(header.width == checked.width && header.height == checked.height,
                     "ImageHeader says \(header.width)x\(header.height), the decoder made \(checked.width)x\(checked.height)")
    }
    if let apng = try? APNGImage(bytes: bytes, limits: limits, animated: true, verifyChecksums: false) {
        for i in 0..<apng.frameCount {
            if let f = try? apng.frame(at: i) {
                precondition(f.width == apng.canvasWidth && f.height == apng.canvasHeight)
            }
        }
    }
    _ = try? Inflate.zlib(bytes, limit: 1 << 20)
    return 0
}
