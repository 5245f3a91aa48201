import Raster

/// Display lists of whole pages, drawn once and reused while the content stays the
/// same (the seed draws each page once into an image for the same reason).
///
/// Keyed by global page index and valid for one `EmojiPanel.State.contentGeneration`;
/// a new generation empties it. At most `capacity` pages are kept (the visible ones
/// are at most two), evicting the least recently used, so memory does not follow the
/// catalog size. O(capacity) per lookup.
struct PanelPageCache {
    let capacity: Int
    private(set) var generation = -1
    private var entries: [(page: Int, list: DisplayList)] = []
    /// Pages drawn since creation (a cache miss each); benchmarks and tests read it.
    private(set) var builds = 0
    private(set) var hits = 0

    init(capacity: Int = 6) { self.capacity = max(2, capacity) }

    var count: Int { entries.count }

    /// The page's list when cached for generation `g` (now the most recently used),
    /// else nil; a new generation empties the cache first. Apart from `store` so that a
    /// hit passes no build closure: the closure captures the panel's state, and forming
    /// it copied the whole state (and released it) on every lookup in wasm.
    mutating func cached(page: Int, generation g: Int) -> DisplayList? {
        if g != generation { entries.removeAll(keepingCapacity: true); generation = g }
        guard let i = entries.firstIndex(where: { $0.page == page }) else { return nil }
        let e = entries.remove(at: i)
        entries.append(e)
        hits += 1
        return e.list
    }

    /// Keeps `l`, just drawn for `page` after `cached` missed, as the most recently used.
    mutating func store(page: Int, _ l: DisplayList) -> DisplayList {
        builds += 1
        entries.append((page, l))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        return l
    }
}
