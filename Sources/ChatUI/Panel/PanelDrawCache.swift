import Raster

/// The panel's page and chrome display lists, kept between frames: memoisation of pure
/// functions of `EmojiPanel.State` (keyed by its `contentGeneration` and the chrome's
/// key), so drawing stays pure while reading and filling it. A reference, so a
/// non-mutating draw can fill it; `EmojiPanel.send` copies it first when a copy of the
/// panel shares it, so two diverging copies never read each other's pages. O(1) per
/// chrome lookup, O(capacity) per page lookup (see `PanelPageCache`).
final class PanelDrawCache {
    var pages = PanelPageCache()
    var chrome = PanelChromeCache()

    init() {}

    /// A cache of its own with the same contents (for a panel copy about to diverge).
    func copy() -> PanelDrawCache {
        let c = PanelDrawCache()
        c.pages = pages
        c.chrome = chrome
        return c
    }
}
