/// Text as the user sees it: runs of text and emoji attachments. Each attachment
/// keeps its backed plain text, so `RichText(parsing: s, catalog: c).plainText == s`
/// for every string `s` (the identity the tests check on random input).
///
/// Storage: the plain text plus, per attachment, its UTF-8 byte range and emoji; the
/// text runs are the gaps between attachments. So parsing allocates nothing per run
/// (see `emojisim-bench text`), and `runs` materialises the run list on
/// demand. Normal form of `runs`: no empty text run, no two adjacent text runs.
public struct RichText: Hashable, Sendable {
    /// The backed plain text (the concatenation of the runs' plain texts).
    ///
    /// - Complexity: O(1).
    public internal(set) var plainText: String
    /// Attachments' UTF-8 byte ranges in `plainText`, in order, non-overlapping.
    var spans: [AttachmentSpan]
    /// Where the spans' emoji are: the catalog's entry table when parsed (shared, not
    /// copied), or the attachments' own emoji when built from runs.
    let table: [Emoji]

    /// 16 bytes (32-bit offsets), which halves the memory the parse writes.
    struct AttachmentSpan: Hashable, Sendable {
        private var start32: UInt32
        private var end32: UInt32
        private var entry32: UInt32
        var encoding: PlaceholderEncoding

        init(start: Int, end: Int, entry: Int, encoding: PlaceholderEncoding) {
            start32 = UInt32(truncatingIfNeeded: start); end32 = UInt32(truncatingIfNeeded: end)
            entry32 = UInt32(truncatingIfNeeded: entry); self.encoding = encoding
        }

        var start: Int { Int(start32) }
        var end: Int { Int(end32) }
        var entry: Int { Int(entry32) }

        /// The span moved by `delta` bytes (the editor's splice, for spans after an edit).
        func shifted(by delta: Int) -> AttachmentSpan {
            AttachmentSpan(start: start + delta, end: end + delta, entry: entry, encoding: encoding)
        }
    }

    /// Texts longer than this are not scanned (they stay one text run), and hand-made
    /// runs keep no attachment past it: the spans keep 32-bit offsets. 4 GiB is far
    /// beyond any message.
    /// (Clamped: on a 32-bit platform such as wasm32, `Int(UInt32.max)` would trap.)
    public static let maximumScannedBytes = Int(clamping: UInt32.max)

    /// The empty text.
    public init() { plainText = ""; spans = []; table = [] }

    /// The empty parse, sharing `other`'s emoji table (no allocation).
    init(parsingEmptyWith other: RichText) { plainText = ""; spans = []; table = other.table }

    /// The emoji of attachment `k`.
    @inline(__always)
    func emoji(_ k: Int) -> Emoji { table[spans[k].entry] }

    /// Equal plain text with the same attachments at the same places.
    ///
    /// - Complexity: O(plain text + attachments).
    public static func == (a: RichText, b: RichText) -> Bool {
        guard a.plainText == b.plainText, a.spans.count == b.spans.count else { return false }
        for k in a.spans.indices {
            let x = a.spans[k], y = b.spans[k]
            guard x.start == y.start, x.end == y.end, x.encoding == y.encoding, a.emoji(k) == b.emoji(k) else { return false }
        }
        return true
    }

    /// Hashes the plain text and the attachments' places (not their emoji).
    ///
    /// - Complexity: O(plain text + attachments).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(plainText)
        hasher.combine(spans.count)
        for s in spans { hasher.combine(s.start); hasher.combine(s.end) }
    }

    /// Parses `plain` with the one placeholder scanner: known `[code]`s, UTF-8 hex
    /// placeholders and Unicode emoji become attachments, everything else stays text.
    ///
    /// - Parameters:
    ///   - plain: The backed text.
    ///   - catalog: Where placeholders are looked up.
    /// - Complexity: O(n) in the UTF-8 length of `plain` (up to `maximumScannedBytes`).
    public init(parsing plain: String, catalog: EmojiCatalog) {
        var spans: [AttachmentSpan] = []
        let scan = { (buf: UnsafeBufferPointer<UInt8>) -> Void in
            guard buf.count <= RichText.maximumScannedBytes else { return }
            PlaceholderScanner.scan(buf, catalog: catalog) { t in
                spans.append(AttachmentSpan(start: t.start, end: t.end, entry: t.entry, encoding: t.encoding))
            }
        }
        if plain.utf8.withContiguousStorageIfAvailable(scan) == nil {
            Array(plain.utf8).withUnsafeBufferPointer(scan)
        }
        self.plainText = plain
        self.spans = spans
        self.table = catalog.entries
    }

    /// Rich text from runs, normalised (empty text runs dropped, adjacent text merged).
    /// Attachments should sit on grapheme boundaries of the resulting plain text (the
    /// scanner guarantees it; hand-made runs are taken as given).
    public init(runs input: [RichRun]) {
        var plain = ""
        var spans: [AttachmentSpan] = []
        var emojis: [Emoji] = []
        for run in input {
            switch run {
            case .text(let s):
                plain += s
            case .emoji(let a):
                let start = plain.utf8.count
                plain += a.backedText
                // Past the 32-bit offsets an attachment is kept as its text.
                guard plain.utf8.count <= Self.maximumScannedBytes else { continue }
                spans.append(AttachmentSpan(start: start, end: plain.utf8.count, entry: emojis.count, encoding: a.encoding))
                emojis.append(a.emoji)
            }
        }
        self.plainText = plain
        self.spans = spans
        self.table = emojis
    }

    /// No plain text (and so no attachment).
    public var isEmpty: Bool { plainText.isEmpty }

    /// Number of attachments.
    ///
    /// - Complexity: O(1).
    public var attachmentCount: Int { spans.count }

    private func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let r = plainText.utf8.withContiguousStorageIfAvailable(body) { return r }
        return Array(plainText.utf8).withUnsafeBufferPointer(body)
    }

    @inline(__always)
    private static func string(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buf[range]), as: UTF8.self)
    }

    /// The runs: text between attachments, and the attachments.
    ///
    /// - Complexity: O(n); builds the list on each call, so keep the result when
    ///   iterating more than once.
    public var runs: [RichRun] {
        withBytes { buf in
            var out: [RichRun] = []
            out.reserveCapacity(spans.count * 2 + 1)
            var at = 0
            for (k, span) in spans.enumerated() {
                if span.start > at { out.append(.text(Self.string(buf, at..<span.start))) }
                out.append(.emoji(EmojiAttachment(emoji: emoji(k), backedText: Self.string(buf, span.start..<span.end),
                                                  encoding: span.encoding)))
                at = span.end
            }
            if at < buf.count { out.append(.text(Self.string(buf, at..<buf.count))) }
            return out
        }
    }

    /// The attachments, in order.
    ///
    /// - Complexity: O(number of attachments).
    public var attachments: [EmojiAttachment] {
        withBytes { buf in
            spans.indices.map { k in
                EmojiAttachment(emoji: emoji(k), backedText: Self.string(buf, spans[k].start..<spans[k].end),
                                encoding: spans[k].encoding)
            }
        }
    }

    /// The editing units, in order.
    ///
    /// - Complexity: O(n).
    public var units: [RichUnit] {
        var out: [RichUnit] = []
        for run in runs {
            switch run {
            case .text(let s): for c in s { out.append(.character(c)) }
            case .emoji(let a): out.append(.emoji(a))
            }
        }
        return out
    }

    /// Number of editing units (characters of text plus attachments).
    ///
    /// - Complexity: O(n).
    public var unitCount: Int {
        runs.reduce(0) { n, run in
            if case .text(let s) = run { return n + s.count }
            return n + 1
        }
    }

    /// The plain text, with Unicode emoji attachments written as `[hex]` when
    /// `unicodeEmojiAsHex` (for servers that store only 3-byte UTF-8).
    ///
    /// - Complexity: O(n).
    public func plainText(unicodeEmojiAsHex: Bool) -> String {
        guard unicodeEmojiAsHex else { return plainText }
        var out = ""
        for run in runs {
            switch run {
            case .text(let s): out += s
            case .emoji(let a): out += a.emoji.kind == .unicode ? PlaceholderCodec.hexPlaceholder(for: a.emoji.code) : a.backedText
            }
        }
        return out
    }

    /// The plain offset (in `measure`) where unit `unit` starts; `unit` is clamped to
    /// 0...unitCount.
    ///
    /// - Complexity: O(n); build a `UnitMap` for repeated queries.
    public func plainOffset(ofUnit unit: Int, in measure: TextMeasure = .utf16) -> Int {
        UnitMap(self).plainOffset(ofUnit: unit, in: measure)
    }

    /// The unit boundary for a plain offset (in `measure`), clamped to the text; an
    /// offset inside a unit (an attachment's placeholder, a cluster's scalars) moves
    /// down or up to the nearest boundary.
    ///
    /// - Complexity: O(n); build a `UnitMap` for repeated queries.
    public func unit(atPlainOffset offset: Int, in measure: TextMeasure = .utf16, rounding: UnitRounding = .down) -> Int {
        UnitMap(self).unit(atPlainOffset: offset, in: measure, rounding: rounding)
    }
}
