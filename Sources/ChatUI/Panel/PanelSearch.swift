import SimCore
import EmojiText

/// The panel's fallback search over its own groups, used when no catalog search is
/// supplied: case-insensitive over code, meanings and keywords, ranked exact match,
/// then prefix, then substring, ties in catalog order; each emoji once. A query longer
/// than `EmojiCatalog.maxSearchQueryBytes` finds nothing, as catalog search.
/// - Complexity: O(total emoji × terms).
public enum PanelSearch {
    /// The emoji of `groups` matching `query`, best matches first.
    ///
    /// - Parameters:
    ///   - query: The search text; empty finds nothing.
    ///   - groups: The sections searched, in order.
    ///   - limit: The most results returned.
    /// - Returns: At most `limit` emoji, each once.
    /// - Complexity: O(*n* · *t*) for *n* emoji of *t* terms each (code, meanings, keywords),
    ///   each term matched in time linear in its length.
    public static func search(_ query: String, in groups: [PanelSection], limit: Int = 500) -> [Emoji] {
        Index(groups).search(query, limit: limit)
    }

    /// The groups' search terms, lowercased once: what a panel's every search reads.
    public struct Index: Sendable {
        private let entries: [(emoji: Emoji, terms: [String])]

        /// The terms of every emoji of `groups`, in order.
        ///
        /// - Parameter groups: The sections searched, in order.
        /// - Complexity: O(total length of the terms).
        public init(_ groups: [PanelSection]) {
            var entries: [(emoji: Emoji, terms: [String])] = []
            for g in groups {
                for e in g.emoji {
                    entries.append((e, ([e.code] + Array(e.meanings.values).sorted() + e.keywords).map { $0.lowercased() }))
                }
            }
            self.entries = entries
        }

        /// The emoji matching `query`, best matches first (`PanelSearch.search`).
        ///
        /// - Parameters:
        ///   - query: The search text; empty, or longer than
        ///     `EmojiCatalog.maxSearchQueryBytes`, finds nothing.
        ///   - limit: The most results returned.
        /// - Returns: At most `limit` emoji, each once.
        /// - Complexity: O(total length of the terms + query length).
        public func search(_ query: String, limit: Int = 500) -> [Emoji] {
            guard query.utf8.count <= EmojiCatalog.maxSearchQueryBytes else { return [] }
            let q = query.lowercased()
            guard !q.isEmpty else { return [] }
            let pattern = TextPattern(q)
            var buckets: [[Emoji]] = [[], [], []]
            var seen = Set<String>()
            for (e, terms) in entries where !seen.contains(e.code) {
                var best = 3
                for t in terms {
                    if t == q { best = 0; break }
                    if t.hasPrefix(q) { best = min(best, 1) } else if best > 2 && pattern.occurs(in: t) { best = 2 }
                }
                if best < 3 { buckets[best].append(e); seen.insert(e.code) }
            }
            return Array((buckets[0] + buckets[1] + buckets[2]).prefix(limit))
        }
    }

    /// An `Index` made on the first search: a panel over a catalog never searches its
    /// groups this way, so it should not pay for lowercasing them.
    final class LazyIndex {
        private let groups: [PanelSection]
        private var index: Index?

        init(_ groups: [PanelSection]) { self.groups = groups }

        func search(_ query: String) -> [Emoji] {
            if index == nil { index = Index(groups) }
            return index!.search(query)
        }
    }
}
