import SimCore

/// The stable text form of a display list: one command per line, children of a clip
/// or opacity bracket indented by two spaces, numbers through `formatPoints`, strings
/// quoted with `\"`, `\\`, `\n` escaped. A text layout lists its lines as children.
///
///     DisplayList 375x667
///     fillRect [0,0 375x667] background view=Screen
///     clip [0,0 375x600]
///       roundedRect [10,10 100x40] r=8 bubbleOutgoing label="hi"
///       text [20,22 24x16] bubbleOutgoingText lines=1 width=80
///         line [0,0 24x16] "hi🙂"
///     endClip
///
public enum DisplayListDump {
    /// The tree dump of `list` (the format above), one command a line.
    ///
    /// - Parameter list: The list.
    /// - Returns: The dump, ending in a newline.
    /// - Complexity: O(total glyphs).
    public static func dump(_ list: DisplayList) -> String {
        var out = "DisplayList \(list.size)\n"
        var depth = 0
        for item in list.items {
            switch item.command {
            case .popClip, .popOpacity: depth = max(0, depth - 1)
            default: break
            }
            let indent = String(repeating: "  ", count: depth)
            out += indent + line(for: item) + "\n"
            if case .text(let layout, _, _) = item.command {
                for i in layout.lines.indices {
                    let l = layout.lines[i]
                    out += indent + "  line \(l.frame) " + quote(layout.text(ofLine: i)) + "\n"
                }
            }
            switch item.command {
            case .pushClip, .pushOpacity: depth += 1
            default: break
            }
        }
        return out
    }

    static func line(for item: DisplayItem) -> String {
        var s: String
        switch item.command {
        case .fillRect(let r, let c): s = "fillRect \(r) \(c)"
        case .roundedRect(let r, let radius, let c): s = "roundedRect \(r) r=\(formatPoints(radius)) \(c)"
        case .border(let r, let w, let radius, let c):
            s = "border \(r) w=\(formatPoints(w))" + (radius > 0 ? " r=\(formatPoints(radius))" : "") + " \(c)"
        case .circle(let r, let c): s = "circle \(r) \(c)"
        case .line(let a, let b, let w, let c): s = "line \(a) -> \(b) w=\(formatPoints(w)) \(c)"
        case .text(let l, let o, let c):
            s = "text \(Rect(origin: o, size: l.size)) \(c) lines=\(l.lines.count)"
            if l.maxWidth.isFinite { s += " width=\(formatPoints(l.maxWidth))" }
            if l.maxLines > 0 { s += " maxLines=\(l.maxLines)" }
            if l.isTruncated { s += " truncated" }
        case .image(let ref, let f):
            s = "image \(f) " + quote(ref.name)
            if let fi = ref.frameIndex { s += " frame=\(fi)" }
            if let g = ref.glyph { s += " glyph=" + quote(g) }
            if let c = ref.code { s += " code=" + quote(c) }
        case .icon(let i, let f, let c): s = "icon \(f) \(i.rawValue) \(c)"
        case .caret(let r, let c): s = "caret \(r) \(c)"
        case .selection(let r, let c): s = "selection \(r) \(c)"
        case .shadow(let r, let radius, let o, let b, let c):
            s = "shadow \(r) r=\(formatPoints(radius)) offset=\(o) blur=\(formatPoints(b)) \(c)"
        case .pushClip(let r): s = "clip \(r)"
        case .popClip: s = "endClip"
        case .pushOpacity(let a): s = "opacity \(formatPoints(a))"
        case .popOpacity: s = "endOpacity"
        }
        if let v = item.viewName { s += " view=" + quoteIfNeeded(v) }
        if let l = item.accessibilityLabel { s += " label=" + quote(l) }
        if !item.state.isEmpty {
            var names: [String] = []
            if item.state.contains(.highlighted) { names.append("highlighted") }
            if item.state.contains(.disabled) { names.append("disabled") }
            if item.state.contains(.selected) { names.append("selected") }
            s += " state=" + names.joined(separator: ",")
        }
        return s
    }

    /// Quotes a string (SimCore's `quotedLiteral`).
    public static func quote(_ s: String) -> String { quotedLiteral(s) }

    static func quoteIfNeeded(_ s: String) -> String {
        let plain = !s.isEmpty && s.unicodeScalars.allSatisfy {
            ($0.value >= 0x30 && $0.value <= 0x39) || ($0.value >= 0x41 && $0.value <= 0x5A)
                || ($0.value >= 0x61 && $0.value <= 0x7A) || $0 == "." || $0 == "_" || $0 == "-" || $0 == "/"
        }
        return plain ? s : quote(s)
    }
}
