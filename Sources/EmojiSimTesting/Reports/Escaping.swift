/// The one escaping of untrusted text that the report writers embed in markup: the HTML
/// report and trace viewer (`HTMLReport`, `TraceViewer`), the JUnit XML (`JUnitReport`)
/// and the playground page (`emojisim playground`), which embed JSON in a `<script>`;
/// the one percent-encoding of the paths they link to (`urlPath`); and the one quoting
/// of the paths in the commands they and `emojisim run` suggest (`shellWord`).
public enum Escaping {
    /// `s` as one word of a POSIX shell command: unchanged when every character is one
    /// no shell treats specially (ASCII letters, digits and `_ - . / , : + @ %`; not `=`,
    /// which starts an expansion in zsh),
    /// else in single quotes, each `'` written `'\''`. Inside single quotes nothing is
    /// special (`$( )`, `;`, backquotes, newlines), so a pasted command passes a
    /// script named `a b;touch PWNED;#.scenario` as one argument and runs nothing else.
    /// Control characters are kept (the word must name the file); a terminal line that
    /// shows the command escapes them as every printed line does (`displaySafe`).
    ///
    /// - Parameter s: The word (usually a path).
    /// - Returns: The word as a shell reads it back; `''` for the empty string.
    /// - Complexity: O(*n*) in the scalars of `s`.
    public static func shellWord(_ s: String) -> String {
        func plain(_ u: Unicode.Scalar) -> Bool {
            switch u.value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
            default: return "_-./,:+@%".unicodeScalars.contains(u)
            }
        }
        if !s.isEmpty, s.unicodeScalars.allSatisfy(plain) { return s }
        var out = "'"
        for u in s.unicodeScalars {
            if u == "'" { out += "'\\''" } else { out.unicodeScalars.append(u) }
        }
        return out + "'"
    }

    /// A relative path as a URL path for `href` and `src`: every byte of its UTF-8 but
    /// the unreserved characters (`A-Z a-z 0-9 - . _ ~`) and the `/` between components
    /// percent-encoded, so `#`, `?`, `:` (a scheme before the first `/`), `%`, spaces and
    /// quotes in a file name reach the file, not a fragment, a query or another scheme.
    /// Write the result through `markup` like any attribute value.
    ///
    /// - Parameter path: The path, components joined by `/`.
    /// - Returns: The encoded path.
    /// - Complexity: O(*n*) in the bytes of `path`.
    public static func urlPath(_ path: String) -> String {
        let hex: [Character] = Array("0123456789ABCDEF")
        var out = ""
        out.reserveCapacity(path.utf8.count)
        for b in path.utf8 {
            switch b {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E, 0x2F:
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out.append("%")
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xF)])
            }
        }
        return out
    }

    /// `s` as HTML or XML text or attribute value: `&`, `<`, `>` and `"` as entities;
    /// the characters XML 1.0 cannot carry (controls below U+0020 other than tab,
    /// newline and return; U+FFFE, U+FFFF) as U+FFFD, so one form serves both.
    ///
    /// - Parameter s: The text.
    /// - Returns: The escaped text.
    /// - Complexity: O(*n*) in the scalars of `s`.
    public static func markup(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t", "\r": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF { out += "\u{FFFD}" } else { out.unicodeScalars.append(u) }
            }
        }
        return out
    }

    /// `s` as a JSON string literal (also a JavaScript one) that cannot end the
    /// `<script>` element it is written in: `<`, `>` and `&` as `\u003c`, `\u003e`,
    /// `\u0026`; U+2028 and U+2029 escaped (older JavaScript ends a line at them); every
    /// control character escaped.
    ///
    /// - Parameter s: The text.
    /// - Returns: The literal, quotes included.
    /// - Complexity: O(*n*) in the scalars of `s`.
    public static func scriptJSON(_ s: String) -> String {
        var out = ""
        scriptJSON(s, into: &out)
        return out
    }

    /// Appends `s` as ``scriptJSON(_:)`` writes it to `out`.
    ///
    /// - Parameters:
    ///   - s: The text.
    ///   - out: The text to append the literal (quotes included) to.
    /// - Complexity: O(*n*) in the scalars of `s`.
    public static func scriptJSON(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
