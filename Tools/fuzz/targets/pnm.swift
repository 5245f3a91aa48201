// libFuzzer target for the PNM (PBM/PGM/PPM/PAM) codec: decode or throw. What decodes is
// re-encoded as binary and ASCII PPM and must decode back to the same RGB (PPM carries no
// alpha, so only the colour channels are compared, and the decoded alpha must be opaque).
// ImageHeader.probe must agree with the decoder on the size.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNM(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 20, maxFrames: 1, maxDecodedBytes: 1 << 26)
    guard let image = try? PNMCodec(limits: limits).decode(bytes) else { return 0 }
    precondition(image.pixels.count == image.width * image.height * 4)
    // The header probe (catalog check trusts it without decoding) must state the size the
    // decoder produced whenever it reads the header at all (PAM's is not probed).
    if let header = try? ImageHeader.probe(bytes) {
        precondition(header.width == image.width && header.height == image.height,
                     "ImageHeader says \(header.width)x\(header.height), the decoder made \(image.width)x\(image.height)")
    }
    guard image.width * image.height <= 1 << 14 else { return 0 }
    for format in [PNMCodec.Format.ppmBinary, .ppmASCII] {
        let again: Image
        do { again = try PNMCodec(limits: limits).decode(PNMCodec.encode(image, as: format)) } catch {
            preconditionFailure("re-encoded \(format) does not decode: \(error)")
        }
        precondition(again.width == image.width && again.height == image.height, "PPM round trip changed the size")
        for k in 0..<(image.width * image.height) {
            for c in 0..<3 { precondition(again.pixels[4 * k + c] == image.pixels[4 * k + c], "PPM round trip changed pixel \(k)") }
            precondition(again.pixels[4 * k + 3] == 255)
        }
    }
    return 0
}
