/// Recently used emoji: most recent first, no duplicates, at most `capacity` codes.
/// Stored as plain codes so it can be saved and restored (`codes`, `init(codes:)`)
/// and survives catalog changes (unknown codes are skipped by `emojis(in:)`).
public struct RecentEmojis: Hashable, Sendable {
    /// The capacity when none is given: 30 codes.
    public static let defaultCapacity = 30

    /// The most codes kept (0: recents are off).
    public let capacity: Int
    /// The codes, most recent first. Invariant: unique, count <= capacity.
    public private(set) var codes: [String]

    /// Restores a saved list: duplicates after the first are dropped, then it is cut
    /// to `capacity`.
    ///
    /// - Parameters:
    ///   - capacity: The most codes kept; negative means 0.
    ///   - codes: A saved list, most recent first.
    /// - Complexity: O(n).
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

    /// Moves (or adds) `code` to the front, dropping the oldest past the capacity.
    ///
    /// - Parameter code: The emoji's code.
    /// - Complexity: O(capacity).
    public mutating func record(code: String) {
        guard capacity > 0 else { return }
        codes.removeAll { $0 == code }
        codes.insert(code, at: 0)
        if codes.count > capacity { codes.removeLast(codes.count - capacity) }
    }

    /// Records an emoji the user inserted (its code; a skin-tone variant keeps its own).
    ///
    /// - Parameter emoji: The emoji.
    /// - Complexity: O(capacity).
    public mutating func record(_ emoji: Emoji) { record(code: emoji.code) }

    /// Forgets `code` (an emoji the catalog dropped); nothing happens when it is absent.
    ///
    /// - Parameter code: The emoji's code.
    /// - Complexity: O(capacity).
    public mutating func remove(code: String) { codes.removeAll { $0 == code } }

    /// The emoji of the recents that `catalog` knows, most recent first.
    ///
    /// - Parameter catalog: The catalog the codes are looked up in.
    /// - Returns: The known emoji; unknown codes are skipped, not removed.
    /// - Complexity: O(capacity).
    public func emojis(in catalog: EmojiCatalog) -> [Emoji] {
        codes.compactMap { catalog.emoji(forCode: $0) }
    }
}
