import Imaging

/// The canvas's cache of scaled images, so an emoji shown 50 times is scaled once.
/// A hit needs the same key and the same source pixels (compared by value, O(1) when
/// the provider returns the same storage), so a provider whose frames change is
/// never served a stale image. Bounded: emptied when it reaches `limit` entries or
/// the sources it keeps for that comparison would pass `byteLimit`; a source larger than
/// a quarter of it is not kept at all (issue 47, item 15: 24 emoji of 4096x4096 held
/// their 64 MB canvases here, 1.5 GB, long after the frame cache had let them go).
struct ScaledImageCache: Sendable {
    private var entries: [ScaledImage.Key: ScaledImage] = [:]
    /// Frame 0's content bounds by name, for providers without `contentBounds`; a hit
    /// needs the same frame-0 pixels. Bounded like `entries`.
    private var trims: [String: (source: Image, bounds: PixelRect?)] = [:]
    let limit = 256
    /// The most bytes of source pixels `entries` and `trims` keep together (64 MiB).
    let byteLimit = 64 << 20
    private var entryBytes = 0
    private var trimBytes = 0

    /// Bytes of source pixels kept now (for tests).
    var sourceBytesHeld: Int { entryBytes + trimBytes }

    func trim(_ name: String, frame0: Image) -> PixelRect?? {
        guard let t = trims[name], t.source == frame0 else { return nil }
        return .some(t.bounds)
    }

    mutating func storeTrim(_ name: String, frame0: Image, bounds: PixelRect?) {
        let b = frame0.byteCount
        guard b <= byteLimit / 4 else { return }
        if let old = trims[name] { trimBytes -= old.source.byteCount }
        if trims.count >= limit || entryBytes + trimBytes + b > byteLimit {
            trims.removeAll(keepingCapacity: true)
            trimBytes = 0
        }
        trims[name] = (frame0, bounds)
        trimBytes += b
    }

    func lookup(_ key: ScaledImage.Key, source: Image) -> ScaledImage? {
        guard let e = entries[key], e.source == source else { return nil }
        return e
    }

    mutating func store(_ key: ScaledImage.Key, _ image: ScaledImage) {
        let b = image.source.byteCount
        guard b <= byteLimit / 4 else { return }
        if let old = entries[key] { entryBytes -= old.source.byteCount }
        if entries.count >= limit || entryBytes + trimBytes + b > byteLimit {
            entries.removeAll(keepingCapacity: true)
            entryBytes = 0
        }
        entries[key] = image
        entryBytes += b
    }
}
