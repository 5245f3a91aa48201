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
/// UTF-8 bytes an end of a text quoted in part may hold per character it keeps (32: a
/// family or kiss emoji with skin tones is 25-35 bytes). One grapheme cluster can be
/// any length (a letter and a million combining accents is one `Character`), so the
/// ends are bounded in bytes as well, and cut at a scalar boundary inside a cluster
/// that does not fit.
public let boundedQuoteBytesPerCharacter = 32

/// `quotedLiteral(s)` for trace lines, bounded: a text of up to `byteLimit` UTF-8 bytes
/// is quoted exactly as `quotedLiteral` does; a longer one as its first and last
/// `endCharacters` characters, each quoted, joined by `..N..` with N the bytes left out:
///
///     "<first 100 characters>"..19800.."<last 100 characters>"
///
/// The cut is outside the quotes, so it cannot be mistaken for text (a quoted part ends
/// at its first unescaped `"`), and a trace line stays short however long the text.
/// Each end also holds at most `endCharacters * boundedQuoteBytesPerCharacter` bytes,
/// cut at a scalar boundary (`messageEnds`): the characters of a hostile text can be
/// megabytes each. `echoLiteral` is the same form with the smaller bounds error
/// messages use.
///
/// - Parameters:
///   - s: the text (a `String` or `Substring`: a slice of a large input is not copied).
///   - byteLimit: the longest text, in UTF-8 bytes, quoted whole (default
///     `boundedQuoteByteLimit`).
///   - endCharacters: the characters kept at each end of a longer text (default
///     `boundedQuoteEndCharacters`).
/// - Returns: the quoted text, at most `2 * endCharacters` characters and
///   `2 * endCharacters * boundedQuoteBytesPerCharacter` bytes (each escaped) plus the count.
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
    let (head, tail) = messageEnds(s, characters: endCharacters,
                                   bytes: max(1, endCharacters) * boundedQuoteBytesPerCharacter)
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

/// The one cut of a long text a message or trace line quotes: the end of its head and
/// the start of its tail, each end at most `characters` characters and at most `bytes`
/// UTF-8 bytes, never splitting a scalar (a character that does not fit the bytes is
/// cut inside, at a scalar boundary). The head ends at or before the tail starts.
///
/// The ends are found in bounded copies of the text's first and last `bytes` bytes, so
/// the work does not depend on the text's length or on the length of its characters
/// (walking one `Character` of a million combining accents reads all of them). Within
/// those bytes, character boundaries are the text's own, except that a boundary that
/// depends on what precedes the tail's bytes (a run of more than `bytes / 8` flags, say)
/// is decided from the bytes alone.
///
/// - Parameters:
///   - s: the text.
///   - characters: the most characters kept at each end.
///   - bytes: the most UTF-8 bytes kept at each end (at least 4, one scalar).
/// - Returns: the index in `s` where the head ends and where the tail starts.
/// - Complexity: O(`bytes`).
func messageEnds<S: StringProtocol>(_ s: S, characters: Int, bytes: Int) -> (head: String.Index, tail: String.Index) {
    let utf8 = s.utf8
    let total = utf8.count
    func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
    // Head: the whole characters of the first `bytes` bytes (scalar-aligned), at most
    // `characters` of them; a first character longer than that is cut.
    var headLimit = min(total, max(4, bytes))
    while headLimit < total && headLimit > 0 && isContinuation(utf8[utf8.index(utf8.startIndex, offsetBy: headLimit)]) {
        headLimit -= 1
    }
    let headPart = String(s[..<utf8.index(utf8.startIndex, offsetBy: headLimit)])
    var h = headPart.startIndex
    var kept = 0
    while kept < characters && h < headPart.endIndex {
        headPart.formIndex(after: &h)
        kept += 1
    }
    let headBytes = headPart.utf8.distance(from: headPart.startIndex, to: h)
    // Tail: likewise from the end, never before the head's end.
    var tailLimit = max(headBytes, total - max(4, bytes))
    while tailLimit < total && isContinuation(utf8[utf8.index(utf8.startIndex, offsetBy: tailLimit)]) {
        tailLimit += 1
    }
    let tailPart = String(s[utf8.index(utf8.startIndex, offsetBy: tailLimit)...])
    var t = tailPart.endIndex
    kept = 0
    while kept < characters && t > tailPart.startIndex {
        tailPart.formIndex(before: &t)
        kept += 1
    }
    let tailBytes = tailLimit + tailPart.utf8.distance(from: tailPart.startIndex, to: t)
    return (utf8.index(utf8.startIndex, offsetBy: headBytes), utf8.index(utf8.startIndex, offsetBy: tailBytes))
}
