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

/// Texts longer than this many UTF-8 bytes are quoted in part by `boundedQuotedLiteral`.
public let boundedQuoteByteLimit = 1024
/// Characters (grapheme clusters) kept at each end of a text quoted in part.
public let boundedQuoteEndCharacters = 100

/// `quotedLiteral(s)` for trace lines, bounded: a text of up to `boundedQuoteByteLimit`
/// UTF-8 bytes is quoted exactly as `quotedLiteral` does; a longer one as its first and
/// last `boundedQuoteEndCharacters` characters, each quoted, joined by `..N..` with N
/// the bytes left out:
///
///     "<first 100 characters>"..19800.."<last 100 characters>"
///
/// The cut is outside the quotes, so it cannot be mistaken for text (a quoted part ends
/// at its first unescaped `"`), and a trace line stays short however long the text.
/// O(1) in the text's length (the ends are walked, the middle is measured in bytes),
/// so quoting the input on every keystroke never makes a trace quadratic.
public func boundedQuotedLiteral(_ s: String) -> String {
    guard s.utf8.count > boundedQuoteByteLimit else { return quotedLiteral(s) }
    var head = s.startIndex
    for _ in 0..<boundedQuoteEndCharacters where head < s.endIndex { s.formIndex(after: &head) }
    var tail = s.endIndex
    for _ in 0..<boundedQuoteEndCharacters where tail > head { s.formIndex(before: &tail) }
    let elided = s.utf8.distance(from: head, to: tail)
    return quotedLiteral(String(s[..<head])) + ".." + String(elided) + ".." + quotedLiteral(String(s[tail...]))
}
