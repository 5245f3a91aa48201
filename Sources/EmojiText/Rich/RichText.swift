/// Text as the user sees it: runs of plain text and emoji attachments. Each attachment
/// keeps its backed plain text, so `RichText(parsing: s, catalog: c).plainText == s`
/// for every string `s` (the identity the tests check on random input).
///
/// Normal form: no empty text run, no two adjacent text runs.
public struct RichText: Hashable, Sendable {
    public let runs: [RichRun]
    /// The backed plain text (the concatenation of the runs' plain texts). O(1).
    public let plainText: String

    public init() { runs = []; plainText = "" }

    /// Parses `plain` with the one placeholder scanner: known `[code]`s, UTF-8 hex
    /// placeholders and Unicode emoji become attachments, everything else stays text.
    /// O(n) in the UTF-8 length of `plain`.
    public init(parsing plain: String, catalog: EmojiCatalog) {
        let build = { (buf: UnsafeBufferPointer<UInt8>) -> [RichRun] in
            let tokens = PlaceholderScanner.tokens(buf, catalog: catalog)
            var runs: [RichRun] = []
            runs.reserveCapacity(tokens.count * 2 + 1)
            var at = 0
            for t in tokens {
                if t.start > at {
                    runs.append(.text(String(decoding: UnsafeBufferPointer(rebasing: buf[at..<t.start]), as: UTF8.self)))
                }
                let backed = String(decoding: UnsafeBufferPointer(rebasing: buf[t.start..<t.end]), as: UTF8.self)
                runs.append(.emoji(EmojiAttachment(emoji: catalog.entries[t.entry], backedText: backed, encoding: t.encoding)))
                at = t.end
            }
            if at < buf.count {
                runs.append(.text(String(decoding: UnsafeBufferPointer(rebasing: buf[at..<buf.count]), as: UTF8.self)))
            }
            return runs
        }
        if let r = plain.utf8.withContiguousStorageIfAvailable(build) {
            runs = r
        } else {
            let bytes = Array(plain.utf8)
            runs = bytes.withUnsafeBufferPointer(build)
        }
        plainText = plain
    }

    /// Rich text from runs, normalised (empty text runs dropped, adjacent text merged).
    /// Attachments should sit on grapheme boundaries of the resulting plain text (the
    /// scanner guarantees it; hand-made runs are taken as given).
    public init(runs input: [RichRun]) {
        var out: [RichRun] = []
        var plain = ""
        for run in input {
            switch run {
            case .text(let s):
                guard !s.isEmpty else { continue }
                if case .text(let previous)? = out.last {
                    out[out.count - 1] = .text(previous + s)
                } else {
                    out.append(run)
                }
                plain += s
            case .emoji(let a):
                out.append(run)
                plain += a.backedText
            }
        }
        runs = out
        plainText = plain
    }

    public var isEmpty: Bool { runs.isEmpty }

    /// The attachments, in order.
    public var attachments: [EmojiAttachment] {
        runs.compactMap { if case .emoji(let a) = $0 { return a } else { return nil } }
    }

    /// The editing units, in order. O(n).
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

    /// Number of editing units (characters of text plus attachments). O(n).
    public var unitCount: Int {
        runs.reduce(0) { n, run in
            if case .text(let s) = run { return n + s.count }
            return n + 1
        }
    }

    /// The plain text, with Unicode emoji attachments written as `[hex]` when
    /// `unicodeEmojiAsHex` (for servers that store only 3-byte UTF-8). O(n).
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
    /// 0...unitCount. O(n); build a `UnitMap` for repeated queries.
    public func plainOffset(ofUnit unit: Int, in measure: TextMeasure = .utf16) -> Int {
        UnitMap(self).plainOffset(ofUnit: unit, in: measure)
    }

    /// The unit boundary for a plain offset (in `measure`), clamped to the text; an
    /// offset inside a unit (an attachment's placeholder, a cluster's scalars) moves
    /// down or up to the nearest boundary. O(n); build a `UnitMap` for repeated queries.
    public func unit(atPlainOffset offset: Int, in measure: TextMeasure = .utf16, rounding: UnitRounding = .down) -> Int {
        UnitMap(self).unit(atPlainOffset: offset, in: measure, rounding: rounding)
    }
}
