/// The Unicode emoji a catalog knows, arranged for the scanner: a bitmap of the scalars
/// any of them starts with (so ordinary text is rejected with one bit test) and a trie
/// over scalars for the longest known emoji at a position.
///
/// Trie edges live in one open-addressing table keyed by (node, scalar), so a step is
/// a multiply and a compare or two, not a `Dictionary` lookup.
/// Memory: 2.5 KB of bitmaps plus 16 bytes per edge (at most half the slots used).
struct UnicodeEmojiIndex: Sendable {
    /// Start bits for U+0000..U+3FFF (keycap bases, ©, ™, arrows, ☺, ❤, 〰 ...).
    private var lowStarts = [UInt64](repeating: 0, count: 0x4000 / 64)
    /// Start bits for U+1F000..U+1FFFF (where almost all emoji live).
    private var emojiStarts = [UInt64](repeating: 0, count: 0x1000 / 64)
    /// Start scalars anywhere else (rare; empty for most catalogs).
    private var otherStarts: Set<UInt32> = []
    /// Edge keys (node << 32 | scalar), 0 for an empty slot (node 0 never is a child,
    /// and keys are stored + 1 so that the root's edge for U+0000 is not 0 either).
    private var edgeKeys = [UInt64](repeating: 0, count: 16)
    private var edgeChild = [Int32](repeating: 0, count: 16)
    private var edgeCount = 0
    private var terminal: [Int32] = [-1]
    /// What the scanner does at each byte value (see `ByteClass`): move on, try a
    /// placeholder, try a keycap, or try an emoji. Text whose lead byte no known emoji
    /// starts with (most CJK, Latin, kana) is passed over without decoding. Regional indicators share lead byte F0 with most emoji, so the pairing
    /// count still sees every one that matters.
    private(set) var byteClasses: [UInt8] = ByteClass.plainTable

    /// The UTF-8 length of the longest code inserted (bounds how far a match reads).
    private(set) var longestCodeBytes = 0

    init() {}

    var isEmpty: Bool { terminal.count == 1 }

    /// Adds `code` (one grapheme cluster) as catalog entry `entry`.
    mutating func insert(_ code: String, entry: Int) {
        longestCodeBytes = max(longestCodeBytes, code.utf8.count)
        var node = 0
        var first = true
        for s in code.unicodeScalars {
            let v = s.value
            if first {
                first = false
                let lead = Int(Array(String(s).utf8)[0])
                byteClasses[lead] = lead < 0x80 ? ByteClass.keycapBase : ByteClass.emojiLead
                if v < 0x4000 {
                    lowStarts[Int(v >> 6)] |= 1 << UInt64(v & 63)
                } else if (0x1F000..<0x20000).contains(v) {
                    emojiStarts[Int((v - 0x1F000) >> 6)] |= 1 << UInt64(v & 63)
                } else {
                    otherStarts.insert(v)
                }
            }
            if let next = child(of: node, v) {
                node = next
            } else {
                terminal.append(-1)
                let created = terminal.count - 1
                addEdge(from: node, v, to: created)
                node = created
            }
        }
        terminal[node] = Int32(entry)
    }

    @inline(__always)
    private static func edgeKey(_ node: Int, _ v: UInt32) -> UInt64 {
        (UInt64(node) << 32 | UInt64(v)) &+ 1
    }

    @inline(__always)
    private static func slot(_ key: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    @inline(__always)
    private func child(of node: Int, _ v: UInt32) -> Int? {
        let key = Self.edgeKey(node, v)
        let mask = edgeKeys.count - 1
        var i = Self.slot(key, mask: mask)
        while true {
            let k = edgeKeys[i]
            if k == key { return Int(edgeChild[i]) }
            if k == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    private mutating func addEdge(from node: Int, _ v: UInt32, to child: Int) {
        if (edgeCount + 1) * 2 > edgeKeys.count {
            let oldKeys = edgeKeys, oldChild = edgeChild
            edgeKeys = [UInt64](repeating: 0, count: oldKeys.count * 2)
            edgeChild = [Int32](repeating: 0, count: oldKeys.count * 2)
            for (k, c) in zip(oldKeys, oldChild) where k != 0 { insertKey(k, c) }
        }
        insertKey(Self.edgeKey(node, v), Int32(child))
        edgeCount += 1
    }

    private mutating func insertKey(_ key: UInt64, _ child: Int32) {
        let mask = edgeKeys.count - 1
        var i = Self.slot(key, mask: mask)
        while edgeKeys[i] != 0 { i = (i + 1) & mask }
        edgeKeys[i] = key
        edgeChild[i] = child
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
            guard let next = child(of: node, v) else { break }
            node = next
            j += len
            if terminal[node] >= 0 { best = (j, Int(terminal[node])) }
        }
        return best
    }
}
