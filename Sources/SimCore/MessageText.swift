/// `s` made safe to print inside a one-line error message: every scalar
/// `isEscapedForDisplay` names (NUL, newlines, escape sequences, C1 controls,
/// bidirectional overrides) is written as `\u{XX}`, and a text whose printed form is
/// longer than `limit` Unicode scalars keeps its first `limit - 80` and last 50 printed
/// scalars around an `…(N characters cut)…` marker, so the result stays within `limit`:
/// a hostile 200 KB token cannot flood a terminal or log, yet the end of the message
/// (usually the hint) survives. The limit applies to the output, escapes included (a line
/// of control bytes grows six-fold when escaped), and no escape is split. Values inside
/// a message should already be `echoLiteral`s; this is the whole line's last resort.
///
/// - Parameters:
///   - s: the message.
///   - limit: the longest printed form, in Unicode scalars.
/// - Returns: the printable, bounded message.
/// - Complexity: O(n).
public func messageText(_ s: String, limit: Int = 400) -> String {
    let scalars = Array(s.unicodeScalars)
    func width(_ u: Unicode.Scalar) -> Int {
        guard isEscapedForDisplay(u) else { return 1 }
        return String(u.value, radix: 16).utf8.count + 4   // \u{X...}
    }
    var total = 0
    var needsEscape = false
    for u in scalars {
        total += width(u)
        if isEscapedForDisplay(u) { needsEscape = true }
    }
    if total <= limit && !needsEscape { return s }
    func escaped(_ part: ArraySlice<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        for u in part {
            if isEscapedForDisplay(u) {
                out.append(contentsOf: ("\\u{" + String(u.value, radix: 16, uppercase: true) + "}").unicodeScalars)
            } else {
                out.append(u)
            }
        }
        return String(out)
    }
    guard total > limit, limit > 120 else { return escaped(scalars[...]) }
    // Whole input scalars whose printed widths fit the head and tail budgets.
    var head = 0, used = 0
    while head < scalars.count, used + width(scalars[head]) <= limit - 80 { used += width(scalars[head]); head += 1 }
    var tailStart = scalars.count
    used = 0
    while tailStart > head, used + width(scalars[tailStart - 1]) <= 50 { used += width(scalars[tailStart - 1]); tailStart -= 1 }
    let cut = tailStart - head
    return escaped(scalars[..<head]) + "…(\(cut) characters cut)…" + escaped(scalars[tailStart...])
}
