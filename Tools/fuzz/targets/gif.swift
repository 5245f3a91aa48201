// libFuzzer target for the GIF decoder: parse, then decode and composite every frame
// (in order, then backwards to exercise checkpoints and restart points), and the header
// probe, which must agree with the decoder on the canvas.
// Built by Tools/fuzz/fuzz.sh together with the SimCore and Imaging sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Small limits keep each input fast; the limit checks themselves are what is tested.
    let limits = ImageLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 20, maxFrames: 64, maxDecodedBytes: 1 << 26)
    // The header probe (catalog check trusts it without decoding) must never trap; where
    // the logical screen is stated (both sides non-zero) it is the decoder's canvas.
    let header = try? ImageHeader.probe(bytes)
    guard let gif = try? GIFImage(bytes: bytes, limits: limits, checkpointInterval: 2) else { return 0 }
    if let header, header.width > 0, header.height > 0 {
        precondition(header.width == gif.canvasWidth && header.height == gif.canvasHeight,
                     "ImageHeader says \(header.width)x\(header.height), the decoder's canvas is \(gif.canvasWidth)x\(gif.canvasHeight)")
    }
    var sink = 0
    for i in 0..<gif.frameCount {
        if let f = try? gif.frame(at: i) {
            precondition(f.width == gif.canvasWidth && f.height == gif.canvasHeight)
            sink &+= f.pixels.count
        }
    }
    for i in stride(from: gif.frameCount - 1, through: 0, by: -1) { _ = try? gif.frame(at: i) }
    // Round trip: the first canvas re-encoded must decode to itself when it has few
    // enough colours for an exact palette.
    if gif.frameCount > 0, let first = try? gif.frame(at: 0), first.width * first.height <= 1 << 16 {
        var colors = Set<UInt32>()
        var transparent = false
        for i in stride(from: 0, to: first.pixels.count, by: 4) {
            if first.pixels[i + 3] == 0 { transparent = true; continue }
            colors.insert(UInt32(first.pixels[i]) << 16 | UInt32(first.pixels[i + 1]) << 8 | UInt32(first.pixels[i + 2]))
        }
        if colors.count <= (transparent ? 255 : 256), first.width > 0, first.height > 0 {
            let encoded = try! GIFEncoder.encode([GIFEncoder.Frame(image: first, delayCentiseconds: 1)])
            let again = try! GIFImage(bytes: encoded).frame(at: 0)
            precondition(again == first, "GIF round trip changed the pixels")
        }
    }
    if let image = try? AnimatedImageDecoder.decode(bytes, limits: limits) {
        let cache = FrameCache(byteBudget: 1 << 20)
        _ = try? cache.frame(of: image, at: image.frameCount - 1)
    }
    return sink == -1 ? 1 : 0
}
