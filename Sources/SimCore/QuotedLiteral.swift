/// `s` in double quotes with `"` and `\` escaped and control characters written as
/// `\n`, `\t`, `\r` or `\u{XX}`: the one spelling used by trace-like dumps, tree
/// snapshots and the scenario language, so a string printed by one reads back in the
/// other. Deterministic and linear in the bytes of `s`: everything escaped is ASCII, and
/// no byte of a multi-byte UTF-8 sequence is, so one pass over the UTF-8 bytes copies the
/// rest through unchanged.
public func quotedLiteral(_ s: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count + 2)
    out.append(0x22)
    for b in s.utf8 {
        switch b {
        case 0x22: out.append(0x5C); out.append(0x22)                  // \"
        case 0x5C: out.append(0x5C); out.append(0x5C)                  // \\
        case 0x0A: out.append(0x5C); out.append(0x6E)                  // \n
        case 0x09: out.append(0x5C); out.append(0x74)                  // \t
        case 0x0D: out.append(0x5C); out.append(0x72)                  // \r
        case 0..<0x20, 0x7F:
            out.append(contentsOf: "\\u{".utf8)
            out.append(contentsOf: String(b, radix: 16, uppercase: true).utf8)
            out.append(0x7D)                                            // }
        default:
            out.append(b)
        }
    }
    out.append(0x22)
    return String(decoding: out, as: UTF8.self)
}

/// The longest text, in characters, that `boundedQuotedLiteral` quotes whole.
public let boundedQuoteLimit = 200

/// `quotedLiteral(s)` for trace lines, bounded: a text of up to `limit` characters
/// (grapheme clusters; 200 by default) is quoted exactly as `quotedLiteral` does, a
/// longer one keeps its first `limit * 4 / 5` and last `limit / 5` characters (160 and
/// 40) around the count of those left out, inside the one literal:
///
///     "<first 160 characters>…(+9800 chars)…<last 40 characters>"
///
/// so a trace line stays short however long the text (a 10,000-character message, a
/// pasted book) and still shows how it starts and ends. The marker is never escaped and
/// is written only when something was left out. `characterCount`, when the caller knows
/// it, must be `s.count`; it saves the O(n) walk that counts what is left out. Otherwise
/// O(limit) for a short text, O(n) to count a long one.
public func boundedQuotedLiteral(_ s: String, limit: Int = boundedQuoteLimit, characterCount: Int? = nil) -> String {
    let limit = max(2, limit)
    // At most limit + 1 steps decide whether the text is over the limit.
    var end = s.startIndex
    var steps = 0
    while steps <= limit && end < s.endIndex { s.formIndex(after: &end); steps += 1 }
    guard steps > limit else { return quotedLiteral(s) }
    let headCount = limit * 4 / 5, tailCount = limit - headCount
    let headEnd = s.index(s.startIndex, offsetBy: headCount)
    let tailStart = s.index(s.endIndex, offsetBy: -tailCount)
    let total = characterCount ?? s.count
    let head = quotedLiteral(String(s[..<headEnd])).dropLast()   // without its closing quote
    let tail = quotedLiteral(String(s[tailStart...])).dropFirst() // without its opening quote
    return head + "…(+\(total - headCount - tailCount) chars)…" + tail
}
