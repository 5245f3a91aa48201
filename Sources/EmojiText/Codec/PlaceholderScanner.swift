/// The one scanner from plain text to emoji tokens. Everything it does not recognise
/// stays text.
///
/// How: a single forward pass over the UTF-8 bytes. A 256-entry table (`ByteClass`)
/// sorts each byte: plain (move on one byte; continuation bytes and the lead bytes no
/// known emoji starts with are plain, so CJK and Latin text is never decoded), `[`,
/// a keycap base, or the lead byte of a possible emoji. At `[` it reads the body (letters, digits, `_`,
/// `-`, CJK ideographs; at most `maxBodyBytes`) up to the first other byte; only a `]`
/// there makes a candidate, looked up as an image code, then as UTF-8 hex of a known
/// Unicode emoji. On failure it resumes right after the `[`: a body never contains `[`,
/// so no byte is read by two bodies and the pass stays linear (1 MB of `[[[[` reads
/// each byte twice at most). Possible emoji are decoded, tested against a bitmap of the
/// scalars known Unicode emoji start with, and take the longest known emoji from a
/// trie. Lookups go by bytes (`ByteKeyTable`), never through `String` hashing.
///
/// A candidate counts only if it is a whole grapheme cluster of the text (GB9, GB9a,
/// GB9b, GB11 and GB12/13 checked at its two ends; a start right after a zero-width
/// joiner is conservatively refused), so text between attachments splits into exactly
/// the `Character`s of the plain text. So `[[哈哈]]` yields `[`, `[哈哈]`, `]`;
/// `[哈哈`, `[]`, `[unknown]` and `😄\u{301}` stay text.
///
/// Time O(n) in the bytes of the text; memory O(number of tokens).
enum PlaceholderScanner {
    /// Longest placeholder body, in bytes: enough for the hex of a 64-byte emoji.
    static let maxBodyBytes = 128

    /// Scalars allowed between the brackets: ASCII letters and digits, `_`, `-`, and
    /// CJK ideographs (U+3400..U+4DBF, U+4E00..U+9FFF), a superset of the seed's
    /// `[a-zA-Z0-9\u4e00-\u9fa5]`.
    @inline(__always)
    static func isBodyScalar(_ v: UInt32) -> Bool {
        if v < 0x80 { return isBodyASCII(UInt8(v)) }
        return (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v)
    }

    @inline(__always)
    static func isBodyASCII(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D
    }

    /// All tokens of `buf`, in order, non-overlapping.
    static func tokens(_ buf: UnsafeBufferPointer<UInt8>, catalog: EmojiCatalog) -> [ScanToken] {
        var out: [ScanToken] = []
        scan(buf, catalog: catalog) { out.append($0) }
        return out
    }

    /// Calls `emit` with each token of `buf`, in order. Inlined into its callers so
    /// that the tokens go straight into their storage.
    @inline(__always)
    static func scan(_ buf: UnsafeBufferPointer<UInt8>, catalog: EmojiCatalog, _ emit: (ScanToken) -> Void) {
        _ = scan(buf, from: 0, catalog: catalog, stoppingFrom: Int.max, where: { _ in false }, emit)
    }

    /// How far past a position the scanner's decision there may read: a placeholder
    /// (`[`, at most `maxBodyBytes`, `]`) or the longest known emoji, plus the scalar
    /// after it (the cluster check) and one more decoded scalar. A decision at `i`
    /// depends on no byte at or after `i + lookahead(catalog)`; the editor's incremental
    /// re-parse relies on it.
    static func lookahead(_ catalog: EmojiCatalog) -> Int {
        max(maxBodyBytes + 2, catalog.unicodeIndex.longestCodeBytes) + 8
    }

    /// Scans from byte `start` (a position the scan from 0 reaches, with no regional
    /// indicator just before it, so the pairing count starts afresh as it would there)
    /// and emits the tokens starting at or after it. At each position `i >=
    /// stoppingFrom` the scan reaches between tokens it asks `stop(i)` and returns `i`
    /// when it says so; otherwise it returns `buf.count`. Tokens it emits are exactly
    /// those the scan from 0 finds in that stretch. O(bytes scanned).
    @inline(__always)
    static func scan(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, catalog: EmojiCatalog, stoppingFrom: Int,
                     where stop: (Int) -> Bool, _ emit: (ScanToken) -> Void) -> Int {
        let n = buf.count
        let index = catalog.unicodeIndex
        var i = start
        // Regional indicators pair from the start of each run (GB12/13): track the run.
        var riRunEnd = -1
        var riRunCount = 0
        return index.byteClasses.withUnsafeBufferPointer { classes -> Int in
            while i < n {
                if i >= stoppingFrom && stop(i) { return i }
                let b = buf[i]
                let c = classes[Int(b)]
                if c == ByteClass.plain {
                    // Plain text, one byte at a time: no load feeds the next index, so
                    // the loop runs at the speed of the loads, not their latency.
                    // (Continuation bytes are plain; the lead bytes of interest are not.)
                    i += 1
                    continue
                }
                if c == ByteClass.bracket {
                    // Most stray brackets fail on the next byte: test it before the call.
                    if i + 1 < n, isBodyASCII(buf[i + 1]) || (buf[i + 1] >= 0xE3 && buf[i + 1] <= 0xE9),
                       let t = bracket(buf, at: i, catalog: catalog) {
                        emit(t)
                        i = t.end
                        continue
                    }
                    i += 1
                    continue
                }
                if c == ByteClass.keycapBase {
                    // A keycap base (#, *, 0-9) counts only before U+FE0F or U+20E3.
                    if i + 1 < n && (buf[i + 1] == 0xEF || buf[i + 1] == 0xE2), let t = unicode(buf, at: i, catalog: catalog) {
                        emit(t)
                        i = t.end
                        continue
                    }
                    i += 1
                    continue
                }
                // A lead byte some known emoji starts with.
                let (v, len) = UTF8Bytes.decode(buf, at: i)
                var pairedOK = true
                if GraphemeRules.isRegionalIndicator(v) {
                    riRunCount = (i == riRunEnd) ? riRunCount + 1 : 1
                    riRunEnd = i + len
                    pairedOK = riRunCount % 2 == 1 // an odd-numbered RI starts a cluster
                }
                if pairedOK && index.mayStart(v), let t = unicode(buf, at: i, catalog: catalog) {
                    emit(t)
                    if GraphemeRules.isRegionalIndicator(v) && t.end - i >= 8
                        && GraphemeRules.isRegionalIndicator(UTF8Bytes.decode(buf, at: i + 4).value) {
                        riRunCount += 1
                        riRunEnd = i + 8
                    }
                    i = t.end
                    continue
                }
                i += len
            }
            return n
        }
    }

    /// The single token covering all of `buf`, if the whole text is one known emoji
    /// or placeholder.
    static func wholeToken(_ buf: UnsafeBufferPointer<UInt8>, catalog: EmojiCatalog) -> ScanToken? {
        guard !buf.isEmpty else { return nil }
        let t: ScanToken?
        if buf[0] == 0x5B {
            t = bracket(buf, at: 0, catalog: catalog)
        } else if !catalog.unicodeIndex.isEmpty, catalog.unicodeIndex.mayStart(UTF8Bytes.decode(buf, at: 0).value) {
            t = unicode(buf, at: 0, catalog: catalog)
        } else {
            t = nil
        }
        guard let token = t, token.end == buf.count else { return nil }
        return token
    }

    /// A cluster may start at `i` (the caller knows the scalar at `i` is no Extend).
    @inline(__always)
    private static func startsCluster(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, afterJoinerOK: Bool) -> Bool {
        guard i > 0 else { return true }
        if buf[i - 1] < 0x80 { return true }
        let prev = UTF8Bytes.decodeBefore(buf, i)
        if prev == 0x200D { return afterJoinerOK }
        return !GraphemeRules.isPrepend(prev)
    }

    /// A cluster ends at `end`: the next scalar does not extend it.
    @inline(__always)
    private static func endsCluster(_ buf: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
        guard end < buf.count else { return true }
        if buf[end] < 0xCC { return true } // below U+0300 (lead byte 0xCC): never Extend
        return !GraphemeRules.continuesCluster(UTF8Bytes.decode(buf, at: end).value)
    }

    private static func unicode(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, catalog: EmojiCatalog) -> ScanToken? {
        guard let (end, entry) = catalog.unicodeIndex.longestMatch(in: buf, at: i),
              endsCluster(buf, at: end),
              // After U+200D the emoji might join a ZWJ sequence (GB11): refuse, it stays text.
              startsCluster(buf, at: i, afterJoinerOK: false) else { return nil }
        return ScanToken(start: i, end: end, entry: entry, encoding: .unicode)
    }

    private static func bracket(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, catalog: EmojiCatalog) -> ScanToken? {
        let n = buf.count
        let limit = min(n, i + 1 + maxBodyBytes)
        var j = i + 1
        var allHex = true
        var hash = ByteKeyTable.hashSeed // of the body, for the code table
        while j < limit {
            let b = buf[j]
            if b < 0x80 {
                guard isBodyASCII(b) else { break }
                if allHex && !((b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46)) {
                    allHex = false
                }
                hash = ByteKeyTable.hashStep(hash, b)
                j += 1
                continue
            }
            guard b >= 0xE3 && b <= 0xE9, j + 2 < n else { break } // CJK ideographs are 3-byte, E3..E9
            let v = UTF8Bytes.decode(buf, at: j).value
            guard isBodyScalar(v) else { break }
            allHex = false
            hash = ByteKeyTable.hashStep(ByteKeyTable.hashStep(ByteKeyTable.hashStep(hash, b), buf[j + 1]), buf[j + 2])
            j += 3
        }
        let bodyCount = j - i - 1
        guard j < n, buf[j] == 0x5D, bodyCount > 0 else { return nil }
        let end = j + 1
        guard endsCluster(buf, at: end), startsCluster(buf, at: i, afterJoinerOK: true) else { return nil }
        let body = UnsafeBufferPointer(rebasing: buf[(i + 1)..<j])
        if let entry = catalog.imageCodes.lookup(body, hash: ByteKeyTable.finish(hash)) {
            return ScanToken(start: i, end: end, entry: entry, encoding: .code)
        }
        guard allHex && bodyCount % 2 == 0 else { return nil }
        // The decoded bytes are looked up as they are: a hit is a known emoji, hence
        // valid UTF-8; anything else (invalid UTF-8 included) misses.
        let entry = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bodyCount / 2) { bytes -> Int? in
            for k in 0..<(bodyCount / 2) {
                bytes[k] = hexValue(body[2 * k]) << 4 | hexValue(body[2 * k + 1])
            }
            return catalog.unicodeCodes.lookup(UnsafeBufferPointer(bytes))
        }
        guard let e = entry else { return nil }
        return ScanToken(start: i, end: end, entry: e, encoding: .utf8Hex)
    }

    @inline(__always)
    private static func hexValue(_ b: UInt8) -> UInt8 {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x61...0x66: return b - 0x61 + 10
        default: return b - 0x41 + 10
        }
    }
}
