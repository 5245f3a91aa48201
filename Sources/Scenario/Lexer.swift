/// One token of a script line: a quoted string (escapes resolved) or a bare word
/// (any run of characters other than whitespace, `"` and `#`).
struct Token: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case word, string }
    var kind: Kind
    var text: String
    /// 1-based column of the token's first character, counted in Unicode scalars.
    var column: Int
}

/// Splits lines into tokens. Linear in the line length; no backtracking (string and word
/// lengths are counted as scalars are appended, never recounted).
///
/// `#` starts a comment outside strings. Escapes in strings: `\"` `\\` `\n` `\t` `\r` and
/// `\u{HEX}` (1 to 6 hex digits naming a Unicode scalar).
enum Lexer {
    static let maxStringLength = 10_000
    /// Longest bare word, in Unicode scalars: room for any path (PATH_MAX is 4096 bytes).
    static let maxWordLength = 4096

    static func tokenize(_ line: Substring.UnicodeScalarView, lineNumber: Int, file: String) -> Result<[Token], ScriptError> {
        let scalars = Array(line)
        var tokens: [Token] = []
        var i = 0
        func fail(_ col: Int, _ msg: String) -> Result<[Token], ScriptError> {
            .failure(ScriptError(file: file, line: lineNumber, column: col, message: msg))
        }
        while i < scalars.count {
            let c = scalars[i]
            if c == " " || c == "\t" || c == "\r" { i += 1; continue }
            if c == "#" { break }
            let start = i
            if c == "\"" {
                var text = String.UnicodeScalarView()
                var length = 0
                i += 1
                var closed = false
                while i < scalars.count {
                    let d = scalars[i]
                    if d == "\"" { closed = true; i += 1; break }
                    if d == "\\" {
                        guard i + 1 < scalars.count else { return fail(i + 1, "unfinished escape at the end of the line") }
                        let e = scalars[i + 1]
                        switch e {
                        case "\"": text.append("\""); i += 2
                        case "\\": text.append("\\"); i += 2
                        case "n": text.append("\n"); i += 2
                        case "t": text.append("\t"); i += 2
                        case "r": text.append("\r"); i += 2
                        case "u":
                            guard i + 2 < scalars.count, scalars[i + 2] == "{" else {
                                return fail(i + 1, "expected '{' after \\u (write \\u{1F600})")
                            }
                            var j = i + 3
                            var value: UInt32 = 0
                            var digits = 0
                            while j < scalars.count, scalars[j] != "}" {
                                guard let h = hexValue(scalars[j]) else {
                                    return fail(j + 1, "'\(Character(scalars[j]))' is not a hex digit in \\u{...}")
                                }
                                digits += 1
                                if digits > 6 { return fail(i + 1, "\\u{...} takes at most 6 hex digits") }
                                value = value * 16 + h
                                j += 1
                            }
                            guard j < scalars.count else { return fail(i + 1, "missing '}' to close \\u{") }
                            guard digits > 0 else { return fail(i + 1, "empty \\u{}") }
                            guard let s = Unicode.Scalar(value) else {
                                return fail(i + 1, "\\u{\(String(value, radix: 16, uppercase: true))} is not a Unicode scalar")
                            }
                            text.append(s)
                            i = j + 1
                        default:
                            return fail(i + 1, "unknown escape '\\\(Character(e))' (use \\\" \\\\ \\n \\t \\r or \\u{...})")
                        }
                    } else {
                        text.append(d)
                        i += 1
                    }
                    length += 1
                    if length > maxStringLength {
                        return fail(start + 1, "string longer than \(maxStringLength) characters")
                    }
                }
                guard closed else { return fail(start + 1, "unterminated string (missing closing \")") }
                tokens.append(Token(kind: .string, text: String(text), column: start + 1))
            } else {
                var text = String.UnicodeScalarView()
                while i < scalars.count {
                    let d = scalars[i]
                    if d == " " || d == "\t" || d == "\r" || d == "#" { break }
                    if d == "\"" {
                        return fail(i + 1, "unexpected '\"' inside a word (put a space before the string)")
                    }
                    text.append(d)
                    i += 1
                    if i - start > maxWordLength {
                        return fail(start + 1, "word longer than \(maxWordLength) characters")
                    }
                }
                tokens.append(Token(kind: .word, text: String(text), column: start + 1))
            }
        }
        return .success(tokens)
    }

    private static func hexValue(_ s: Unicode.Scalar) -> UInt32? {
        switch s.value {
        case 0x30...0x39: return s.value - 0x30
        case 0x41...0x46: return s.value - 0x41 + 10
        case 0x61...0x66: return s.value - 0x61 + 10
        default: return nil
        }
    }
}
