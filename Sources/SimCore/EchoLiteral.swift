/// Values of up to this many UTF-8 bytes are echoed whole by `echoLiteral`.
public let echoByteLimit = 160
/// Characters (grapheme clusters) `echoLiteral` keeps at each end of a longer value.
public let echoEndCharacters = 32

/// The one form in which a message (an error, a `catalog check` problem, a warning)
/// echoes a value it was given rather than made: a key, a code, a kind, a token, a file
/// name from a catalog, the spelling of a number. It is `boundedQuotedLiteral` with a
/// message's bounds: quoted and escaped as `quotedLiteral` (so no NUL, ESC, C1 control
/// or bidirectional override from the input reaches a terminal or log raw), whole up to
/// `echoByteLimit` bytes, and past that its first and last `echoEndCharacters`
/// characters around the number of bytes left out:
///
///     unknown kind "gifgifgifgifgifgifgifgifgifgifgi"..10485696.."gifgifgifgifgifgifgifgifgifgifgi"
///
/// So a message stays one short line whatever the input, and a message that names the
/// same value twice (a duplicate and its first occurrence) prints it bounded both
/// times. Script errors (`ScriptError`) also pass their whole message through
/// `messageText`, which escapes the same scalars and cuts the line as a last resort.
///
/// - Parameter value: the untrusted text (a `Substring` of a large input is not copied).
/// - Returns: the quoted, escaped and bounded form, at most about 64 characters plus
///   escapes and the count.
/// - Complexity: O(`echoByteLimit`), independent of the value's length.
public func echoLiteral<S: StringProtocol>(_ value: S) -> String {
    boundedQuotedLiteral(value, byteLimit: echoByteLimit, endCharacters: echoEndCharacters)
}

/// `s` unquoted, with every scalar `isEscapedForDisplay` names written as `\u{XX}`
/// (hex, as `messageText` writes them): for a value shown without quotes, such as a
/// column of a listing, which bounds its width itself. `"` and `\` stay as they are
/// (nothing is quoted, so nothing needs them escaped).
///
/// - Parameters:
///   - s: the untrusted text.
///   - keepingNewlines: leave `\n` as a line break (for whole lines of output).
/// - Returns: the printable form; `s` itself when there is nothing to escape.
/// - Complexity: O(n).
public func escapedForDisplay<S: StringProtocol>(_ s: S, keepingNewlines: Bool = false) -> String {
    func escaped(_ u: Unicode.Scalar) -> Bool { isEscapedForDisplay(u) && !(keepingNewlines && u == "\n") }
    guard s.unicodeScalars.contains(where: escaped) else { return String(s) }
    var out = String.UnicodeScalarView()
    for u in s.unicodeScalars {
        if escaped(u) {
            out.append(contentsOf: ("\\u{" + String(u.value, radix: 16, uppercase: true) + "}").unicodeScalars)
        } else {
            out.append(u)
        }
    }
    return String(out)
}

/// `s` with every scalar `isEscapedForDisplay` names written as `\u{XX}`, except the
/// newline, which stays a line break: the last guard a command applies to everything it
/// prints to a terminal, so that a value some message forgot to pass through
/// `echoLiteral` still cannot move the cursor, colour the terminal or reorder its text.
/// Unchanged (and not copied) when there is nothing to escape.
///
/// - Parameter s: text about to be printed.
/// - Returns: the printable form.
/// - Complexity: O(n).
public func displaySafe(_ s: String) -> String {
    escapedForDisplay(s, keepingNewlines: true)
}
