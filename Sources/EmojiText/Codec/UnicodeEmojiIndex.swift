/// The Unicode emoji a catalog knows, arranged for the scanner: a bitmap of the scalars
/// any of them starts with (so ordinary text is rejected with one bit test) and a trie
/// over scalars for the longest known emoji at a position.
///
/// Memory: 2.5 KB of bitmaps plus one small dictionary per trie node.
struct UnicodeEmojiIndex: Sendable {
    /// Start bits for U+0000..U+3FFF (keycap bases, ©, ™, arrows, ☺, ❤, 〰 ...).
    private var lowStarts = [UInt64](repeating: 0, count: 0x4000 / 64)
    /// Start bits for U+1F000..U+1FFFF (where almost all emoji live).
    private var emojiStarts = [UInt64](repeating: 0, count: 0x1000 / 64)
    /// Start scalars anywhere else (rare; empty for most catalogs).
    private var otherStarts: Set<UInt32> = []
    private var children: [[UInt32: Int32]] = [[:]]
    private var terminal: [Int32] = [-1]

    init() {}

    var isEmpty: Bool { terminal.count == 1 }

    /// Adds `code` (one grapheme cluster) as catalog entry `entry`.
    mutating func insert(_ code: String, entry: Int) {
        var node = 0
        var first = true
        for s in code.unicodeScalars {
            let v = s.value
            if first {
                first = false
                if v < 0x4000 {
                    lowStarts[Int(v >> 6)] |= 1 << UInt64(v & 63)
                } else if (0x1F000..<0x20000).contains(v) {
                    emojiStarts[Int((v - 0x1F000) >> 6)] |= 1 << UInt64(v & 63)
                } else {
                    otherStarts.insert(v)
                }
            }
            if let next = children[node][v] {
                node = Int(next)
            } else {
                children.append([:])
                terminal.append(-1)
                let created = children.count - 1
                children[node][v] = Int32(created)
                node = created
            }
        }
        terminal[node] = Int32(entry)
    }

    /// Whether some known emoji starts with scalar `v`. O(1).
    @inline(__always)
    func mayStart(_ v: UInt32) -> Bool {
        if v < 0x4000 { return lowStarts[Int(v >> 6)] & (1 << UInt64(v & 63)) != 0 }
        if v >= 0x1F000 && v < 0x20000 {
            return emojiStarts[Int((v - 0x1F000) >> 6)] & (1 << UInt64(v & 63)) != 0
        }
        return !otherStarts.isEmpty && otherStarts.contains(v)
    }

    /// The longest known emoji starting at byte `i`: its end offset and entry.
    /// O(length of the longest known emoji).
    func longestMatch(in buf: UnsafeBufferPointer<UInt8>, at i: Int) -> (end: Int, entry: Int)? {
        var node = 0
        var j = i
        var best: (end: Int, entry: Int)?
        while j < buf.count {
            let (v, len) = UTF8Bytes.decode(buf, at: j)
            guard let next = children[node][v] else { break }
            node = Int(next)
            j += len
            if terminal[node] >= 0 { best = (j, Int(terminal[node])) }
        }
        return best
    }
}
