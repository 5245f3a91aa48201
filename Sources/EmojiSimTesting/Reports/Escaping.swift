/// The one escaping of untrusted text that the report writers embed in markup: the HTML
/// report and trace viewer (`HTMLReport`, `TraceViewer`), the JUnit XML (`JUnitReport`)
/// and the playground page (`emojisim playground`), which embed JSON in a `<script>`.
public enum Escaping {
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
