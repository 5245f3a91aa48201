import Imaging

/// The canvas's cache of scaled images, so an emoji shown 50 times is scaled once.
/// A hit needs the same key and the same source pixels (compared by value, O(1) when
/// the provider returns the same storage), so a provider whose frames change is
/// never served a stale image. Bounded: emptied when it reaches `limit` entries.
struct ScaledImageCache: Sendable {
    private var entries: [ScaledImage.Key: ScaledImage] = [:]
    /// Frame 0's content bounds by name, for providers without `contentBounds`; a hit
    /// needs the same frame-0 pixels. Bounded like `entries`.
    private var trims: [String: (source: Image, bounds: PixelRect?)] = [:]
    let limit = 256

    func trim(_ name: String, frame0: Image) -> PixelRect?? {
        guard let t = trims[name], t.source == frame0 else { return nil }
        return .some(t.bounds)
    }

    mutating func storeTrim(_ name: String, frame0: Image, bounds: PixelRect?) {
        if trims.count >= limit { trims.removeAll(keepingCapacity: true) }
        trims[name] = (frame0, bounds)
    }

    func lookup(_ key: ScaledImage.Key, source: Image) -> ScaledImage? {
        guard let e = entries[key], e.source == source else { return nil }
        return e
    }

    mutating func store(_ key: ScaledImage.Key, _ image: ScaledImage) {
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[key] = image
    }
}
