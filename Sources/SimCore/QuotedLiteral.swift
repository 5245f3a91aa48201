/// Whether a scalar is written as an escape wherever EmojiSim shows text it did not
/// make (quoted literals, error messages): C0 controls and DEL (NUL, newlines, ESC
/// starts a terminal escape sequence), C1 controls U+0080-U+009F (U+009B is CSI to
/// terminals that honour 8-bit controls), the bidirectional marks, embeddings,
/// overrides and isolates (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069: they
/// reorder what a reader sees, as "Trojan Source" showed) and the line and paragraph
/// separators U+2028, U+2029 (which break a line in editors and logs). Every other
/// scalar is shown as itself.
@inline(__always)
public func isEscapedForDisplay(_ u: Unicode.Scalar) -> Bool {
    let v = u.value
    if v < 0x20 || v == 0x7F { return true }
    if v < 0x80 { return false }
    return v <= 0x9F || v == 0x061C || v == 0x200E || v == 0x200F || (v >= 0x2028 && v <= 0x202E)
        || (v >= 0x2066 && v <= 0x2069)
}

/// `s` in double quotes with `"` and `\` escaped, `\n`, `\t`, `\r` for those controls
/// and `\u{XX}` for every other scalar `isEscapedForDisplay` names: the one spelling used
/// by trace-like dumps, tree snapshots, the scenario language and error messages, so a
/// string printed by one reads back in the other (the scenario lexer reads `\u{...}`)
/// and nothing printed can drive or reorder a terminal. Deterministic and linear in the
/// bytes of `s`: one pass over the UTF-8 bytes copies everything else through unchanged.
public func quotedLiteral(_ s: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count + 2)
    out.append(0x22)
    appendQuotedBody(s.utf8, to: &out)
    out.append(0x22)
    return String(decoding: out, as: UTF8.self)
}

/// The body of `quotedLiteral` (no quotes) for the UTF-8 bytes of a well-formed text.
/// The escaped non-ASCII scalars are all two-byte (C2 80-9F, D8 9C) or three-byte
/// (E2 80 8E/8F/A8-AE, E2 81 A6-A9) sequences, recognised from their lead bytes; any
/// other byte is copied.
func appendQuotedBody<C: Collection>(_ bytes: C, to out: inout [UInt8]) where C.Element == UInt8 {
    func escape(_ value: UInt32, _ out: inout [UInt8]) {
        out.append(contentsOf: "\\u{".utf8)
        out.append(contentsOf: String(value, radix: 16, uppercase: true).utf8)
        out.append(0x7D)                                                    // }
    }
    var i = bytes.startIndex
    while i < bytes.endIndex {
        let b = bytes[i]
        switch b {
        case 0x22: out.append(0x5C); out.append(0x22)                      // \"
        case 0x5C: out.append(0x5C); out.append(0x5C)                      // \\
        case 0x0A: out.append(0x5C); out.append(0x6E)                      // \n
        case 0x09: out.append(0x5C); out.append(0x74)                      // \t
        case 0x0D: out.append(0x5C); out.append(0x72)                      // \r
        case 0..<0x20, 0x7F:
            escape(UInt32(b), &out)
        case 0xC2, 0xD8:
            let j = bytes.index(after: i)
            if j < bytes.endIndex {
                let c = bytes[j]
                if (b == 0xC2 && c >= 0x80 && c <= 0x9F) || (b == 0xD8 && c == 0x9C) {
                    escape(UInt32(b & 0x1F) << 6 | UInt32(c & 0x3F), &out)
                    i = bytes.index(after: j)
                    continue
                }
            }
            out.append(b)
        case 0xE2:
            let j = bytes.index(after: i)
            if j < bytes.endIndex {
                let k = bytes.index(after: j)
                if k < bytes.endIndex {
                    let c = bytes[j], d = bytes[k]
                    if (c == 0x80 && (d == 0x8E || d == 0x8F || (d >= 0xA8 && d <= 0xAE)))
                        || (c == 0x81 && d >= 0xA6 && d <= 0xA9) {
                        escape(0x2000 | UInt32(c & 0x3F) << 6 | UInt32(d & 0x3F), &out)
                        i = bytes.index(after: k)
                        continue
                    }
                }
            }
            out.append(b)
        default:
            out.append(b)
        }
        i = bytes.index(after: i)
    }
}

/// Texts longer than this many UTF-8 bytes are quoted in part by `boundedQuotedLiteral`.
public let boundedQuoteByteLimit = 1024
/// Characters (grapheme clusters) kept at each end of a text quoted in part.
public let boundedQuoteEndCharacters = 100

/// `quotedLiteral(s)` for trace lines, bounded: a text of up to `byteLimit` UTF-8 bytes
/// is quoted exactly as `quotedLiteral` does; a longer one as its first and last
/// `endCharacters` characters, each quoted, joined by `..N..` with N the bytes left out:
///
///     "<first 100 characters>"..19800.."<last 100 characters>"
///
/// The cut is outside the quotes, so it cannot be mistaken for text (a quoted part ends
/// at its first unescaped `"`), and a trace line stays short however long the text.
/// `echoLiteral` is the same form with the smaller bounds error messages use.
///
/// - Parameters:
///   - s: the text (a `String` or `Substring`: a slice of a large input is not copied).
///   - byteLimit: the longest text, in UTF-8 bytes, quoted whole (default
///     `boundedQuoteByteLimit`).
///   - endCharacters: the characters kept at each end of a longer text (default
///     `boundedQuoteEndCharacters`).
/// - Returns: the quoted text, at most about `2 * endCharacters` characters (each
///   escaped) plus the count.
/// - Complexity: O(`byteLimit` + `endCharacters`), independent of the text's length
///   (the ends are walked, the middle is measured in bytes), so quoting the input on
///   every keystroke never makes a trace quadratic.
public func boundedQuotedLiteral<S: StringProtocol>(_ s: S, byteLimit: Int = boundedQuoteByteLimit,
                                                    endCharacters: Int = boundedQuoteEndCharacters) -> String {
    var out: [UInt8] = [0x22]
    guard s.utf8.count > byteLimit else {
        appendQuotedBody(s.utf8, to: &out)
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }
    var head = s.startIndex
    for _ in 0..<endCharacters where head < s.endIndex { s.formIndex(after: &head) }
    var tail = s.endIndex
    for _ in 0..<endCharacters where tail > head { s.formIndex(before: &tail) }
    let elided = s.utf8.distance(from: head, to: tail)
    appendQuotedBody(s[..<head].utf8, to: &out)
    out.append(0x22)
    out.append(contentsOf: "..".utf8)
    out.append(contentsOf: String(elided).utf8)
    out.append(contentsOf: "..\"".utf8)
    appendQuotedBody(s[tail...].utf8, to: &out)
    out.append(0x22)
    return String(decoding: out, as: UTF8.self)
}
