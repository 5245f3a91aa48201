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

    mutating func list(page: Int, generation g: Int, build: () -> DisplayList) -> DisplayList {
        if g != generation { entries.removeAll(keepingCapacity: true); generation = g }
        if let i = entries.firstIndex(where: { $0.page == page }) {
            let e = entries.remove(at: i)
            entries.append(e)
            hits += 1
            return e.list
        }
        let l = build()
        builds += 1
        entries.append((page, l))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        return l
    }
}
