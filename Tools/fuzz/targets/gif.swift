// libFuzzer target for the GIF decoder: parse, then decode and composite every frame
// (in order, then backwards to exercise checkpoints and restart points).
// Built by Tools/fuzz/fuzz.sh together with the SimCore and Imaging sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Small limits keep each input fast; the limit checks themselves are what is tested.
    let limits = ImageLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 20, maxFrames: 64, maxDecodedBytes: 1 << 26)
    guard let gif = try? GIFImage(bytes: bytes, limits: limits, checkpointInterval: 2) else { return 0 }
    var sink = 0
    for i in 0..<gif.frameCount {
        if let f = try? gif.frame(at: i) {
            precondition(f.width == gif.canvasWidth && f.height == gif.canvasHeight)
            sink &+= f.pixels.count
        }
    }
    for i in stride(from: gif.frameCount - 1, through: 0, by: -1) { _ = try? gif.frame(at: i) }
    if let image = try? AnimatedImageDecoder.decode(bytes, limits: limits) {
        let cache = FrameCache(byteBudget: 1 << 20)
        _ = try? cache.frame(of: image, at: image.frameCount - 1)
    }
    return sink == -1 ? 1 : 0
}
