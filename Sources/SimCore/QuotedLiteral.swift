/// `s` in double quotes with `"` and `\` escaped and control characters written as
/// `\n`, `\t`, `\r` or `\u{XX}`: the one spelling used by trace-like dumps, tree
/// snapshots and the scenario language, so a string printed by one reads back in the
/// other. Deterministic and linear in the scalars of `s`.
public func quotedLiteral(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if u.value < 0x20 || u.value == 0x7F {
                out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}
