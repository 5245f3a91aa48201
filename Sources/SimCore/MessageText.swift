/// `s` made safe to print inside a one-line error message: control characters (NUL,
/// newlines, escape sequences) are written as `\u{XX}`, and a text longer than `limit`
/// Unicode scalars keeps its first `limit - 60` and last 50 scalars around an
/// `…(N characters cut)…` marker, so a hostile 200 KB token cannot flood a terminal or
/// log yet the end of the message (usually the hint) survives. Linear in `s`.
public func messageText(_ s: String, limit: Int = 400) -> String {
    let scalars = Array(s.unicodeScalars)
    let needsWork = scalars.count > limit || scalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    if !needsWork { return s }
    func escaped(_ part: ArraySlice<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        for u in part {
            if u.value < 0x20 || u.value == 0x7F {
                out.append(contentsOf: ("\\u{" + String(u.value, radix: 16, uppercase: true) + "}").unicodeScalars)
            } else {
                out.append(u)
            }
        }
        return String(out)
    }
    guard scalars.count > limit, limit > 120 else { return escaped(scalars[...]) }
    let head = limit - 60, tail = 50
    let cut = scalars.count - head - tail
    return escaped(scalars[..<head]) + "…(\(cut) characters cut)…" + escaped(scalars[(scalars.count - tail)...])
}
