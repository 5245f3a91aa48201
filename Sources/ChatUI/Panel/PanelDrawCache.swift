import Raster

/// The panel's page and chrome display lists, kept between frames: memoisation of pure
/// functions of `EmojiPanel.State` (keyed by its `contentGeneration` and the chrome's
/// key), so drawing stays pure while reading and filling it. A reference, so a
/// non-mutating draw can fill it; a transition copies it first when a copy of the
/// state shares it, so two diverging copies never read each other's pages. O(1) per
/// chrome lookup, O(capacity) per page lookup (see `PanelPageCache`).
final class PanelDrawCache: Hashable {
    var pages = PanelPageCache()
    var chrome = PanelChromeCache()

    init() {}

    /// Always equal: a cache is not state (see `Cached`).
    static func == (a: PanelDrawCache, b: PanelDrawCache) -> Bool { true }
    /// Hashes nothing, as `Cached`.
    func hash(into hasher: inout Hasher) {}

    /// A cache of its own with the same contents (for a panel copy about to diverge).
    func copy() -> PanelDrawCache {
        let c = PanelDrawCache()
        c.pages = pages
        c.chrome = chrome
        return c
    }
}
