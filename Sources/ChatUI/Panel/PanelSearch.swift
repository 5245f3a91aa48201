import SimCore
import EmojiText

/// The panel's fallback search over its own groups, used when no catalog search is
/// supplied: case-insensitive over code, meanings and keywords, ranked exact match,
/// then prefix, then substring, ties in catalog order; each emoji once.
/// - Complexity: O(total emoji × terms).
public enum PanelSearch {
    /// The emoji of `groups` matching `query`, best matches first.
    ///
    /// - Parameters:
    ///   - query: The search text; empty finds nothing.
    ///   - groups: The sections searched, in order.
    ///   - limit: The most results returned.
    /// - Returns: At most `limit` emoji, each once.
    /// - Complexity: O(*n* · *t*) for *n* emoji of *t* terms each (code, meanings, keywords).
    public static func search(_ query: String, in groups: [PanelSection], limit: Int = 500) -> [Emoji] {
        let q = query.lowercased()
        guard !q.isEmpty else { return [] }
        var buckets: [[Emoji]] = [[], [], []]
        var seen = Set<String>()
        for g in groups {
            for e in g.emoji where !seen.contains(e.code) {
                var best = 3
                for term in [e.code] + Array(e.meanings.values).sorted() + e.keywords {
                    let t = term.lowercased()
                    if t == q { best = 0; break }
                    if t.hasPrefix(q) { best = min(best, 1) } else if t.containsOccurrence(of: q) { best = min(best, 2) }
                }
                if best < 3 { buckets[best].append(e); seen.insert(e.code) }
            }
        }
        return Array((buckets[0] + buckets[1] + buckets[2]).prefix(limit))
    }
}
