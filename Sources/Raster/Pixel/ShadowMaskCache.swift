/// The canvas's shadow and shape masks, kept between renders like `ScaledImageCache`.
/// Bounded: emptied when it reaches `limit` entries.
struct ShadowMaskCache: Sendable {
    private var entries: [ShadowMask.Key: ShadowMask] = [:]
    let limit = 256

    func lookup(_ key: ShadowMask.Key) -> ShadowMask? { entries[key] }

    mutating func store(_ key: ShadowMask.Key, _ mask: ShadowMask) {
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[key] = mask
    }
}
