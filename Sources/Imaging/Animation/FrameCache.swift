/// One cache of composited frames shared by every `AnimationPlayer` (and anything else
/// that shows an `AnimatedImage`), bounded by a byte budget with least-recently-used
/// eviction.
///
/// Invariants: `statistics.bytesHeld <= byteBudget` after every call; a frame larger
/// than the whole budget is decoded and returned but not kept. Entries hold their
/// `AnimatedImage` strongly, so an image's identity is never reused while one of its
/// frames is cached. Lookup, insertion and eviction are O(1) (a dictionary plus an
/// intrusive doubly linked list over array slots). Not thread-safe (one simulation,
/// one thread).
public final class FrameCache {
    /// 4 MiB: a few dozen 64x64 to 128x128 emoji frames, what an emoji panel page and the
    /// visible bubbles need at once.
    public static let defaultByteBudget = 4 << 20

    /// Counters of the cache's work, for tests and benchmarks (the renderer never reads them).
    public struct Statistics: Hashable, Sendable, CustomStringConvertible {
        /// Lookups answered from the cache.
        public var hits = 0
        /// Lookups that had to ask the image (including ones that then failed to decode).
        public var misses = 0
        /// Frames decoded for the cache (misses that reached a decoder and succeeded).
        public var decodes = 0
        /// Frames dropped to make room (not counting `purge` or `remove`).
        public var evictions = 0
        /// Bytes of the frames cached now; never above `byteBudget`.
        public var bytesHeld = 0
        /// The most `bytesHeld` has been since the last `resetStatistics()`.
        public var peakBytes = 0
        /// Frames cached now.
        public var entryCount = 0
        /// One line: `hits 3, misses 1, decodes 1, evictions 0, bytes 16384 (peak 16384), entries 1`.
        public var description: String {
            "hits \(hits), misses \(misses), decodes \(decodes), evictions \(evictions), "
                + "bytes \(bytesHeld) (peak \(peakBytes)), entries \(entryCount)"
        }
    }

    private struct Key: Hashable {
        var image: ObjectIdentifier
        var index: Int
    }

    private struct Node {
        var key: Key
        var owner: AnimatedImage?
        var frame: Image
        var bytes: Int
        var prev: Int
        var next: Int
    }

    /// Bytes the cache may hold. Lowering it evicts at once.
    public var byteBudget: Int {
        didSet { evict(toFit: 0) }
    }
    /// The counters so far.
    public private(set) var statistics = Statistics()
    /// The library whose `decodedByteBudget` this cache's decodes count against: after
    /// every decode the library measures the image's decoder state and trims the other
    /// images. Players ask the cache, not the library, on each frame change, so without
    /// it a decoder's canvas and checkpoints would grow unmeasured (issue 47, item 15:
    /// 24 small GIFs with 4096x4096 canvases held 6 GB). Nil: nothing is accounted.
    public var library: ImageLibrary?

    private var slots: [Key: Int] = [:]
    private var nodes: [Node] = []
    private var free: [Int] = []
    private var head = -1 // most recently used
    private var tail = -1 // least recently used

    /// An empty cache.
    ///
    /// - Parameters:
    ///   - byteBudget: The most bytes of frames kept (negative means 0: nothing is kept).
    ///   - library: The library whose budget decodes count against (see `library`).
    public init(byteBudget: Int = FrameCache.defaultByteBudget, library: ImageLibrary? = nil) {
        self.byteBudget = max(0, byteBudget)
        self.library = library
    }

    /// Frame `index` of `image`, from the cache or decoded (and then cached).
    ///
    /// - Parameters:
    ///   - image: The animation; the cache keeps it alive while one of its frames is cached.
    ///   - index: A frame index in `0..<image.frameCount`.
    /// - Returns: The composited canvas after that frame.
    /// - Throws: `AnimationError` from the image (index out of range, a frame that does not decode).
    /// - Complexity: O(1) on a hit; a miss costs the decode plus O(evicted frames).
    public func frame(of image: AnimatedImage, at index: Int) throws(AnimationError) -> Image {
        let key = Key(image: ObjectIdentifier(image), index: index)
        if let slot = slots[key] {
            statistics.hits += 1
            moveToFront(slot)
            return nodes[slot].frame
        }
        statistics.misses += 1
        let frame = try image.frame(at: index)
        statistics.decodes += 1
        library?.noteDecoded(image)
        let bytes = frame.byteCount
        guard bytes <= byteBudget else { return frame }
        evict(toFit: bytes)
        let node = Node(key: key, owner: image, frame: frame, bytes: bytes, prev: -1, next: head)
        let slot: Int
        if let s = free.popLast() { nodes[s] = node; slot = s } else { nodes.append(node); slot = nodes.count - 1 }
        if head >= 0 { nodes[head].prev = slot }
        head = slot
        if tail < 0 { tail = slot }
        slots[key] = slot
        statistics.bytesHeld += bytes
        statistics.entryCount += 1
        statistics.peakBytes = max(statistics.peakBytes, statistics.bytesHeld)
        return frame
    }

    /// Whether frame `index` of `image` is cached (does not count as a hit).
    ///
    /// - Parameters:
    ///   - image: The animation.
    ///   - index: The frame index.
    /// - Returns: True when that frame is held now.
    public func contains(_ image: AnimatedImage, frame index: Int) -> Bool {
        slots[Key(image: ObjectIdentifier(image), index: index)] != nil
    }

    /// Drops every frame (a memory warning). Statistics other than bytes are kept.
    public func purge() {
        slots = [:]
        nodes = []
        free = []
        head = -1
        tail = -1
        statistics.bytesHeld = 0
        statistics.entryCount = 0
    }

    /// Drops the frames of one image.
    ///
    /// - Parameter image: The animation whose frames go (a bubble scrolled out for good).
    /// - Complexity: O(entries).
    public func remove(_ image: AnimatedImage) {
        let id = ObjectIdentifier(image)
        for (key, slot) in slots where key.image == id { unlink(slot) }
    }

    /// Zeroes the counters (hits, misses, decodes, evictions) and resets the peak to
    /// what is held now.
    public func resetStatistics() {
        statistics = Statistics(bytesHeld: statistics.bytesHeld, peakBytes: statistics.bytesHeld,
                                entryCount: statistics.entryCount)
    }

    /// Keys of the cached frames from most to least recently used (for tests).
    /// - Complexity: O(entries).
    public var recencyOrder: [(image: ObjectIdentifier, index: Int)] {
        var out: [(image: ObjectIdentifier, index: Int)] = []
        var s = head
        while s >= 0 { out.append((image: nodes[s].key.image, index: nodes[s].key.index)); s = nodes[s].next }
        return out
    }

    private func evict(toFit incoming: Int) {
        while tail >= 0 && statistics.bytesHeld + incoming > byteBudget {
            unlink(tail)
            statistics.evictions += 1
        }
    }

    private func detach(_ slot: Int) {
        let n = nodes[slot]
        if n.prev >= 0 { nodes[n.prev].next = n.next } else { head = n.next }
        if n.next >= 0 { nodes[n.next].prev = n.prev } else { tail = n.prev }
    }

    private func unlink(_ slot: Int) {
        detach(slot)
        slots[nodes[slot].key] = nil
        statistics.bytesHeld -= nodes[slot].bytes
        statistics.entryCount -= 1
        nodes[slot].owner = nil
        nodes[slot].frame = Image(width: 0, height: 0)
        free.append(slot)
    }

    private func moveToFront(_ slot: Int) {
        guard slot != head else { return }
        detach(slot)
        nodes[slot].prev = -1
        nodes[slot].next = head
        if head >= 0 { nodes[head].prev = slot }
        head = slot
        if tail < 0 { tail = slot }
    }
}
