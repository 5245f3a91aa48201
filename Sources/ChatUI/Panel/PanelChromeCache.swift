import Raster

/// The page control and category bar of the last frame, reused while the group, the
/// page within it and the content generation stay the same: during a scroll within
/// a page they do not change, so a frame only re-composes the visible pages. O(1).
struct PanelChromeCache {
    struct Key: Hashable {
        var generation: Int
        var section: Int
        var pageInGroup: Int
        var pagesInGroup: Int
    }
    private var key: Key?
    private var list = DisplayList(width: 0, height: 0)
    private(set) var builds = 0

    /// The list cached for `k`, else nil (then `store` what was drawn). Apart from
    /// `store` for the reason `PanelPageCache.cached` is.
    func cached(for k: Key) -> DisplayList? { k == key ? list : nil }

    /// Keeps `l`, just drawn for `k`.
    mutating func store(_ l: DisplayList, for k: Key) -> DisplayList {
        list = l
        key = k
        builds += 1
        return l
    }
}
