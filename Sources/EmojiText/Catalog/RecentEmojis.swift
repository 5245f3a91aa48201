/// Recently used emoji: most recent first, no duplicates, at most `capacity` codes.
/// Stored as plain codes so it can be saved and restored (`codes`, `init(codes:)`)
/// and survives catalog changes (unknown codes are skipped by `emojis(in:)`).
public struct RecentEmojis: Hashable, Sendable {
    public static let defaultCapacity = 30

    public let capacity: Int
    /// The codes, most recent first. Invariant: unique, count <= capacity.
    public private(set) var codes: [String]

    /// Restores a saved list: duplicates after the first are dropped, then it is cut
    /// to `capacity`. O(n).
    public init(capacity: Int = RecentEmojis.defaultCapacity, codes: [String] = []) {
        self.capacity = max(0, capacity)
        var seen: Set<String> = []
        var kept: [String] = []
        for c in codes where seen.insert(c).inserted {
            if kept.count == self.capacity { break }
            kept.append(c)
        }
        self.codes = kept
    }

    /// Moves (or adds) `code` to the front, dropping the oldest past the capacity. O(capacity).
    public mutating func record(code: String) {
        guard capacity > 0 else { return }
        codes.removeAll { $0 == code }
        codes.insert(code, at: 0)
        if codes.count > capacity { codes.removeLast(codes.count - capacity) }
    }

    public mutating func record(_ emoji: Emoji) { record(code: emoji.code) }

    public mutating func remove(code: String) { codes.removeAll { $0 == code } }

    /// The emoji of the recents that `catalog` knows, most recent first.
    public func emojis(in catalog: EmojiCatalog) -> [Emoji] {
        codes.compactMap { catalog.emoji(forCode: $0) }
    }
}
